/** Reading proposals: blind to everyone but their author, the organiser and admins (decision 10). */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { MESSAGES, forbidden, gainCents, type ParticipationDto, type ProposalFilter, type ProposalsPage } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { participations, users } from '../../db/schema';
import { authorJoin, toParticipationDtos, withAuthor } from './dto';
import { loadContest, loadParticipation, type Actor } from './load';

const P = MESSAGES.participations;

/** GET /participation/{id} */
export async function getParticipation(ctx: AppContext, actor: Actor, id: number): Promise<ParticipationDto> {
  const { participation, contest } = await loadParticipation(ctx.db, id);
  if (!actor.isAdmin && participation.userId !== actor.id && contest.ownerId !== actor.id) throw forbidden(P.notYours);
  const [author] = await ctx.db.select({ pseudo: users.pseudo }).from(users).where(eq(users.id, participation.userId)).limit(1);
  const [dto] = await toParticipationDtos(ctx.db, [{ participation, pseudo: author?.pseudo ?? '' }]);
  return dto!;
}

/** GET /concours/{idConcours}/ma-participation: the "Votre participation" block, null before taking part. */
export async function getMyParticipation(ctx: AppContext, actor: Actor, contestId: number): Promise<ParticipationDto | null> {
  await loadContest(ctx.db, contestId);
  const rows = await ctx.db
    .select(withAuthor)
    .from(participations)
    .innerJoin(users, authorJoin)
    .where(and(eq(participations.contestId, contestId), eq(participations.userId, actor.id)))
    .limit(1);
  const [dto] = await toParticipationDtos(ctx.db, rows);
  return dto ?? null;
}

const FILTERS: Record<ProposalFilter, SQL | undefined> = {
  all: undefined,
  unrated: sql`${participations.stars} = 0`,
  low: sql`${participations.stars} between 1 and 2`,
  high: sql`${participations.stars} between 3 and 5`,
  winners: sql`${participations.isWinner}`,
};

/**
 * GET /concours/{idConcours}/participations: the organiser's page. Only proposals with
 * content, by running number; the filter counts are the contest's counter columns and the
 * page's files come from one query, so a page costs the same whatever the contest's size.
 */
export async function getProposalsPage(ctx: AppContext, actor: Actor, contestId: number, query: { filtre: ProposalFilter; page: number; pageSize: number }): Promise<ProposalsPage> {
  const contest = await loadContest(ctx.db, contestId);
  if (!actor.isAdmin && contest.ownerId !== actor.id) throw forbidden(P.proposalsOrganiserOnly);
  const ofContest = and(eq(participations.contestId, contestId), eq(participations.isParticipating, true));
  const allCounts = {
    all: contest.participationsCount,
    unrated: contest.proposalsUnrated,
    low: contest.proposalsLow,
    high: contest.proposalsHigh,
    winners: contest.winnersCount,
  };
  const filter = FILTERS[query.filtre];
  // The page's ids first, skipping the earlier pages in the index; only the page's own rows
  // are then read and joined to their authors, so the last page costs what the first does.
  const order = [asc(participations.number), asc(participations.id)];
  const page = ctx.db
    .select({ id: participations.id })
    .from(participations)
    .where(filter ? and(ofContest, filter) : ofContest)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const rows = await ctx.db
    .select(withAuthor)
    .from(participations)
    .innerJoin(page, eq(page.id, participations.id))
    .innerJoin(users, authorJoin)
    .orderBy(...order);
  return {
    concours: {
      id: contest.id,
      status: contest.status,
      companyName: contest.companyName,
      cost: contest.costCents,
      gain: gainCents(contest.costCents),
      winners: contest.winnersCount,
      prizesPaid: contest.prizesPaid,
      subCategory: { id: contest.subCategoryId, name: contest.subCategoryTitle, format: contest.format },
    },
    participations: await toParticipationDtos(ctx.db, rows),
    page: query.page,
    pageSize: query.pageSize,
    total: allCounts[query.filtre],
    counts: allCounts,
  };
}
