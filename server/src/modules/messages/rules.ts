/**
 * Who may write and exchange files in a conversation, and when (spec 2 §4–§5, DESIGN
 * decision 4). One conversation is one participation: the contest's organiser on one side,
 * the talent who wrote the participation on the other.
 */
import { CONTEST_STATUS, MESSAGES, forbidden, type AppError } from '@creadefi/domain';

const M = MESSAGES.messaging;

export type Party = 'organiser' | 'participant';
/** An admin reads every conversation but takes part in none. */
export type Reader = Party | 'admin';

export interface ConversationState {
  status: number;
  isWinner: boolean;
}

const { open, awaitingWinner, finished, awaitingFinalFiles } = CONTEST_STATUS;

/**
 * Both sides may write while the contest is open (2); after that only a winner's
 * conversation stays open (3 to 5): the organiser talks with the chosen talent, and a talent
 * who was not chosen can no longer write.
 */
export function messageRefusal(party: Reader, s: ConversationState): AppError | null {
  if (party === 'admin') return forbidden(M.notInConversation);
  if (s.status === open) return null;
  if (s.status >= awaitingWinner && s.status <= finished) {
    if (s.isWinner) return null;
    return party === 'participant' ? forbidden(M.notSelected) : forbidden(M.notAllowedNow);
  }
  return forbidden(M.notAllowedNow);
}

/** Work files travel only between the organiser and a winner, once the contest is finalised (4 or 5). */
export function workFileRefusal(party: Reader, s: ConversationState): AppError | null {
  if (party === 'admin') return forbidden(M.notInConversation);
  if (party === 'participant' && !s.isWinner) return forbidden(M.notSelected);
  if (!s.isWinner || (s.status !== awaitingFinalFiles && s.status !== finished)) return forbidden(M.uploadOnlyWinner);
  return null;
}

export function partyOf(viewer: { id: number; isAdmin: boolean }, organiserId: number, talentId: number): Reader | null {
  if (viewer.id === organiserId) return 'organiser';
  if (viewer.id === talentId) return 'participant';
  return viewer.isAdmin ? 'admin' : null;
}
