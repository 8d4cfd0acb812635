/**
 * GET /concours/{idConcours}/participations: the organiser's page of proposals. Only proposals
 * with content, by running number; the filter counts are the contest's counter columns.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MESSAGES, forbidden, gainCents, notFound, reputationLevel, type ProposalFilter, type ProposalLookalike, type ProposalsPage, type TalentRecord } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { contests, files, participations, subCategories, talentStats, users } from '../../db/schema';
import type { ShownFile, WithTimestamps } from '../files/dto';
import { participationDto, type ParticipationWithAuthor } from './dto';
import { contestColumns, type Actor } from './load';
import { lookalikesJson, sortLookalikes } from '../originality/lookalikes';
import { keptProposals, proposalsPageKey, type KeptProposals } from './proposals-cache';

const P = MESSAGES.participations;

const FILTERS: Record<ProposalFilter, SQL | undefined> = {
  all: undefined,
  unrated: sql`${participations.stars} = 0`,
  low: sql`${participations.stars} between 1 and 2`,
  high: sql`${participations.stars} between 3 and 5`,
  winners: sql`${participations.isWinner}`,
};

/** A proposal of the page as PostgreSQL writes it in JSON, timestamps as ISO strings. */
type PageProposal = ParticipationWithAuthor & { record: TalentRecord; files: WithTimestamps<Omit<ShownFile, 'participationId'>>[]; lookalikes: ProposalLookalike[] };

/** A timestamp in JSON as JavaScript's toISOString writes it (both cut to the millisecond). */
const iso = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One named statement per filter, built once, reading the contest, the page and the page's
 * files in a single round trip: each query costs the server a write to PostgreSQL's socket
 * and a result to parse, and the page has 24 proposals with their files. The page's ids are
 * read first, skipping the earlier pages in the index (contest_id, is_participating, number,
 * id), so the last page costs what the first does; the proposals come as one JSON array.
 */
function prepareProposalsPage(db: Db, filter: ProposalFilter) {
  // Aliases (named in the FROM clauses below), apart from the page's ids subquery.
  const p = alias(participations, 'p');
  const u = alias(users, 'u');
  const f = alias(files, 'f');
  const ts = alias(talentStats, 'ts');
  const ofContest = and(eq(participations.contestId, contests.id), eq(participations.isParticipating, true));
  const condition = FILTERS[filter];
  const pageIds = db
    .select({ id: participations.id })
    .from(participations)
    .where(condition ? and(ofContest, condition) : ofContest)
    .orderBy(asc(participations.number), asc(participations.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  const ownFiles = sql`(
    select coalesce(json_agg(json_build_object(
      'id', ${f.id}, 'kind', ${f.kind}, 'previewKey', ${f.previewKey}, 'previewStatus', ${f.previewStatus},
      'previewMime', ${f.previewMime}, 'posterKey', ${f.posterKey}, 'waveform', ${f.waveform}, 'filename', ${f.filename},
      'mime', ${f.mime}, 'sizeBytes', ${f.sizeBytes}, 'createdAt', ${iso(f.createdAt)}
    ) order by ${f.id}), '[]'::json)
    from ${files} f where ${f.participationId} = ${p.id}
  )`;
  const page = sql<PageProposal[]>`(
    select coalesce(json_agg(json_build_object(
      'participation', json_build_object(
        'id', ${p.id}, 'contestId', ${p.contestId}, 'userId', ${p.userId}, 'number', ${p.number},
        'inputText', ${p.inputText}, 'isParticipating', ${p.isParticipating}, 'isWinner', ${p.isWinner}, 'isFinalist', ${p.isFinalist},
        'stars', ${p.stars}, 'reportedAt', ${iso(p.reportedAt)}, 'createdAt', ${iso(p.createdAt)},
        'finalSentAt', ${iso(p.finalSentAt)}, 'finalValidatedAt', ${iso(p.finalValidatedAt)},
        'comment', ${p.comment}, 'commentedAt', ${iso(p.commentedAt)}
      ),
      'pseudo', ${u.pseudo},
      'record', json_build_object('wins', coalesce(${ts.wins}, 0), 'rated', coalesce(${ts.rated}, 0), 'starsSum', coalesce(${ts.starsSum}, 0)),
      'files', ${ownFiles},
      'lookalikes', ${lookalikesJson(p.id, p.contestId)}
    ) order by ${p.number}, ${p.id}), '[]'::json)
    from ${participations} p join ${users} u on ${u.id} = ${p.userId}
    left join ${talentStats} ts on ${ts.userId} = ${p.userId}
    where ${p.id} = any(array(${pageIds}))
  )`;
  return db
    .select({ ...contestColumns, page })
    .from(contests)
    .innerJoin(subCategories, eq(subCategories.id, contests.subCategoryId))
    .where(eq(contests.id, sql.placeholder('contestId')))
    .prepare(`proposals_page_${filter}`);
}

const proposalsPage = preparedPerDatabase((db, filter) => prepareProposalsPage(db, filter as ProposalFilter));

type ProposalsQuery = { filtre: ProposalFilter; page: number; pageSize: number };

/**
 * The page is read with the contest (or from memory, proposals-cache.ts) and shown only once the
 * contest says the viewer organises it.
 */
export async function getProposalsPage(ctx: AppContext, actor: Actor, contestId: number, query: ProposalsQuery): Promise<ProposalsPage> {
  const read = () => readProposalsPage(ctx, contestId, query);
  const kept = ctx.caches ? await ctx.caches.proposals.get(proposalsPageKey(contestId, query), read) : await read();
  if (!kept) throw notFound(MESSAGES.contests.notFound);
  if (!actor.isAdmin && kept.ownerId !== actor.id) throw forbidden(P.proposalsOrganiserOnly);
  return kept.page;
}

async function readProposalsPage(ctx: AppContext, contestId: number, query: ProposalsQuery): Promise<KeptProposals | null> {
  const [row] = await proposalsPage(ctx.db, query.filtre).execute({ contestId, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  if (!row) return null;
  const { contest } = row;
  const counts = {
    all: contest.participationsCount,
    unrated: contest.proposalsUnrated,
    low: contest.proposalsLow,
    high: contest.proposalsHigh,
    winners: contest.winnersCount,
  };
  return keptProposals(contest.ownerId, {
    concours: {
      id: contest.id,
      status: contest.status,
      companyName: contest.companyName,
      cost: contest.costCents,
      gain: gainCents(contest.costCents),
      winners: contest.winnersCount,
      prizesPaid: contest.prizesPaid,
      subCategory: { id: contest.subCategoryId, name: row.subCategoryTitle, format: row.format },
      hasFinalRound: contest.hasFinalRound,
      finalRoundStartedAt: contest.finalRoundStartedAt?.toISOString() ?? null,
      finalists: contest.finalistsCount,
    },
    // The author's reputation level, as a badge beside their pseudo (docs/product.md « Talents »).
    participations: row.page.map(({ files: own, record, lookalikes, ...proposal }) => {
      const dto = participationDto(proposal, own, sortLookalikes(lookalikes));
      return { ...dto, participant: { ...dto.participant, level: reputationLevel(record) } };
    }),
    page: query.page,
    pageSize: query.pageSize,
    total: counts[query.filtre],
    counts,
  });
}
