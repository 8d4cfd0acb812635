/**
 * The organiser's comment form (CommentForm.tsx), in the enlarged proposal and in its own
 * dialog: it checks its text with the validation library, and both arrive when it is first
 * drawn, not with the proposals page.
 */
import { lazy, Suspense } from 'react';
import { DialogLoading } from '../../ui/DialogLoading';
import type { CommentFormProps } from './CommentForm';

const CommentForm = lazy(() => import('./CommentForm').then((m) => ({ default: m.CommentForm })));

export function LazyCommentForm(props: CommentFormProps) {
  return (
    <Suspense fallback={<DialogLoading height={200} />}>
      <CommentForm {...props} />
    </Suspense>
  );
}
