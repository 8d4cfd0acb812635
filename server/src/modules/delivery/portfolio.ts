/**
 * The organiser's say over a won work in the talent's portfolio: off unless they switch it
 * on, at validation or later from « Mes concours ». Only a winner whose final files are
 * validated can be shown, never one of a private contest (its brief and organiser are under
 * agreement); switching it off hides it from the profile at once.
 */
import { eq } from 'drizzle-orm';
import { MESSAGES, conflict, forbidden } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { participations } from '../../db/schema';
import { loadHead } from '../messages/conversation';

export async function setPortfolioShown(ctx: AppContext, organiserId: number, participationId: number, shown: boolean): Promise<{ idParticipation: number; shown: boolean }> {
  const head = await loadHead(ctx.db, participationId);
  if (head.organiserId !== organiserId) throw forbidden(MESSAGES.participations.organiserOnly);
  if (shown && head.isPrivate) throw conflict(MESSAGES.talents.portfolioPrivate);
  if (!head.isWinner || !head.finalValidatedAt) throw conflict(MESSAGES.talents.portfolioOnlyValidated);
  await ctx.db.update(participations).set({ portfolioShown: shown }).where(eq(participations.id, participationId));
  return { idParticipation: participationId, shown };
}
