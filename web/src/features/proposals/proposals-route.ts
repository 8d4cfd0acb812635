/**
 * Started by the proposals page's route (router.tsx) as soon as the address is known: the
 * contest, then, for its organiser, the page of proposals the address shows and the winners,
 * so that the cards travel with the page's code instead of after it (and the server draws them,
 * app/prerender.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';
import { contestDetailsQuery, isContestId } from '../../api/contest';
import { proposalsQuery, winnersQuery } from './api';
import { shownProposals } from './permissions';

export async function prefetchProposals(queryClient: QueryClient, idConcours: number, search: URLSearchParams): Promise<void> {
  if (!isContestId(idConcours)) return;
  const contest = await queryClient.fetchQuery(contestDetailsQuery(idConcours));
  // Only its organiser reads them; anyone else's page says so without asking.
  if (!contest.isOwner) return;
  const { filter, page } = shownProposals(contest.status, search);
  await Promise.all([queryClient.prefetchQuery(proposalsQuery(idConcours, filter, page)), queryClient.prefetchQuery(winnersQuery(idConcours))]);
}
