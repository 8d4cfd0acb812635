/**
 * API under load: each scenario is run against the real app (PostgreSQL at scale, production
 * mode, its own process) and then against the framework's ceiling, a bare Fastify route
 * returning the same JSON, in the same run. 50 connections on the loopback.
 *
 * Two kinds of scenarios: one request repeated, which the read cache answers from memory after
 * the first time (what the cache costs and saves), and crowds (lib/crowd.ts), whose every
 * request is drawn at random with the seed BENCH_SEED over the data in the database.
 *
 *   npm run bench:api -w bench     (BENCH_DURATION=8, BENCH_CEILING_DURATION=5 seconds)
 *
 * BENCH_SCENARIOS=<regular expression> runs only the scenarios whose name matches it, and prints
 * their figures without writing results/api.json (a partial run would replace the whole one);
 * BENCH_WRITE_KIND (lib/crowd.ts) does the same for the mix with writes made of one kind.
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
import { CONVERSATIONS_PAGE_SIZE as CONVERSATIONS_PAGE, CROWD_BUDGET, CROWD_MIX, CROWD_NAMES, CROWD_WRITE_SHARE, LISTING_PAGE_SIZE as PAGE_SIZE, ONLY_WRITE_KIND, SORTS, crowdScenarios, readCrowdData, type CrowdScenario, type Drawn } from './lib/crowd';
import { BENCH_SEED, randomFor } from './lib/random';
import type { RequestSpec } from 'autocannon';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CEILING_DURATION = Number(process.env.BENCH_CEILING_DURATION ?? 5);
const ONLY = process.env.BENCH_SCENARIOS ? new RegExp(process.env.BENCH_SCENARIOS) : null;

export const API_BUDGET = { p99Ms: 50, deepPageFactor: 2, listingShareOfCeiling: 0.4 } as const;

type Group = 'reference' | 'listing-first' | 'listing-deep' | 'details' | 'proposals' | 'messages' | 'crowd';
/** Answers of the app kept for each crowd: the ceiling serves them, one drawn at random per request. */
const CEILING_SAMPLES = 40;

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
  /** Crowds: how many of the requests sent were writes, and the first refusals seen. */
  writes?: number;
  failures?: string[];
}

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

function requestOf(s: Pick<Drawn, 'method' | 'body' | 'token'>) {
  return {
    method: s.method,
    headers: { ...(s.token ? { authorization: `Bearer ${s.token}` } : {}), ...(s.body ? { 'content-type': 'application/json' } : {}) },
    body: s.body ? JSON.stringify(s.body) : undefined,
  };
}

async function send(appUrl: string, d: Drawn): Promise<string> {
  const res = await fetch(appUrl + d.path, requestOf(d));
  const text = await res.text();
  if (res.status < 200 || res.status >= 300) throw new Error(`${d.method} ${d.path}${d.body ? ` ${JSON.stringify(d.body)}` : ''} : ${res.status} ${text.slice(0, 300)}`);
  return text;
}

interface CrowdRun {
  scenario: CrowdScenario;
  /** Mean size of the answers kept for the ceiling. */
  bytes: number;
}

/**
 * Draws a few requests of each crowd with dice of their own (so that the load's draws stay
 * those of the seed), checks that every answer is a success, and keeps the answers as the
 * ceiling's payloads; each kind of write is also sent once.
 */
async function sampleCrowds(appUrl: string, crowds: CrowdScenario[], payloads: Record<string, string>): Promise<CrowdRun[]> {
  const runs: CrowdRun[] = [];
  for (const scenario of crowds) {
    const random = randomFor(`${scenario.name}:plafond`);
    for (const write of Object.values(scenario.writes ?? {})) await send(appUrl, write(random));
    let bytes = 0;
    for (let i = 0; i < CEILING_SAMPLES; i++) {
      const text = await send(appUrl, scenario.draw(random));
      payloads[`${scenario.name}.${i}`] = text;
      bytes += Buffer.byteLength(text);
    }
    runs.push({ scenario, bytes: Math.round(bytes / CEILING_SAMPLES) });
  }
  return runs;
}

/** A crowd's load: each request drawn when a connection is about to send it. */
async function loadCrowd(appUrl: string, scenario: CrowdScenario, stream: string, options: { connections: number; duration?: number; amount?: number }, bytes = 0, server?: { cpuMs: () => number }) {
  const random = randomFor(stream);
  const failures: string[] = [];
  let writes = 0;
  const spec: RequestSpec = {
    setupRequest: (request, context) => {
      const drawn = scenario.draw(random);
      context.drawn = drawn;
      return { ...request, path: drawn.path, ...requestOf(drawn) };
    },
    onResponse: (status, body, context) => {
      const drawn = context.drawn as Drawn | undefined;
      if (drawn?.write) writes++;
      if ((status < 200 || status >= 300) && failures.length < 5) failures.push(`${status} ${drawn?.method} ${drawn?.path} ${body.slice(0, 200)}`);
    },
  };
  const figures = await runLoad({ url: appUrl, ...options, requests: [spec] }, bytes, server);
  return { figures, writes, failures };
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
  const wantCrowds = CROWD_NAMES.some((name) => !ONLY || ONLY.test(name));
  const { talentId, conversations, categoryTotals, crowdData } = await withBenchDb(async (client) => {
    const talent = await client.query<{ user_id: number; n: string }>(
      `select p.user_id, count(*) n from participations p join messages m on m.participation_id = p.id group by p.user_id order by count(*) desc, p.user_id limit 1`,
    );
    const conv = await client.query<{ n: string }>(`select count(*) n from participations p join contests c on c.id = p.contest_id where c.owner_id = $1`, [BUSY_ORGANISER_ID]);
    const totals = await client.query<{ category_id: number; n: string }>(`select category_id, count(*) n from contests where status = 2 group by category_id`);
    return {
      talentId: talent.rows[0]!.user_id,
      conversations: Number(conv.rows[0]!.n),
      categoryTotals: new Map(totals.rows.map((r) => [r.category_id, Number(r.n)])),
      crowdData: wantCrowds ? await readCrowdData(client) : null,
    };
  });
  const [viewerToken, organiserToken, talentToken] = await Promise.all([openBenchSession(VIEWER_ID), openBenchSession(BUSY_ORGANISER_ID), openBenchSession(talentId)]);
  const scenarios = (await buildScenarios(viewerToken, organiserToken, talentToken, talentId, categoryTotals)).filter((s) => !ONLY || ONLY.test(s.name));
  const crowds = crowdData ? crowdScenarios(crowdData).filter((s) => !ONLY || ONLY.test(s.name)) : [];
  if (crowdData) {
    log(
      `foules : graine ${BENCH_SEED} (BENCH_SEED), ${crowdData.organisers.length} organisateurs et ${crowdData.talents.length} talents connectés, ` +
        `${crowdData.openContests.length} concours ouverts, ${crowdData.joins.length} participations possibles pour les écritures`,
    );
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-bench-api-'));
  const app = await spawnServer({ script: 'server/src/main.ts', env: appEnv(BENCH_DATABASE_URL, dataDir), port: await freePort(), readyPath: '/api/health' });
  let ceiling: Awaited<ReturnType<typeof spawnServer>> | null = null;
  const results: ScenarioResult[] = [];
  const loadBefore = loadAverage();
  try {
    // The bodies the app returns become the ceiling's payloads; each must be a success.
    const payloads: Record<string, string> = {};
    for (const s of scenarios) if (s.pagesAfter) s.path = await pageAfter(app.url, s);
    for (const s of scenarios) payloads[s.name] = await send(app.url, s).catch((error: Error) => Promise.reject(new Error(`${s.name} : ${error.message}`)));
    const crowdRuns = await sampleCrowds(app.url, crowds, payloads);
    const payloadFile = path.join(dataDir, 'ceiling-payloads.json');
    fs.writeFileSync(payloadFile, JSON.stringify(payloads));
    ceiling = await spawnServer({ script: 'bench/src/ceiling-server.ts', env: { CEILING_PAYLOADS: payloadFile }, port: await freePort(), readyPath: '/health' });

    log(`échauffement (${scenarios.length + crowds.length} scénarios, charge ${loadBefore})`);
    for (const s of scenarios) await runLoad({ url: app.url + s.path, connections: 10, amount: 200, ...requestOf(s) });
    for (const s of crowds) await loadCrowd(app.url, s, `${s.name}:échauffement`, { connections: 10, amount: 200 });

    const record = (s: { name: string; label: string; group: Group; firstPage?: string }, appFigures: LoadFigures, ceilingFigures: LoadFigures, extra: Partial<ScenarioResult> = {}) => {
      const share = ceilingFigures.requestsPerSecond > 0 ? appFigures.requestsPerSecond / ceilingFigures.requestsPerSecond : 0;
      results.push({ name: s.name, label: s.label, group: s.group, firstPage: s.firstPage, app: appFigures, ceiling: ceilingFigures, shareOfCeiling: Math.round(share * 1000) / 1000, ...extra });
      log(
        `${s.name.padEnd(34)} ${String(appFigures.requestsPerSecond).padStart(7)} req/s p50 ${appFigures.p50Ms} ms p99 ${appFigures.p99Ms} ms erreurs ${appFigures.errors + appFigures.non2xx}` +
          ` ${appFigures.cpuMsPerRequest} ms CPU/req | plafond ${ceilingFigures.requestsPerSecond} req/s ${ceilingFigures.cpuMsPerRequest} ms CPU/req → ${(share * 100).toFixed(0)} %` +
          (extra.writes ? ` | ${extra.writes} écritures` : ''),
      );
      for (const failure of extra.failures ?? []) log(`  refus : ${failure}`);
    };

    if (scenarios.length) log('cache : même requête répétée');
    for (const s of scenarios) {
      const bytes = Buffer.byteLength(payloads[s.name]!);
      const appFigures = await runLoad({ url: app.url + s.path, connections: CONNECTIONS, duration: DURATION, ...requestOf(s) }, bytes, app);
      const ceilingFigures = await runLoad({ url: `${ceiling.url}/c/${s.name}`, connections: CONNECTIONS, duration: CEILING_DURATION }, bytes, ceiling);
      record(s, appFigures, ceilingFigures);
    }

    if (crowds.length) log('foules : chaque requête tirée au hasard');
    for (const { scenario, bytes } of crowdRuns) {
      const { figures, writes, failures } = await loadCrowd(app.url, scenario, scenario.name, { connections: CONNECTIONS, duration: DURATION }, bytes, app);
      // The ceiling serves the crowd's own answers, one drawn at random for each request.
      const pick = randomFor(`${scenario.name}:plafond-charge`);
      const ceilingFigures = await runLoad(
        { url: ceiling.url, connections: CONNECTIONS, duration: CEILING_DURATION, requests: [{ setupRequest: (request) => ({ ...request, path: `/c/${scenario.name}.${pick.int(0, CEILING_SAMPLES - 1)}` }) }] },
        bytes,
        ceiling,
      );
      record({ name: scenario.name, label: scenario.label, group: 'crowd' }, figures, ceilingFigures, { writes, failures });
    }
  } finally {
    await ceiling?.stop();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (ONLY || ONLY_WRITE_KIND) return;
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
    crowd: { seed: BENCH_SEED, mix: CROWD_MIX, writeShare: CROWD_WRITE_SHARE, budget: CROWD_BUDGET },
    scenarios: results,
  });
  log(`résultats : ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
