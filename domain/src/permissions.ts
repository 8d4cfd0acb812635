/**
 * Who may do what at which contest status (docs/product.md §2 "Who may do what, by status"),
 * stated once for the server, which enforces it, and the web app, which only shows what the
 * server would allow. Each answer is a pure function of the viewer's side, the contest's
 * status and a few facts (is the proposal a winner, were its final files sent…). Where the
 * server words a refusal, the answer is a reason named after the catalogue key of its text
 * (`MESSAGES.messaging`, `MESSAGES.participations` for `organiserOnly`), so that both sides
 * say the same thing.
 */
import { canChangeWinners, CONTEST_STATUS, isEditLocked, isFinalised } from './contest-status';
import { mayProposeInRound } from './formats';
import { isAcceptanceOverdue } from './winner-delays';

/** The two sides of a conversation (one participation): its contest's organiser and the talent who wrote it. */
export type Party = 'organiser' | 'participant';
/** An admin reads every conversation and proposal but takes part in none. */
export type Reader = Party | 'admin';

const { awaitingPayment, open, awaitingWinner, awaitingFinalFiles, finished } = CONTEST_STATUS;

/** A contest is public once paid; before (1), and once cancelled (-1), only its owner sees it. */
export function maySeeContest(isOwner: boolean, status: number): boolean {
  return isOwner || status >= open;
}

/** The creation payment publishes the contest: due while it awaits payment (1). */
export function mayPayCreation(reader: Reader, status: number): boolean {
  return reader === 'organiser' && status === awaitingPayment;
}

/** Extra prizes are paid to finalise with more winners than prizes paid, so while winners can change (2, 3). */
export function mayPayExtraPrizes(reader: Reader, status: number): boolean {
  return reader === 'organiser' && canChangeWinners(status);
}

/** A contest is deleted only while never paid (1); the server also checks that no pay-in is under way. */
export function mayDeleteContest(reader: Reader, status: number): boolean {
  return reader === 'organiser' && status === awaitingPayment;
}

/** From the end of the contest on, the talents not chosen are out and a winner's conversation goes on (3 to 5). */
function afterEnd(status: number): boolean {
  return status >= awaitingWinner && status <= finished;
}

export type MessageRefusal = 'notInConversation' | 'notSelected' | 'notAllowedNow';

/**
 * Writing in a conversation: both sides while the contest is open (2); after that only a
 * winner's conversation stays open (3 to 5), since the organiser talks with a talent from the
 * moment they are chosen. A talent not chosen is told so; nobody writes at 1 or -1.
 */
export function messageDenial(reader: Reader, status: number, isWinner: boolean): MessageRefusal | null {
  if (reader === 'admin') return 'notInConversation';
  if (status === open) return null;
  if (afterEnd(status)) {
    if (isWinner) return null;
    return reader === 'participant' ? 'notSelected' : 'notAllowedNow';
  }
  return 'notAllowedNow';
}

export type WorkFileRefusal = 'notInConversation' | 'notSelected' | 'uploadOnlyWinner';

/** Work files travel only between the organiser and a winner, once the contest is finalised (4 or 5). */
export function workFileDenial(reader: Reader, status: number, isWinner: boolean): WorkFileRefusal | null {
  if (reader === 'admin') return 'notInConversation';
  if (reader === 'participant' && !isWinner) return 'notSelected';
  if (!isWinner || !isFinalised(status)) return 'uploadOnlyWinner';
  return null;
}

export type FinalFileRefusal = 'finalOnlyWinner' | 'finalAlreadyValidated';

/**
 * Final files: sent by a winner while the contest awaits them (4) and until the organiser (or
 * the 48 h delay) validates them; validated files close the delivery even at 5. A winner who
 * sends them before accepting the mission accepts it by sending: the files say more than the
 * button would, and refusing them would only delay the organiser's delivery.
 */
export function finalFileDenial(reader: Reader, status: number, facts: { isWinner: boolean; validated: boolean }): FinalFileRefusal | null {
  if (reader !== 'participant' || !facts.isWinner) return 'finalOnlyWinner';
  if (facts.validated) return 'finalAlreadyValidated';
  if (status !== awaitingFinalFiles) return 'finalOnlyWinner';
  return null;
}

export type ValidationRefusal = 'organiserOnly' | 'finalAlreadyValidated' | 'validateOnlyFinalised' | 'noFinalFiles';

/** Validating a winner's final files: the organiser, at 4, once the winner sent some, once. */
export function validationDenial(reader: Reader, status: number, facts: { isWinner: boolean; sent: boolean; validated: boolean }): ValidationRefusal | null {
  if (reader !== 'organiser') return 'organiserOnly';
  if (facts.validated) return 'finalAlreadyValidated';
  if (status !== awaitingFinalFiles) return 'validateOnlyFinalised';
  if (!facts.isWinner || !facts.sent) return 'noFinalFiles';
  return null;
}

export type AcceptRefusal = 'acceptOnlyWinner';

/**
 * Accepting the mission (docs/product.md §4): the winner, while the contest awaits the final
 * files (4), before or after the 48 h as long as they were not replaced. Accepting again
 * changes nothing.
 */
export function acceptMissionDenial(reader: Reader, status: number, isWinner: boolean): AcceptRefusal | null {
  return reader === 'participant' && isWinner && status === awaitingFinalFiles ? null : 'acceptOnlyWinner';
}

export type ReplacementRefusal = 'organiserOnly' | 'replaceOnlyFinalised' | 'replaceNotWinner' | 'replaceAccepted' | 'replaceTooEarly';

/**
 * Choosing another winner in place of one (docs/product.md §4): the organiser, at 4, once the
 * winner let the 48 h to accept pass without accepting (nor sending final files, which
 * accepts). The texts are `MESSAGES.winners` (`organiserOnly`: `MESSAGES.participations`).
 */
export function replacementDenial(
  reader: Reader,
  status: number,
  facts: { isWinner: boolean; accepted: boolean; acceptanceDueAt: Date | string | null },
  now: Date,
): ReplacementRefusal | null {
  if (reader !== 'organiser') return 'organiserOnly';
  if (status !== awaitingFinalFiles) return 'replaceOnlyFinalised';
  if (!facts.isWinner) return 'replaceNotWinner';
  if (facts.accepted) return 'replaceAccepted';
  if (!isAcceptanceOverdue(facts.acceptanceDueAt, now)) return 'replaceTooEarly';
  return null;
}

export type DisputeRefusal = 'onlyParties' | 'onlyAwaitingDelivery' | 'alreadyValidated' | 'alreadyOpen';

/**
 * Opening a dispute over a winner's delivery (`MESSAGES.disputes`): the organiser or that
 * winner, while the contest awaits final files (4) and until they are validated, one at a time.
 */
export function disputeDenial(reader: Reader, status: number, facts: { isWinner: boolean; validated: boolean; open: boolean }): DisputeRefusal | null {
  if (reader === 'admin') return 'onlyParties';
  if (!facts.isWinner) return 'onlyAwaitingDelivery';
  if (facts.validated) return 'alreadyValidated';
  if (status !== awaitingFinalFiles) return 'onlyAwaitingDelivery';
  if (facts.open) return 'alreadyOpen';
  return null;
}

/** Reporting a proposal to support: the organiser, while the contest is open (once: a second report changes nothing). */
export function mayReport(reader: Reader, status: number): boolean {
  return reader === 'organiser' && status === open;
}

export type CommentRefusal = 'organiserOnly' | 'onlyWhileJudging';

/**
 * The organiser's private comment on a proposal (`MESSAGES.feedback`): while they judge, at 2
 * and 3, the time the talent can still act on it or hear why. From 4 on the winners work in
 * their conversation and the other talents are out: a comment would only reach them too late.
 */
export function commentDenial(reader: Reader, status: number): CommentRefusal | null {
  if (reader !== 'organiser') return 'organiserOnly';
  return canChangeWinners(status) ? null : 'onlyWhileJudging';
}

/** Choosing or dropping a winner, and finalising: the organiser, at 2 or 3 (`canChangeWinners`). */
export function mayChangeWinners(reader: Reader, status: number): boolean {
  return reader === 'organiser' && canChangeWinners(status);
}

/** Stars can still move while the organiser works with the winners (2 to 4). */
export function mayRate(reader: Reader, status: number): boolean {
  return reader === 'organiser' && status >= open && status <= awaitingFinalFiles;
}

/** The brief is the organiser's until the winners work on it (`isEditLocked`). */
export function mayEditBrief(reader: Reader, status: number): boolean {
  return reader === 'organiser' && !isEditLocked(status);
}

/** A contest's status and end (a `Date` on the server, an ISO string in the web app). */
export interface ContestWindow {
  status: number;
  endDate: Date | string | null;
}

/**
 * A contest takes proposals at 2 and before its end date: the job that moves it to 3 runs
 * every so often (docs/product.md §2), and a proposal sent or changed in between must not
 * slip in.
 */
export function takesProposals(contest: ContestWindow, now: Date): boolean {
  return contest.status === open && (contest.endDate === null || new Date(contest.endDate) > now);
}

/** A contest's window for proposals with its final round, if one started (`formats.finalRoundStartedAt` in the web app). */
export interface RoundWindow extends ContestWindow {
  finalRoundStartedAt: Date | string | null;
}

/**
 * Sending a proposal, or adding files to one: while the contest takes proposals
 * (`takesProposals`), and during a final round only for its finalists (`mayProposeInRound`).
 */
export function mayPropose(contest: RoundWindow, isFinalist: boolean, now: Date): boolean {
  return takesProposals(contest, now) && mayProposeInRound(contest, isFinalist);
}

/**
 * Withdrawing or rewording one's proposal: its talent while they may propose (`mayPropose`,
 * so in a final round a finalist only), never once it is chosen. A withdrawn proposal keeps
 * its finalist mark, so whoever may withdraw may send again until the end.
 */
export function mayChangeProposal(reader: Reader, contest: RoundWindow, facts: { isWinner: boolean; isFinalist: boolean }, now: Date): boolean {
  return reader === 'participant' && mayPropose(contest, facts.isFinalist, now) && !facts.isWinner;
}

/**
 * Where a contest stands for a talent reading its page, each with its own sentence
 * (`MESSAGES.participations.detailsLead`): taking proposals; in its final round, for a
 * finalist or for anyone else; ended and being judged (its end date passed, the organiser
 * choosing finalists or winners); finalised (4, 5); or not taking any (1, -1).
 */
export type ProposalStage = 'open' | 'finalist' | 'notFinalist' | 'judging' | 'finalised' | 'closed';

export function proposalStage(contest: RoundWindow, isFinalist: boolean, now: Date): ProposalStage {
  if (takesProposals(contest, now)) {
    if (!contest.finalRoundStartedAt) return 'open';
    return isFinalist ? 'finalist' : 'notFinalist';
  }
  if (isFinalised(contest.status)) return 'finalised';
  return contest.status === open || contest.status === awaitingWinner ? 'judging' : 'closed';
}

/** The organiser's stars reach the talent once the contest is finalised: earlier they would tell where one stands while others still send. */
export function authorSeesStars(status: number): boolean {
  return isFinalised(status);
}

/**
 * Whose files these are, for the file checks: an admin, the participation's author and
 * whoever uploaded the file hold it fully; the organiser judges; anyone else has no access.
 */
export type FileViewer = 'admin' | 'author' | 'uploader' | 'organiser' | 'other';

/**
 * Downloading an original (proposal, work or final file). The organiser gets one only once
 * the contest is finalised (4 or 5) and only from a winner: before that a proposal stays with
 * its author, and tying it to 4/5 rather than to "is a winner" alone keeps an organiser from
 * crowning and dropping winners at 2 or 3 just to collect originals.
 */
export function mayDownloadFile(viewer: FileViewer, status: number, isWinner: boolean): boolean {
  if (viewer === 'admin' || viewer === 'author' || viewer === 'uploader') return true;
  return viewer === 'organiser' && isWinner && isFinalised(status);
}

/** Showing a file in the page: what one may download, and for the organiser every proposal's preview, to judge it. */
export function mayViewFile(viewer: FileViewer, status: number, facts: { isWinner: boolean; isProposal: boolean }): boolean {
  return mayDownloadFile(viewer, status, facts.isWinner) || (viewer === 'organiser' && facts.isProposal);
}
