/**
 * What the organiser may do with a proposal at each contest status, read from the rules of
 * `domain/src/permissions.ts` (docs/product.md §2): choose or drop winners while the contest
 * is open or awaiting its winner, report while it is open, and write to any author while it
 * is open and to a winner from the moment they are chosen, and download a winner's originals
 * once the contest is finalised.
 */
import { commentDenial, CONTEST_STATUS, isFinalised, mayChangeWinners, mayDownloadFile, mayReport, messageDenial, PROPOSAL_FILTER_VALUES, type ProposalFilter } from '@creadefi/domain';

export interface ProposalActions {
  winner: boolean;
  report: boolean;
  message: boolean;
  /** The private comment to the author, while the organiser judges (2, 3). */
  comment: boolean;
  /** The originals, the server's own rule: a winner's, once the contest is finalised (4, 5). */
  download: boolean;
}

export function proposalActions(status: number, proposal: { isWinner: boolean; reported: boolean }): ProposalActions {
  return {
    winner: mayChangeWinners('organiser', status),
    // Support hears of a proposal once: a reported one offers nothing more to report.
    report: mayReport('organiser', status) && !proposal.reported,
    message: messageDenial('organiser', status, proposal.isWinner) === null,
    comment: commentDenial('organiser', status) === null,
    download: mayDownloadFile('organiser', status, proposal.isWinner),
  };
}

/** The winners filter means nothing while the contest runs; once winners are chosen it is where the page opens. */
export function showsWinnersFilter(status: number): boolean {
  return status !== CONTEST_STATUS.open;
}

export function opensOnWinners(status: number): boolean {
  return isFinalised(status);
}

function isFilter(value: string | null): value is ProposalFilter {
  return value !== null && (PROPOSAL_FILTER_VALUES as readonly string[]).includes(value);
}

/** The filter and page an address (`?filtre=…&page=…`) shows at this status: the page's, and its route's, which starts them early. */
export function shownProposals(status: number, search: URLSearchParams): { filter: ProposalFilter; page: number } {
  const asked = search.get('filtre');
  const defaultFilter: ProposalFilter = opensOnWinners(status) ? 'winners' : 'all';
  const filter: ProposalFilter = isFilter(asked) && (asked !== 'winners' || showsWinnersFilter(status)) ? asked : defaultFilter;
  return { filter, page: Math.max(1, Number(search.get('page')) || 1) };
}
