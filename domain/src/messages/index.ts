/**
 * The one catalogue of texts (docs/architecture.md §11). Each area keeps its texts in its own file;
 * `MESSAGES` gathers them so that a caller writes `MESSAGES.auth.loggedIn`.
 */
import { COMMON } from './common';
import { AUTH } from './auth';
import { CONTESTS, PAYMENTS } from './contests';
import { PROFILE, PROFILE_SCREENS } from './profile';
import { PARTICIPATIONS } from './participations';
import { MESSAGING, NOTIFICATIONS, WALLET } from './messaging';
import { FOLLOW_UP } from './follow-up';
import { ADMIN } from './admin';
import { ADMIN_CONTESTS } from './admin-contests';
import { WINNERS } from './winners';
import { LAYOUT, WIDGETS } from './layout';
import { LANDING } from './landing';
import { PARTICIPATE } from './participate';
import { CONTEST_SCREENS } from './contest-screens';
import { PAYMENT_SCREENS, WIZARD } from './wizard';
import { REFUNDS } from './refunds';
import { DISPUTES } from './disputes';
import { FEEDBACK } from './feedback';
import { FORMATS } from './formats';
import { PREVIEWS } from './previews';
import { SEARCH } from './search';
import { ORIGINALITY } from './originality';
import { TALENTS } from './talents';
import { HANDOVER } from './handover';

export const MESSAGES = {
  common: COMMON,
  auth: AUTH,
  contests: CONTESTS,
  payments: PAYMENTS,
  profile: PROFILE,
  profileScreens: PROFILE_SCREENS,
  participations: PARTICIPATIONS,
  messaging: MESSAGING,
  notifications: NOTIFICATIONS,
  wallet: WALLET,
  followUp: FOLLOW_UP,
  admin: ADMIN,
  adminContests: ADMIN_CONTESTS,
  winners: WINNERS,
  layout: LAYOUT,
  widgets: WIDGETS,
  landing: LANDING,
  formats: FORMATS,
  participate: PARTICIPATE,
  contestScreens: CONTEST_SCREENS,
  paymentScreens: PAYMENT_SCREENS,
  wizard: WIZARD,
  refunds: REFUNDS,
  disputes: DISPUTES,
  feedback: FEEDBACK,
  previews: PREVIEWS,
  search: SEARCH,
  originality: ORIGINALITY,
  talents: TALENTS,
  handover: HANDOVER,
} as const;
