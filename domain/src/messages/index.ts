/**
 * The one catalogue of texts (docs/architecture.md §11). Each area keeps its texts in its own file;
 * `MESSAGES` gathers them so that a caller writes `MESSAGES.auth.loggedIn`.
 */
import { COMMON } from './common';
import { AUTH } from './auth';
import { CONTESTS, PAYMENTS } from './contests';
import { PROFILE } from './profile';
import { PARTICIPATIONS } from './participations';
import { MESSAGING, NOTIFICATIONS, WALLET } from './messaging';
import { FOLLOW_UP } from './follow-up';
import { ADMIN } from './admin';
import { REFUNDS } from './refunds';
import { DISPUTES } from './disputes';

export const MESSAGES = {
  common: COMMON,
  auth: AUTH,
  contests: CONTESTS,
  payments: PAYMENTS,
  profile: PROFILE,
  participations: PARTICIPATIONS,
  messaging: MESSAGING,
  notifications: NOTIFICATIONS,
  wallet: WALLET,
  followUp: FOLLOW_UP,
  admin: ADMIN,
  refunds: REFUNDS,
  disputes: DISPUTES,
} as const;
