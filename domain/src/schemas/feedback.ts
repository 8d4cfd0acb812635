/** POST /participation/comment: the organiser's private comment on a proposal (docs/product.md §2). */
import { z } from 'zod';
import '../validation';
import { FEEDBACK } from '../messages/feedback';
import { HOUR_MS } from '../durations';
import { COMMENT_MAX } from '../form-values';

/** A proposal left without stars nor comment this long gets its organiser one reminder. */
export const AWAITING_REMINDER_DELAY_MS = 48 * HOUR_MS;

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const commentSchema = z.object({
  idParticipation: id,
  comment: z
    .string({ error: FEEDBACK.commentRequired })
    .trim()
    .min(1, { error: FEEDBACK.commentRequired })
    .max(COMMENT_MAX, { error: FEEDBACK.commentTooLong(COMMENT_MAX) }),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** The comment as its three readers see it: the organiser, the author and admins. */
export interface ProposalComment {
  text: string;
  at: string;
}
