/**
 * Limits, field names and choices that pages show or send before any form is checked: apart
 * from the schemas that check them (schemas/*.ts), so that a conversation or the proposals page
 * reads them without loading the validation library, which their forms fetch when first used.
 */

/** A message's length (schemas/messaging.ts). */
export const MESSAGE_MAX = 5000;
/** How many characters of the last message a conversation list shows. */
export const MESSAGE_PREVIEW = 25;

/** Multipart field names of POST /message/add/file/{idParticipation} and /concours/participant/upload/finalFile. */
export const MESSAGE_FILE_FIELD = 'fileMessage';
export const FINAL_FILE_FIELD = 'fileFinale';

/** A dispute's reason (schemas/disputes.ts). */
export const DISPUTE_REASON_MIN = 10;
export const DISPUTE_REASON_MAX = 2_000;

/** A comment is a short text: what a reader takes in at a glance, not a second brief (schemas/feedback.ts). */
export const COMMENT_MAX = 1_000;

/** The proposals an organiser may put to a poll (schemas/talents.ts). */
export const POLL_MAX_PROPOSALS = 8;

/** An organiser's message with a refund request (schemas/refunds.ts). */
export const REFUND_MESSAGE_MAX = 1_000;

/** The proposals page's filters (schemas/participations.ts, `proposalsQuery`). */
export const PROPOSAL_FILTER_VALUES = ['all', 'unrated', 'low', 'high', 'winners'] as const;
export type ProposalFilter = (typeof PROPOSAL_FILTER_VALUES)[number];
