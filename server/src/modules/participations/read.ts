/** Reading proposals: blind to everyone but their author, the organiser and admins (decision 10). */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { MESSAGES, forbidden, gainCents, type ParticipationDto, type ProposalFilter, type ProposalsPage } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { preparedPerDatabase } from '../../db/prepared';
import { files, participations, users } from '../../db/schema';
import { shownFileColumns } from '../files/dto';
import { authorJoin, pageFilesOrder, participationDtos, toParticipationDtos, withAuthor } from './dto';
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

const BY_NUMBER = [asc(participations.number), asc(participations.id)];

/**
 * The proposals page's two reads for one filter, named statements built once. Both find the
 * page's ids the same way, skipping the earlier pages in the index
 * (contest_id, is_participating, number, id); only the page's own rows are then read, so the
 * last page costs what the first does, and the files need not wait for the rows.
 */
const proposalsStatements = preparedPerDatabase((db, key) => {
  const filter = FILTERS[key as ProposalFilter];
  const ofContest = and(eq(participations.contestId, sql.placeholder('contestId')), eq(participations.isParticipating, true));
  const pageIds = db
    .select({ id: participations.id })
    .from(participations)
    .where(filter ? and(ofContest, filter) : ofContest)
    .orderBy(...BY_NUMBER)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // `= any(array(…))`, as in the listing: the plan kept for the named statement reads the
  // page's few rows by key whatever page size it assumed.
  return {
    rows: db.select(withAuthor).from(participations).innerJoin(users, authorJoin).where(sql`${participations.id} = any(array(${pageIds}))`).orderBy(...BY_NUMBER).prepare(`proposals_${key}`),
    files: db.select(shownFileColumns).from(files).where(sql`${files.participationId} = any(array(${pageIds}))`).orderBy(...pageFilesOrder).prepare(`proposals_${key}_files`),
  };
});

/**
 * GET /concours/{idConcours}/participations: the organiser's page. Only proposals with
 * content, by running number; the filter counts are the contest's counter columns. The
 * contest, the page and its files are read together, in one round trip, and shown only once
 * the contest says the viewer organises it.
 */
export async function getProposalsPage(ctx: AppContext, actor: Actor, contestId: number, query: { filtre: ProposalFilter; page: number; pageSize: number }): Promise<ProposalsPage> {
  const statements = proposalsStatements(ctx.db, query.filtre);
  const bounds = { contestId, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [contest, rows, fileRows] = await Promise.all([loadContest(ctx.db, contestId), statements.rows.execute(bounds), statements.files.execute(bounds)]);
  if (!actor.isAdmin && contest.ownerId !== actor.id) throw forbidden(P.proposalsOrganiserOnly);
  const allCounts = {
    all: contest.participationsCount,
    unrated: contest.proposalsUnrated,
    low: contest.proposalsLow,
    high: contest.proposalsHigh,
    winners: contest.winnersCount,
  };
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
    participations: participationDtos(rows, fileRows),
    page: query.page,
    pageSize: query.pageSize,
    total: allCounts[query.filtre],
    counts: allCounts,
  };
}
