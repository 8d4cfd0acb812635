/** Reading proposals: blind to everyone but their author, the organiser and admins (docs/product.md §5). */
import { and, eq } from 'drizzle-orm';
import { MESSAGES, authorSeesStars, forbidden, type ParticipationDto } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { participations, users } from '../../db/schema';
import { authorJoin, toParticipationDtos, withAuthor } from './dto';
import { loadContest, loadParticipation, type Actor } from './load';
import { lookalikesOf } from '../originality/lookalikes';

const P = MESSAGES.participations;

/** The organiser's stars reach the talent only once the contest is finalised (`authorSeesStars`). */
function starsForAuthor(dto: ParticipationDto, contestStatus: number): ParticipationDto {
  return authorSeesStars(contestStatus) ? dto : { ...dto, stars: 0 };
}

/** GET /participation/{id} */
export async function getParticipation(ctx: AppContext, actor: Actor, id: number): Promise<ParticipationDto> {
  const { participation, contest } = await loadParticipation(ctx.db, id);
  if (!actor.isAdmin && participation.userId !== actor.id && contest.ownerId !== actor.id) throw forbidden(P.notYours);
  const [author] = await ctx.db.select({ pseudo: users.pseudo }).from(users).where(eq(users.id, participation.userId)).limit(1);
  const [dto] = await toParticipationDtos(ctx.db, [{ participation, pseudo: author?.pseudo ?? '' }]);
  if (!actor.isAdmin && contest.ownerId !== actor.id) return starsForAuthor(dto!, contest.status);
  // The originality flags are for the organiser and the team, never for the talent.
  const lookalikes = await lookalikesOf(ctx.db, [participation.id]);
  return { ...dto!, lookalikes: lookalikes.get(participation.id) ?? [] };
}

/** GET /concours/{idConcours}/ma-participation: the "Votre participation" block, null before taking part. */
export async function getMyParticipation(ctx: AppContext, actor: Actor, contestId: number): Promise<ParticipationDto | null> {
  const contest = await loadContest(ctx.db, contestId);
  const rows = await ctx.db
    .select(withAuthor)
    .from(participations)
    .innerJoin(users, authorJoin)
    .where(and(eq(participations.contestId, contestId), eq(participations.userId, actor.id)))
    .limit(1);
  const [dto] = await toParticipationDtos(ctx.db, rows);
  return dto ? starsForAuthor(dto, contest.status) : null;
}
