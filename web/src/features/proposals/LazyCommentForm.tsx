/**
 * The organiser's comment form (CommentForm.tsx), in the enlarged proposal and in its own
 * dialog: it checks its text with the validation library, and both arrive when it is first
 * drawn, not with the proposals page.
 */
import { DialogLoading } from '../../ui/DialogLoading';
import { onDemand } from '../../ui/on-demand';

export const LazyCommentForm = onDemand(() => import('./CommentForm').then((m) => ({ default: m.CommentForm })), { fallback: <DialogLoading height={200} /> });
