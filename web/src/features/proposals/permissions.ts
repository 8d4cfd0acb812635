/**
 * What the organiser may do with a proposal at each contest status (spec 2 §5, decision 4):
 * choose or drop winners while the contest is open or awaiting its winner, report and write
 * to any author only while it is open, and keep writing to the winners afterwards.
 */
import { canChangeWinners, CONTEST_STATUS } from '@creadefi/domain';

export interface ProposalActions {
  winner: boolean;
  report: boolean;
  message: boolean;
}

export function proposalActions(status: number, proposal: { isWinner: boolean; reported: boolean }): ProposalActions {
  const open = status === CONTEST_STATUS.open;
  const afterChoice = status === CONTEST_STATUS.awaitingFinalFiles || status === CONTEST_STATUS.finished;
  return {
    winner: canChangeWinners(status),
    report: open && !proposal.reported,
    message: open || (afterChoice && proposal.isWinner),
  };
}

/** The winners filter means nothing while the contest runs; once winners are chosen it is where the page opens. */
export function showsWinnersFilter(status: number): boolean {
  return status !== CONTEST_STATUS.open;
}

export function opensOnWinners(status: number): boolean {
  return status === CONTEST_STATUS.awaitingFinalFiles || status === CONTEST_STATUS.finished;
}
