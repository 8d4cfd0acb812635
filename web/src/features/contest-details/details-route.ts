/**
 * Started by a contest's page's route (router.tsx) as soon as the address is known: the contest,
 * then, for anyone but its organiser, their own participation, so that the page's button and
 * « Votre participation » travel with the page's code instead of after it (and the server
 * draws them, app/prerender.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';
import { contestDetailsQuery, isContestId } from '../../api/contest';
import { myParticipationQuery } from '../participate';

export async function prefetchContestPage(queryClient: QueryClient, idConcours: number): Promise<void> {
  if (!isContestId(idConcours)) return;
  const contest = await queryClient.fetchQuery(contestDetailsQuery(idConcours));
  if (!contest.isOwner) await queryClient.prefetchQuery(myParticipationQuery(idConcours));
}
