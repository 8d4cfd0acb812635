/**
 * `npm run soak -w server`: a long mixed run against the real server (a child process on a
 * PostgreSQL of its own) — browsing, proposals with a file, messages, sign-ins. It first
 * measures the peak the machine sustains with that mix, then runs at half of it for
 * SOAK_SECONDS (600 by default), and passes when no answer is a 5xx or a network error and
 * the server's memory does not keep growing (the last third of the run no higher than the
 * middle third, within 10 %).
 *
 * SOAK_SECONDS, PEAK_SECONDS (30) and SOAK_RATE (requests per second, instead of half the
 * peak) shorten or fix the run. Prints a Markdown table (for docs/security.md).
 */
import { randomBytes } from 'node:crypto';
import { checkLedger } from '../modules/ledger/check';
import { buildOrganiser, buildPaidContest, buildPasswordUser, type TestUser } from '../test/factories';
import { multipartBody, pngWithNote, realPng } from '../modules/files/test-helpers';
import { report, sleep, startLongRun, type LongRun } from './long-run/context';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const PEAK_SECONDS = Number(process.env.PEAK_SECONDS ?? 30);
const FIXED_RATE = process.env.SOAK_RATE ? Number(process.env.SOAK_RATE) : null;
const PEAK_WORKERS = 8;

let run: LongRun;

interface Data {
  organisers: TestUser[];
  contests: { id: number; organiser: TestUser }[];
  talents: TestUser[];
  /** Conversations open between a talent and an organiser (one per talent). */
  conversations: { talent: TestUser; organiser: TestUser; participationId: number }[];
  members: (TestUser & { password: string })[];
  png: Buffer;
  /** (talent, contest) pairs not used yet for a proposal. */
  free: { talent: TestUser; contestId: number }[];
}

class Stats {
  statuses = new Map<string, number>();
  latencies: number[] = [];
  requests = 0;

  add(status: string, ms: number): void {
    this.requests++;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    this.latencies.push(ms);
  }

  percentile(p: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  }

  count(match: (status: string) => boolean): number {
    return [...this.statuses].filter(([s]) => match(s)).reduce((a, [, n]) => a + n, 0);
  }
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Answer {
  status: number;
  body: string;
}

async function call(stats: Stats, method: string, url: string, user: TestUser | null, body?: unknown, raw?: { payload: Buffer; headers: Record<string, string> }): Promise<Answer | null> {
  const started = performance.now();
  try {
    const res = await fetch(`${run.server.base}${url}`, {
      method,
      headers: { ...(user?.headers ?? {}), ...(raw?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: raw ? raw.payload : body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    stats.add(String(res.status), performance.now() - started);
    return { status: res.status, body: text };
  } catch (error) {
    stats.add((error as Error).name === 'TimeoutError' ? 'timeout' : 'network', performance.now() - started);
    return null;
  }
}

/** One action of the mix; a proposal is two requests (the participation, then its file). */
async function action(stats: Stats, data: Data): Promise<void> {
  const roll = Math.random();
  if (roll < 0.55) {
    const viewer = pick([...data.talents, ...data.organisers]);
    const contest = pick(data.contests);
    const browse = [
      () => call(stats, 'POST', '/api/concours/orderBy/any', viewer, { page: 1 + Math.floor(Math.random() * 3), selector: pick(['createdAt', 'cost', 'participations']) }),
      () => call(stats, 'GET', `/api/concours/read/${contest.id}`, viewer),
      () => call(stats, 'GET', '/api/concours/read/category/1', viewer),
      () => call(stats, 'GET', '/api/subcategory/read/1', null),
      () => call(stats, 'GET', '/api/notifications/unread-count', viewer),
      () => call(stats, 'GET', '/api/user/me', viewer),
      () => call(stats, 'GET', '/api/notifications', viewer),
      () => call(stats, 'GET', `/api/concours/${contest.id}/ma-participation`, viewer),
    ];
    await pick(browse)();
  } else if (roll < 0.65) {
    const pair = data.free.pop();
    if (!pair) return void (await call(stats, 'GET', '/api/health', null));
    const res = await call(stats, 'POST', '/api/concours/add/participation', pair.talent, { idConcours: pair.contestId, commitment: true });
    if (res?.status !== 200) return;
    const id = (JSON.parse(res.body) as { results?: { participation?: { id: number } } }).results?.participation?.id;
    if (!id) return;
    const body = multipartBody([{ name: 'fileParticipation', filename: 'proposition.png', content: pngWithNote(data.png), contentType: 'image/png' }]);
    await call(stats, 'POST', `/api/participation/addFile/${id}`, pair.talent, undefined, body);
  } else if (roll < 0.85) {
    const c = pick(data.conversations);
    const messaging = [
      () => call(stats, 'POST', '/api/message/create', c.talent, { idParticipation: c.participationId, message: `Question ${randomBytes(3).toString('hex')} sur le brief` }),
      () => call(stats, 'POST', '/api/message/create', c.organiser, { idParticipation: c.participationId, message: 'Merci, je regarde.' }),
      () => call(stats, 'GET', `/api/message/readByParticipant/${c.participationId}`, c.organiser),
      () => call(stats, 'GET', '/api/message/read/byConcours', c.organiser),
      () => call(stats, 'GET', '/api/message/read/byParticipation', c.talent),
    ];
    await pick(messaging)();
  } else if (roll < 0.92) {
    const c = pick(data.contests);
    await call(stats, 'GET', `/api/concours/${c.id}/participations`, c.organiser);
  } else {
    const member = pick(data.members);
    await call(stats, 'POST', '/api/auth/login', null, { email: member.email, password: member.password });
  }
}

async function prepare(): Promise<Data> {
  const { ctx } = run;
  const organisers: TestUser[] = [];
  for (let i = 0; i < 5; i++) organisers.push(await buildOrganiser(ctx));
  const contests: Data['contests'] = [];
  for (let i = 0; i < 40; i++) {
    const organiser = organisers[i % organisers.length]!;
    contests.push({ id: (await buildPaidContest(ctx, organiser)).id, organiser });
  }
  const talents: TestUser[] = [];
  for (let i = 0; i < 40; i++) talents.push(await buildOrganiser(ctx));
  const members = [];
  for (let i = 0; i < 10; i++) members.push(await buildPasswordUser(ctx));
  const png = await realPng(320, 240);
  const free = talents.flatMap((talent) => contests.map((c) => ({ talent, contestId: c.id }))).sort(() => Math.random() - 0.5);
  const data: Data = { organisers, contests, talents, conversations: [], members, png, free };
  const stats = new Stats();
  for (const talent of talents.slice(0, 20)) {
    const pairIndex = data.free.findIndex((p) => p.talent === talent);
    const pair = data.free.splice(pairIndex, 1)[0]!;
    const res = await call(stats, 'POST', '/api/message/create', talent, { idConcours: pair.contestId, message: 'Bonjour, une question sur le brief.' });
    if (res?.status !== 200) throw new Error(`first message refused: ${res?.status} ${res?.body}`);
    const id = (JSON.parse(res.body) as { results: { idParticipation: number } }).results.idParticipation;
    data.conversations.push({ talent, organiser: contests.find((c) => c.id === pair.contestId)!.organiser, participationId: id });
  }
  return data;
}

/** Requests per second the mix sustains with PEAK_WORKERS clients that never wait. */
async function measurePeak(data: Data): Promise<{ rps: number; stats: Stats }> {
  const stats = new Stats();
  const until = Date.now() + PEAK_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: PEAK_WORKERS }, async () => {
      while (Date.now() < until) await action(stats, data);
    }),
  );
  return { rps: stats.requests / PEAK_SECONDS, stats };
}

interface Sample {
  at: number;
  rssMb: number;
}

async function soak(data: Data, rate: number): Promise<{ stats: Stats; samples: Sample[]; achieved: number }> {
  const stats = new Stats();
  const samples: Sample[] = [];
  const started = Date.now();
  const until = started + SOAK_SECONDS * 1000;
  const inFlight = new Set<Promise<void>>();
  let next = started;
  let lastSample = 0;
  let lastLine = started;
  while (Date.now() < until) {
    const now = Date.now();
    if (now - lastSample >= 5000) {
      lastSample = now;
      const rss = run.server.rssMb();
      if (rss) samples.push({ at: (now - started) / 1000, rssMb: rss });
    }
    if (now - lastLine >= 60_000) {
      lastLine = now;
      console.log(`  ${Math.round((now - started) / 1000)} s : ${stats.requests} requêtes, 5xx ${stats.count((s) => s.startsWith('5'))}, mémoire ${samples.at(-1)?.rssMb.toFixed(0)} Mo`);
    }
    // Open loop: actions start on schedule whatever the answers' speed (bounded in flight).
    while (next <= now && inFlight.size < 200) {
      const p: Promise<void> = action(stats, data).finally(() => inFlight.delete(p));
      inFlight.add(p);
      next += 1000 / rate;
    }
    if (next <= now) next = now;
    await sleep(Math.max(1, Math.min(50, next - Date.now())));
  }
  await Promise.all(inFlight);
  return { stats, samples, achieved: stats.requests / SOAK_SECONDS };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function main(): Promise<number> {
  console.log('Démarrage d’un PostgreSQL jetable et du serveur…');
  run = await startLongRun('soak', { AUTH_RATE_LIMIT: '1000000' });
  try {
    const data = await prepare();
    console.log(`Pic : ${PEAK_WORKERS} clients sans pause pendant ${PEAK_SECONDS} s…`);
    const peak = await measurePeak(data);
    const rate = FIXED_RATE ?? Math.max(1, peak.rps / 2);
    console.log(`  ${peak.rps.toFixed(1)} requêtes/s au pic (p95 ${peak.stats.percentile(95).toFixed(0)} ms) ; endurance à ${rate.toFixed(1)} actions/s pendant ${SOAK_SECONDS} s`);
    const { stats, samples, achieved } = await soak(data, rate);

    const fivexx = stats.count((s) => s.startsWith('5'));
    const broken = stats.count((s) => s === 'network' || s === 'timeout');
    const third = samples.length / 3;
    const middle = mean(samples.slice(Math.floor(third), Math.floor(2 * third)).map((s) => s.rssMb));
    const last = mean(samples.slice(Math.floor(2 * third)).map((s) => s.rssMb));
    const memoryOk = samples.length >= 6 && last <= middle * 1.1;
    const violations = await checkLedger(run.ctx.db);
    const statuses = [...stats.statuses].sort().map(([s, n]) => `${n}×${s}`).join(', ');
    const outcomes = [
      { name: 'Pic mesuré (mélange, 8 clients sans pause)', ok: peak.stats.count((s) => s.startsWith('5')) === 0, figures: `${peak.rps.toFixed(1)} req/s, p95 ${peak.stats.percentile(95).toFixed(0)} ms, ${peak.stats.requests} requêtes` },
      {
        name: `Endurance ${Math.round(SOAK_SECONDS / 60)} min à ${rate.toFixed(1)} actions/s`,
        ok: fivexx === 0 && broken === 0,
        figures: `${stats.requests} requêtes (${achieved.toFixed(1)} req/s) : ${statuses} ; p50 ${stats.percentile(50).toFixed(0)} ms, p95 ${stats.percentile(95).toFixed(0)} ms, p99 ${stats.percentile(99).toFixed(0)} ms`,
      },
      {
        name: 'Mémoire du serveur (RSS)',
        ok: memoryOk,
        figures: `début ${samples[0]?.rssMb.toFixed(0)} Mo, tiers central ${middle.toFixed(0)} Mo, dernier tiers ${last.toFixed(0)} Mo, maximum ${Math.max(...samples.map((s) => s.rssMb)).toFixed(0)} Mo, fin ${samples.at(-1)?.rssMb.toFixed(0)} Mo`,
      },
      { name: 'Grand livre à la fin', ok: violations.length === 0, figures: violations.length === 0 ? 'aucune anomalie' : violations.map((v) => v.message).join(' ') },
    ];
    console.log(`\n${report('Endurance', outcomes)}\n`);
    console.log(`Mémoire (s → Mo) : ${samples.filter((_, i) => i % 6 === 0).map((s) => `${s.at.toFixed(0)}→${s.rssMb.toFixed(0)}`).join(' ')}`);
    return outcomes.every((o) => o.ok) ? 0 : 1;
  } finally {
    await run.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
