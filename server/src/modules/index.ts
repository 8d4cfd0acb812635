/** Every module's routes, mounted under /api by app.ts. Add a module here to expose it. */
import type { RouteModule } from '../http/types';
import { healthRoutes } from './health/routes';
import { metaRoutes } from './meta/routes';
import { authRoutes } from './auth/routes';
import { userRoutes } from './users/routes';
import { contactRoutes } from './contact/routes';
import { devRoutes } from './dev/routes';
import { participationsRoutes } from './participations/routes';
import { filesRoutes } from './files/routes';
import { myContestsRoutes } from './my-contests/routes';
import { catalogueRoutes } from './catalogue/routes';
import { contestRoutes } from './contests/routes';
import { searchRoutes } from './search/routes';
import { categoryPages } from './search/category-routes';
import { statutRoutes } from './statut/routes';
import { paymentRoutes } from './payments/routes';
import { sandboxPaymentPages } from './payments/sandbox-pages';
import { adminRoutes } from './admin/routes';
import { adminMemberRoutes } from './admin/members-routes';
import { adminContestRoutes } from './admin/contests-routes';
import { adminMoneyRoutes } from './admin/money-routes';
import { eventRoutes } from './events/routes';
import { notificationRoutes } from './notifications/routes';
import { messageRoutes } from './messages/routes';
import { deliveryRoutes } from './delivery/routes';
import { walletRoutes } from './wallet/routes';
import { mailPreferenceRoutes } from './mail-preferences/routes';
import { winnerRoutes } from './winners/routes';
import { disputeRoutes } from './disputes/routes';
import { handoverRoutes } from './handover/routes';
import { adminRefundRoutes } from './admin/refunds-routes';
import { wayOutRoutes } from './refunds/routes';
import { talentRoutes } from './talents/routes';

export const routeModules: RouteModule[] = [
  healthRoutes,
  metaRoutes,
  authRoutes,
  userRoutes,
  contactRoutes,
  devRoutes,
  participationsRoutes,
  filesRoutes,
  myContestsRoutes,
  catalogueRoutes,
  contestRoutes,
  searchRoutes,
  statutRoutes,
  paymentRoutes,
  winnerRoutes,
  disputeRoutes,
  wayOutRoutes,
  eventRoutes,
  notificationRoutes,
  messageRoutes,
  deliveryRoutes,
  handoverRoutes,
  walletRoutes,
  mailPreferenceRoutes,
  talentRoutes,
  adminRoutes,
  adminMemberRoutes,
  adminContestRoutes,
  adminMoneyRoutes,
  adminRefundRoutes,
];

/** Pages served at the site's root, outside /api (the sandbox provider's payment page). */
export const pageModules: RouteModule[] = [sandboxPaymentPages, categoryPages];
