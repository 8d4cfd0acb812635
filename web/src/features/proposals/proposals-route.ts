/**
 * Started by the proposals page's route (router.tsx) as soon as the address is known: the
 * contest, then, for its organiser, the page of proposals the address shows, the winners, the
 * polls and the way out, so that the cards travel with the page's code instead of after it (and
 * the server draws them, app/prerender.tsx): the page then asks for nothing as it is taken over.
 */
import type { QueryClient } from '@tanstack/react-query';
import { contestDetailsQuery, isContestId } from '../../api/contest';
import { hasPolls, pollsQuery, proposalsQuery, winnersQuery } from './api';
import { hasWayOut, wayOutQuery } from './api-way-out';
import { shownProposals } from './permissions';

export async function prefetchProposals(queryClient: QueryClient, idConcours: number, search: URLSearchParams): Promise<void> {
  if (!isContestId(idConcours)) return;
  const contest = await queryClient.fetchQuery(contestDetailsQuery(idConcours));
  // Only its organiser reads them; anyone else's page says so without asking.
  if (!contest.isOwner) return;
  const { filter, page } = shownProposals(contest.status, search);
  await Promise.all([
    queryClient.prefetchQuery(proposalsQuery(idConcours, filter, page)),
    queryClient.prefetchQuery(winnersQuery(idConcours)),
    hasPolls(contest.status) && queryClient.prefetchQuery(pollsQuery(idConcours)),
    hasWayOut(contest.status) && queryClient.prefetchQuery(wayOutQuery(idConcours)),
  ]);
}
