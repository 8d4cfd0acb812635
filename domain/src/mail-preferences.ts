/**
 * The mails a member can switch off in « Mon profil », and the notification each one follows.
 * A notification of another kind is never mailed.
 */
import { z } from 'zod';
import { FOLLOW_UP } from './messages/follow-up';

export const MAIL_KINDS = ['newProposal', 'chosenWinner', 'finalFilesReceived', 'prizeCredited', 'payoutSent', 'proposalComment', 'proposalsAwaiting', 'contestInvitation'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Notification kind → the mail it brings. `files_validated` travels in the prize mail. */
export const MAIL_KIND_OF_NOTIFICATION: Readonly<Record<string, MailKind>> = {
  new_proposal: 'newProposal',
  chosen_winner: 'chosenWinner',
  final_files_received: 'finalFilesReceived',
  payment_received: 'prizeCredited',
  payout_sent: 'payoutSent',
  proposal_comment: 'proposalComment',
  proposals_awaiting: 'proposalsAwaiting',
  contest_invitation: 'contestInvitation',
};

/** GET /user/mail-preferences answers, PUT sends one switch at a time. */
export type MailPreferences = Record<MailKind, boolean>;

export const mailPreferenceSchema = z.object({
  kind: z.enum(MAIL_KINDS, { error: FOLLOW_UP.mails.unknownKind }),
  enabled: z.boolean({ error: FOLLOW_UP.mails.enabledRequired }),
});
export type MailPreferenceInput = z.infer<typeof mailPreferenceSchema>;
