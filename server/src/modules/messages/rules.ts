/**
 * Refusals of writing and exchanging files in a conversation, worded from the rules of
 * `domain/src/permissions.ts` (docs/product.md §2 "Who may do what, by status"). One
 * conversation is one participation: the contest's organiser on one side, the talent who
 * wrote the participation on the other.
 */
import { MESSAGES, forbidden, messageDenial, workFileDenial, type AppError, type Reader } from '@creadefi/domain';

export type { Party, Reader } from '@creadefi/domain';

const M = MESSAGES.messaging;

export interface ConversationState {
  status: number;
  isWinner: boolean;
}

export function messageRefusal(reader: Reader, s: ConversationState): AppError | null {
  const reason = messageDenial(reader, s.status, s.isWinner);
  return reason ? forbidden(M[reason]) : null;
}

export function workFileRefusal(reader: Reader, s: ConversationState): AppError | null {
  const reason = workFileDenial(reader, s.status, s.isWinner);
  return reason ? forbidden(M[reason]) : null;
}

export function partyOf(viewer: { id: number; isAdmin: boolean }, organiserId: number, talentId: number): Reader | null {
  if (viewer.id === organiserId) return 'organiser';
  if (viewer.id === talentId) return 'participant';
  return viewer.isAdmin ? 'admin' : null;
}
