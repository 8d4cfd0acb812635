/**
 * Crowds: many members asking for different things at once, each request drawn at random
 * (lib/random.ts) over the data actually in the bench database. Repeating one request measures
 * the read cache, which answers it from memory after the first time; a crowd also measures
 * what is not in memory yet, and, with writes, what the invalidations cost the readers.
 */
import type pg from 'pg';
import { CATEGORIES, FORMAT, PROPOSAL_FILTER_VALUES, SEARCH_PAGE_SIZE, type ProposalFilter } from '@creadefi/domain';
import { BUSY_ORGANISER_ID, VIEWER_ID } from './dataset';
import { openBenchSessions } from './bench-db';
import { BENCH_SEED, randomFor, shuffle, type Random } from './random';

export const LISTING_PAGE_SIZE = 6;
export const CONVERSATIONS_PAGE_SIZE = 30;
const PROPOSALS_PAGE_SIZE = 24;

export const SORTS = [
  ['createdAt', 'DESC'],
  ['createdAt', 'ASC'],
  ['cost', 'DESC'],
  ['cost', 'ASC'],
  ['participations', 'DESC'],
  ['participations', 'ASC'],
] as const;

/** How many members of each kind have a session: the crowd is made of them. */
const ORGANISERS = 20;
const TALENTS = 30;
/** Most visitors stay on the first pages of a listing; the others go anywhere. */
const FIRST_PAGES = 3;
const FIRST_PAGES_SHARE = 0.8;

/** The mix of a visit, in percent of the reads. */
export const CROWD_MIX = { listings: 50, contests: 25, proposals: 15, conversations: 10 } as const;
/** Share of writes in the mix with writes, each kind equally likely. */
export const CROWD_WRITE_SHARE = 0.05;
const WRITE_KINDS = ['join', 'stars', 'message', 'notificationsRead'] as const;
type WriteKind = (typeof WRITE_KINDS)[number];
/**
 * BENCH_WRITE_KIND=message (or join, stars, notificationsRead): that kind alone makes the mix's
 * writes, to see what each one costs the crowd. Such a run does not write results/api.json.
 */
export const ONLY_WRITE_KIND = parseWriteKind(process.env.BENCH_WRITE_KIND);
const WRITES = Object.fromEntries(WRITE_KINDS.map((kind) => [kind, !ONLY_WRITE_KIND || kind === ONLY_WRITE_KIND ? 1 : 0])) as Record<WriteKind, number>;

function parseWriteKind(value: string | undefined): WriteKind | null {
  if (!value) return null;
  if (!(WRITE_KINDS as readonly string[]).includes(value)) throw new Error(`BENCH_WRITE_KIND : ${value} inconnu (${WRITE_KINDS.join(', ')})`);
  return value as WriteKind;
}

/**
 * The budgets of the crowds at 50 connections, by scenario; every crowd scenario must also
 * have zero errors (non-2xx included). A crowd without its own p99 keeps the API's general one.
 */
export const CROWD_BUDGET: Record<string, { p99Ms?: number; shareOfCeiling?: number }> = {
  'crowd-mix': { p99Ms: 50, shareOfCeiling: 0.25 },
  'crowd-contests': { p99Ms: 30 },
  'crowd-proposals': { p99Ms: 50 },
  'crowd-listings-uniform': { p99Ms: 100 },
  'crowd-mix-writes': { p99Ms: 80 },
  // The search's own budget: any question of the crowd, p99 under 50 ms at 50 connections.
  'crowd-search': { p99Ms: 50 },
};

/** The search crowd: how its questions are made (lib/crowd.ts, `search`). */
const SEARCH_WORDS = 300;
const SEARCH_MIX = { oneWord: 0.6, twoWords: 0.3, category: 0.25, endingSoon: 0.1, prizeRange: 0.1, secondPage: 0.15, signedIn: 0.5 } as const;

/** In the order they run: the one with writes last, since its writes change what the others read. */
export const CROWD_NAMES = ['crowd-listings', 'crowd-listings-uniform', 'crowd-contests', 'crowd-proposals', 'crowd-conversations', 'crowd-search', 'crowd-mix', 'crowd-mix-writes'] as const;

export interface Drawn {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token: string;
  write?: WriteKind;
}

export interface CrowdScenario {
  name: (typeof CROWD_NAMES)[number];
  label: string;
  draw: (random: Random) => Drawn;
  /** Each kind of write it sends, drawn once before the load to check that it succeeds. */
  writes?: Record<WriteKind, (random: Random) => Drawn>;
}

interface Member {
  id: number;
  token: string;
}

interface ProposalsContest {
  id: number;
  owner: Member;
  counts: Record<ProposalFilter, number>;
}

export interface CrowdData {
  seed: number;
  openContests: number[];
  openPerCategory: Map<number, number>;
  organisers: Member[];
  talents: Member[];
  proposalsContests: Map<number, ProposalsContest[]>;
  rateable: { participationId: number; owner: Member }[];
  conversations: { participationId: number; organiser?: Member; talent?: Member }[];
  joins: { talent: Member; contestId: number; text: boolean }[];
  /** Words of open contests' companies and briefs, as people would type them. */
  searchWords: string[];
}

/**
 * Reads, at the start of a run, who the crowd is and what it may ask for: open contests, the
 * organisers and talents it is made of (sessions opened for them), their contests and
 * conversations, and contests each talent has not joined yet (for the writes).
 */
export async function readCrowdData(client: pg.Client): Promise<CrowdData> {
  const seed = String(BENCH_SEED);
  const open = await client.query<{ id: number; category_id: number }>(`select id, category_id from contests where status = 2 order by id`);
  const openPerCategory = new Map<number, number>();
  for (const r of open.rows) openPerCategory.set(r.category_id, (openPerCategory.get(r.category_id) ?? 0) + 1);

  // The busiest organiser is always in, the others drawn among those with proposals.
  const organiserRows = await client.query<{ id: number }>(
    `select owner_id id from contests where status = 2 and participations_count > 0 and owner_id <> $1
     group by owner_id order by md5(owner_id::text || $2) limit ${ORGANISERS - 1}`,
    [BUSY_ORGANISER_ID, seed],
  );
  const organiserIds = [BUSY_ORGANISER_ID, ...organiserRows.rows.map((r) => r.id)];
  const talentRows = await client.query<{ id: number }>(
    `select p.user_id id from participations p join contests c on c.id = p.contest_id
     where c.status = 2 and p.last_message_at is not null and p.withdrawn_by_team_at is null and p.user_id <> all($1::int[])
     group by p.user_id order by md5(p.user_id::text || $2) limit ${TALENTS}`,
    [[...organiserIds, VIEWER_ID], seed],
  );
  const talentIds = [VIEWER_ID, ...talentRows.rows.map((r) => r.id)];
  // Joining a contest asks for the payment identities a member gets when they first take part.
  await client.query(`update users set owner_id = coalesce(owner_id, 'banc-' || id), payer_id = coalesce(payer_id, 'banc-' || id) where id = any($1::int[])`, [talentIds]);

  const tokens = await openBenchSessions([...organiserIds, ...talentIds]);
  const members = new Map<number, Member>();
  const memberOf = (id: number, i: number) => members.get(id) ?? members.set(id, { id, token: tokens[i]! }).get(id)!;
  const organisers = organiserIds.map((id, i) => memberOf(id, i));
  const talents = talentIds.map((id, i) => memberOf(id, organiserIds.length + i));

  const proposals = await client.query<{ id: number; owner_id: number; all: number; unrated: number; low: number; high: number; winners: number }>(
    `select id, owner_id, participations_count "all", proposals_unrated unrated, proposals_low low, proposals_high high, winners_count winners
     from contests where owner_id = any($1::int[]) and participations_count > 0 order by id`,
    [organiserIds],
  );
  const proposalsContests = new Map<number, ProposalsContest[]>();
  for (const r of proposals.rows) {
    const list = proposalsContests.get(r.owner_id) ?? [];
    list.push({ id: r.id, owner: members.get(r.owner_id)!, counts: { all: r.all, unrated: r.unrated, low: r.low, high: r.high, winners: r.winners } });
    proposalsContests.set(r.owner_id, list);
  }

  const rateable = await client.query<{ id: number; owner_id: number }>(
    `select p.id, c.owner_id from participations p join contests c on c.id = p.contest_id
     where c.owner_id = any($1::int[]) and c.status = 2 and p.is_participating and p.withdrawn_by_team_at is null
     order by md5(p.id::text || $2) limit 2000`,
    [organiserIds, seed],
  );
  const conversations = await client.query<{ id: number; owner_id: number; user_id: number }>(
    `select p.id, c.owner_id, p.user_id from participations p join contests c on c.id = p.contest_id
     where c.status = 2 and p.withdrawn_by_team_at is null and (c.owner_id = any($1::int[]) or p.user_id = any($2::int[]))
     order by md5(p.id::text || $3) limit 2000`,
    [organiserIds, talentIds, seed],
  );
  // Far more than a run sends; contests that stay open well past the run.
  const joins = await client.query<{ talent: number; contest: number; format: number }>(
    `select t.id talent, c.id contest, sc.format
     from unnest($1::int[]) t(id)
     cross join lateral (
       select c.id, c.sub_category_id from contests c
       where c.status = 2 and (c.end_date is null or c.end_date > now() + interval '1 hour') and c.owner_id <> t.id
         and not exists (select 1 from participations p where p.contest_id = c.id and p.user_id = t.id)
       order by md5(c.id::text || t.id::text || $2) limit 300
     ) c
     join sub_categories sc on sc.id = c.sub_category_id`,
    [talentIds, seed],
  );
  // Real words of the seeded briefs and companies (four letters or more), drawn from 2 000 open contests.
  const words = await client.query<{ w: string }>(
    `select distinct w from (
       select company_name || ' ' || message t from contests where status = 2 order by md5(id::text || $1) limit 2000
     ) c, regexp_split_to_table(lower(c.t), '[^[:alpha:]]+') w
     where length(w) >= 4 order by w limit ${SEARCH_WORDS * 4}`,
    [seed],
  );
  const order = randomFor('crowd-joins');
  return {
    seed: BENCH_SEED,
    openContests: open.rows.map((r) => r.id),
    openPerCategory,
    organisers,
    talents,
    proposalsContests,
    rateable: rateable.rows.map((r) => ({ participationId: r.id, owner: members.get(r.owner_id)! })),
    conversations: conversations.rows.map((r) => ({ participationId: r.id, organiser: members.get(r.owner_id), talent: members.get(r.user_id) })),
    searchWords: shuffle(
      words.rows.map((r) => r.w),
      randomFor('crowd-search-words'),
    ).slice(0, SEARCH_WORDS),
    joins: shuffle(
      joins.rows.map((r) => ({ talent: members.get(r.talent)!, contestId: r.contest, text: r.format === FORMAT.text })),
      order,
    ),
  };
}

const auth = (m: Member) => m.token;

export function crowdScenarios(d: CrowdData): CrowdScenario[] {
  const everyone = [...d.organisers, ...d.talents];
  const categories = [null, ...CATEGORIES.map((c) => c.id)];
  const organisersWithProposals = d.organisers.filter((o) => d.proposalsContests.has(o.id));

  const listing = (uniform: boolean) => (r: Random): Drawn => {
    const [selector, orderedBy] = r.pick(SORTS);
    const idCategory = r.pick(categories);
    const total = idCategory === null ? d.openContests.length : (d.openPerCategory.get(idCategory) ?? 0);
    const last = Math.max(1, Math.ceil(total / LISTING_PAGE_SIZE));
    const page = uniform || r.next() >= FIRST_PAGES_SHARE ? r.int(1, last) : r.int(1, Math.min(FIRST_PAGES, last));
    const body = { selector, orderedBy, page, pageSize: LISTING_PAGE_SIZE, ...(idCategory === null ? {} : { idCategory }) };
    return { method: 'POST', path: '/api/concours/orderBy/any', body, token: auth(r.pick(everyone)) };
  };
  const contestPage = (r: Random): Drawn => ({ method: 'GET', path: `/api/concours/read/${r.pick(d.openContests)}`, token: auth(r.pick(everyone)) });
  const proposalsPage = (r: Random): Drawn => {
    const contest = r.pick(d.proposalsContests.get(r.pick(organisersWithProposals).id)!);
    const filtre = r.pick(PROPOSAL_FILTER_VALUES);
    const page = r.int(1, Math.max(1, Math.ceil(contest.counts[filtre] / PROPOSALS_PAGE_SIZE)));
    return { method: 'GET', path: `/api/concours/${contest.id}/participations?filtre=${filtre}&page=${page}&pageSize=${PROPOSALS_PAGE_SIZE}`, token: auth(contest.owner) };
  };
  const conversationsList = (r: Random): Drawn => {
    const organiser = r.next() < 0.5;
    const member = r.pick(organiser ? d.organisers : d.talents);
    const list = organiser ? 'byConcours' : 'byParticipation';
    return { method: 'GET', path: `/api/message/read/${list}?enCours=${r.next() < 0.5}&pageSize=${CONVERSATIONS_PAGE_SIZE}`, token: auth(member) };
  };
  /** A visitor or a member types one to three real words, sometimes with a filter, mostly on the first page. */
  const search = (r: Random): Drawn => {
    const roll = r.next();
    const count = roll < SEARCH_MIX.oneWord ? 1 : roll < SEARCH_MIX.oneWord + SEARCH_MIX.twoWords ? 2 : 3;
    const query = new URLSearchParams({ q: Array.from({ length: count }, () => r.pick(d.searchWords)).join(' ') });
    if (r.next() < SEARCH_MIX.category) query.set('idCategory', String(r.pick(CATEGORIES).id));
    if (r.next() < SEARCH_MIX.endingSoon) query.set('endingSoon', 'true');
    if (r.next() < SEARCH_MIX.prizeRange) {
      const min = r.int(50, 400) * 100;
      query.set('minPrize', String(min));
      query.set('maxPrize', String(min + r.int(50, 400) * 100));
    }
    query.set('page', r.next() < SEARCH_MIX.secondPage ? '2' : '1');
    return { method: 'GET', path: `/api/concours/search?${query}`, token: r.next() < SEARCH_MIX.signedIn ? auth(r.pick(everyone)) : '' };
  };
  const reads = { listings: listing(false), contests: contestPage, proposals: proposalsPage, conversations: conversationsList };
  const mix = (r: Random) => reads[r.weighted(CROWD_MIX)](r);

  let sent = 0;
  const message = (r: Random): Drawn => {
    const c = r.pick(d.conversations);
    const sender = c.organiser && c.talent ? (r.next() < 0.5 ? c.organiser : c.talent) : (c.organiser ?? c.talent)!;
    return { method: 'POST', path: '/api/message/create', body: { idParticipation: c.participationId, message: `Message n° ${++sent} du banc : où en est la proposition ?` }, token: auth(sender), write: 'message' };
  };
  const writes: Record<WriteKind, (r: Random) => Drawn> = {
    join: (r) => {
      // Each pair is used once; past the last one, a message takes its place.
      const next = d.joins.pop();
      if (!next) return message(r);
      const body = { idConcours: next.contestId, commitment: true, ...(next.text ? { inputText: 'Ma proposition, écrite pour le banc.' } : {}) };
      return { method: 'POST', path: '/api/concours/add/participation', body, token: auth(next.talent), write: 'join' };
    },
    stars: (r) => {
      const p = r.pick(d.rateable);
      return { method: 'POST', path: '/api/participation/stars/update', body: { idParticipation: p.participationId, stars: r.int(1, 5) }, token: auth(p.owner), write: 'stars' };
    },
    message,
    notificationsRead: (r) => ({ method: 'POST', path: '/api/notifications/read', body: { all: true }, token: auth(r.pick(everyone)), write: 'notificationsRead' }),
  };
  const mixWithWrites = (r: Random) => (r.next() < CROWD_WRITE_SHARE ? writes[r.weighted(WRITES)](r) : mix(r));

  const pct = (v: number) => `${Math.round(v * 100)} %`;
  return [
    { name: 'crowd-listings', label: `Foule : listes, tri et catégorie au hasard, ${pct(FIRST_PAGES_SHARE)} sur les pages 1 à ${FIRST_PAGES}, le reste sur toutes`, draw: listing(false) },
    { name: 'crowd-listings-uniform', label: 'Foule : n’importe quelle page de n’importe quelle liste, uniformément', draw: listing(true) },
    { name: 'crowd-contests', label: `Foule : n’importe quel concours ouvert (${d.openContests.length.toLocaleString('fr-FR')})`, draw: contestPage },
    { name: 'crowd-proposals', label: `Foule : propositions de ${organisersWithProposals.length} organisateurs, tout concours, filtre et page`, draw: proposalsPage },
    { name: 'crowd-conversations', label: `Foule : conversations de ${d.organisers.length} organisateurs et ${d.talents.length} talents`, draw: conversationsList },
    {
      name: 'crowd-search',
      label: `Foule : recherche de 1 à 3 mots tirés de ${d.searchWords.length} mots réels des concours ouverts, parfois filtrée, ${SEARCH_PAGE_SIZE} résultats par page, visiteurs et membres`,
      draw: search,
    },
    { name: 'crowd-mix', label: `Foule : mélange (listes ${CROWD_MIX.listings} %, concours ${CROWD_MIX.contests} %, propositions ${CROWD_MIX.proposals} %, conversations ${CROWD_MIX.conversations} %)`, draw: mix },
    { name: 'crowd-mix-writes', label: `Foule : le même mélange avec ${pct(CROWD_WRITE_SHARE)} d’écritures (participations, étoiles, messages, notifications lues)`, draw: mixWithWrites, writes },
  ];
}
