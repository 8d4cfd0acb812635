/**
 * API under load: each scenario is run against the real app (PostgreSQL at scale, production
 * mode, its own process) and then against the framework's ceiling, a bare Fastify route
 * returning the same JSON, in the same run. 50 connections on the loopback.
 *
 *   npm run bench:api -w bench     (BENCH_DURATION=8, BENCH_CEILING_DURATION=5 seconds)
 *
 * BENCH_SCENARIOS=<regular expression> runs only the scenarios whose name matches it, and prints
 * their figures without writing results/api.json (a partial run would replace the whole one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORIES } from '@creadefi/domain';
import { BENCH_DATABASE_URL, loadAverage, log, saveResult } from './lib/env';
import { BUSY_CONTEST_ID, BUSY_ORGANISER_ID, VIEWER_ID } from './lib/dataset';
import { assertSeeded, openBenchSession, withBenchDb } from './lib/bench-db';
import { appEnv, freePort, spawnServer } from './lib/server';
import { runLoad, type LoadFigures } from './lib/load';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CEILING_DURATION = Number(process.env.BENCH_CEILING_DURATION ?? 5);
const PAGE_SIZE = 6;
const CONVERSATIONS_PAGE = 30;
const ONLY = process.env.BENCH_SCENARIOS ? new RegExp(process.env.BENCH_SCENARIOS) : null;

export const API_BUDGET = { p99Ms: 50, deepPageFactor: 2, listingShareOfCeiling: 0.4 } as const;

type Group = 'reference' | 'listing-first' | 'listing-deep' | 'details' | 'proposals' | 'messages';

interface Scenario {
  name: string;
  label: string;
  group: Group;
  /** For deep pages: the first page it is compared with. */
  firstPage?: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token: string;
  /** For a list paged by cursor: follow `suivant` this many pages from `path` first. */
  pagesAfter?: number;
}

export interface ScenarioResult {
  name: string;
  label: string;
  group: Group;
  firstPage?: string;
  app: LoadFigures;
  ceiling: LoadFigures;
  shareOfCeiling: number;
}

const SORTS = [
  ['createdAt', 'DESC'],
  ['createdAt', 'ASC'],
  ['cost', 'DESC'],
  ['cost', 'ASC'],
  ['participations', 'DESC'],
  ['participations', 'ASC'],
] as const;

async function buildScenarios(viewerToken: string, organiserToken: string, talentToken: string, talentId: number, categoryTotals: Map<number, number>): Promise<Scenario[]> {
  const list: Scenario[] = [];
  // The app's own floors: its plugins alone (no session, no query), then with the session
  // lookup and one trivial query.
  list.push({ name: 'config', label: 'Référence : /api/config sans session (aucune requête SQL)', group: 'reference', method: 'GET', path: '/api/config', token: '' });
  list.push({ name: 'health', label: 'Référence : /api/health (une requête SQL triviale)', group: 'reference', method: 'GET', path: '/api/health', token: viewerToken });
  const listing = (name: string, label: string, group: Group, body: Record<string, unknown>, firstPage?: string) =>
    list.push({ name, label, group, firstPage, method: 'POST', path: '/api/concours/orderBy/any', body: { pageSize: PAGE_SIZE, ...body }, token: viewerToken });
  for (const [selector, orderedBy] of SORTS) {
    const key = `${selector}-${orderedBy.toLowerCase()}`;
    listing(`listing-${key}-p1`, `Liste, ${selector} ${orderedBy}, page 1`, 'listing-first', { selector, orderedBy, page: 1 });
    listing(`listing-${key}-p500`, `Liste, ${selector} ${orderedBy}, page 500`, 'listing-deep', { selector, orderedBy, page: 500 }, `listing-${key}-p1`);
  }
  // Per category: the first and the last page, each category with one of the sorts in turn.
  CATEGORIES.forEach((category, i) => {
    const [selector, orderedBy] = SORTS[i % SORTS.length]!;
    const lastPage = Math.max(1, Math.ceil((categoryTotals.get(category.id) ?? 0) / PAGE_SIZE));
    const base = `listing-cat${category.id}`;
    listing(`${base}-p1`, `Liste ${category.slug}, ${selector} ${orderedBy}, page 1`, 'listing-first', { selector, orderedBy, idCategory: category.id, page: 1 });
    listing(`${base}-last`, `Liste ${category.slug}, ${selector} ${orderedBy}, page ${lastPage} (dernière)`, 'listing-deep', { selector, orderedBy, idCategory: category.id, page: lastPage }, `${base}-p1`);
  });
  list.push({ name: 'details', label: 'Détails d’un concours', group: 'details', method: 'GET', path: `/api/concours/read/${BUSY_CONTEST_ID}`, token: viewerToken });
  list.push({
    name: 'proposals-p1',
    label: 'Propositions (2 000), page 1',
    group: 'proposals',
    method: 'GET',
    path: `/api/concours/${BUSY_CONTEST_ID}/participations?filtre=all&page=1&pageSize=24`,
    token: organiserToken,
  });
  list.push({
    name: 'proposals-last',
    label: 'Propositions (2 000), page 84 (dernière)',
    group: 'proposals',
    method: 'GET',
    path: `/api/concours/${BUSY_CONTEST_ID}/participations?filtre=all&page=84&pageSize=24`,
    token: organiserToken,
  });
  list.push({
    name: 'proposals-unrated',
    label: 'Propositions (2 000), filtre « non notées »',
    group: 'proposals',
    method: 'GET',
    path: `/api/concours/${BUSY_CONTEST_ID}/participations?filtre=unrated&page=1&pageSize=24`,
    token: organiserToken,
  });
  // The lists as the page asks for them: running contests, 30 conversations a page.
  const organiserList = `/api/message/read/byConcours?enCours=true&pageSize=${CONVERSATIONS_PAGE}`;
  list.push({ name: 'messages-organiser', label: `Messages de l’organisateur le plus sollicité (n° ${BUSY_ORGANISER_ID}), page 1`, group: 'messages', method: 'GET', path: organiserList, token: organiserToken });
  list.push({
    name: 'messages-organiser-p10',
    label: `Messages de l’organisateur le plus sollicité, page 10`,
    group: 'messages',
    method: 'GET',
    path: organiserList,
    pagesAfter: 9,
    token: organiserToken,
  });
  list.push({ name: 'messages-talent', label: `Messages du talent le plus actif (n° ${talentId}), page 1`, group: 'messages', method: 'GET', path: `/api/message/read/byParticipation?enCours=true&pageSize=${CONVERSATIONS_PAGE}`, token: talentToken });
  return list;
}

function requestOf(s: Scenario) {
  return {
    method: s.method,
    headers: { ...(s.token ? { authorization: `Bearer ${s.token}` } : {}), ...(s.body ? { 'content-type': 'application/json' } : {}) },
    body: s.body ? JSON.stringify(s.body) : undefined,
  };
}

/** The address of the page `pagesAfter` pages past the scenario's, by the cursors the app returns. */
async function pageAfter(appUrl: string, s: Scenario): Promise<string> {
  let path = s.path;
  for (let i = 0; i < s.pagesAfter!; i++) {
    const answer = (await (await fetch(appUrl + path, requestOf(s))).json()) as { results?: { suivant?: string | null } };
    const next = answer.results?.suivant;
    if (!next) throw new Error(`${s.name} : pas de page ${i + 2}`);
    path = `${s.path}&apres=${encodeURIComponent(next)}`;
  }
  return path;
}

async function main(): Promise<void> {
  await assertSeeded();
  const { talentId, conversations, categoryTotals } = await withBenchDb(async (client) => {
    const talent = await client.query<{ user_id: number; n: string }>(
      `select p.user_id, count(*) n from participations p join messages m on m.participation_id = p.id group by p.user_id order by count(*) desc, p.user_id limit 1`,
    );
    const conv = await client.query<{ n: string }>(`select count(*) n from participations p join contests c on c.id = p.contest_id where c.owner_id = $1`, [BUSY_ORGANISER_ID]);
    const totals = await client.query<{ category_id: number; n: string }>(`select category_id, count(*) n from contests where status = 2 group by category_id`);
    return {
      talentId: talent.rows[0]!.user_id,
      conversations: Number(conv.rows[0]!.n),
      categoryTotals: new Map(totals.rows.map((r) => [r.category_id, Number(r.n)])),
    };
  });
  const [viewerToken, organiserToken, talentToken] = await Promise.all([openBenchSession(VIEWER_ID), openBenchSession(BUSY_ORGANISER_ID), openBenchSession(talentId)]);
  const scenarios = (await buildScenarios(viewerToken, organiserToken, talentToken, talentId, categoryTotals)).filter((s) => !ONLY || ONLY.test(s.name));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-bench-api-'));
  const app = await spawnServer({ script: 'server/src/main.ts', env: appEnv(BENCH_DATABASE_URL, dataDir), port: await freePort(), readyPath: '/api/health' });
  let ceiling: Awaited<ReturnType<typeof spawnServer>> | null = null;
  const results: ScenarioResult[] = [];
  const loadBefore = loadAverage();
  try {
    // The bodies the app returns become the ceiling's payloads; each must be a success.
    const payloads: Record<string, string> = {};
    for (const s of scenarios) if (s.pagesAfter) s.path = await pageAfter(app.url, s);
    for (const s of scenarios) {
      const res = await fetch(app.url + s.path, requestOf(s));
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${s.name} : ${res.status} ${text.slice(0, 300)}`);
      payloads[s.name] = text;
    }
    const payloadFile = path.join(dataDir, 'ceiling-payloads.json');
    fs.writeFileSync(payloadFile, JSON.stringify(payloads));
    ceiling = await spawnServer({ script: 'bench/src/ceiling-server.ts', env: { CEILING_PAYLOADS: payloadFile }, port: await freePort(), readyPath: '/health' });

    log(`échauffement (${scenarios.length} scénarios, charge ${loadBefore})`);
    for (const s of scenarios) await runLoad({ url: app.url + s.path, connections: 10, amount: 200, ...requestOf(s) });

    for (const s of scenarios) {
      const bytes = Buffer.byteLength(payloads[s.name]!);
      const appFigures = await runLoad({ url: app.url + s.path, connections: CONNECTIONS, duration: DURATION, ...requestOf(s) }, bytes, app);
      const ceilingFigures = await runLoad({ url: `${ceiling.url}/c/${s.name}`, connections: CONNECTIONS, duration: CEILING_DURATION }, bytes, ceiling);
      const share = ceilingFigures.requestsPerSecond > 0 ? appFigures.requestsPerSecond / ceilingFigures.requestsPerSecond : 0;
      results.push({ name: s.name, label: s.label, group: s.group, firstPage: s.firstPage, app: appFigures, ceiling: ceilingFigures, shareOfCeiling: Math.round(share * 1000) / 1000 });
      log(
        `${s.name.padEnd(34)} ${String(appFigures.requestsPerSecond).padStart(7)} req/s p50 ${appFigures.p50Ms} ms p99 ${appFigures.p99Ms} ms erreurs ${appFigures.errors + appFigures.non2xx}` +
          ` ${appFigures.cpuMsPerRequest} ms CPU/req | plafond ${ceilingFigures.requestsPerSecond} req/s ${ceilingFigures.cpuMsPerRequest} ms CPU/req → ${(share * 100).toFixed(0)} %`,
      );
    }
  } finally {
    await ceiling?.stop();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (ONLY) return;
  const file = saveResult('api', {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    ceilingDurationSeconds: CEILING_DURATION,
    pageSize: PAGE_SIZE,
    busyOrganiserConversations: conversations,
    conversationsPageSize: CONVERSATIONS_PAGE,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAverage(),
    budget: API_BUDGET,
    scenarios: results,
  });
  log(`résultats : ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
