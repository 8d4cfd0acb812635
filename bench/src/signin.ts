/**
 * Sign-in under load: 10 sign-ins at a time for a fixed time against the real app, while a
 * probe asks /api/health every 25 ms. Password hashing (argon2id) runs off the event loop,
 * so the probe's latency says whether other requests still get through.
 *
 *   npm run bench:signin -w bench     (BENCH_SIGNIN_SECONDS=15)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyPassword, hashPassword } from '../../server/src/modules/auth/passwords';
import { BENCH_DATABASE_URL, loadAverage, log, round1, saveResult } from './lib/env';
import { BENCH_PASSWORD, SCALE, emailOf } from './lib/dataset';
import { assertSeeded } from './lib/bench-db';
import { appEnv, freePort, spawnServer } from './lib/server';
import { percentile } from './lib/load';

const CONCURRENCY = 10;
const SECONDS = Number(process.env.BENCH_SIGNIN_SECONDS ?? 15);
const PROBE_EVERY_MS = 25;

export const SIGNIN_BUDGET = { p95Ms: 500, probeP99Ms: 50 } as const;

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: round1(percentile(sorted, 50)), p95Ms: round1(percentile(sorted, 95)), p99Ms: round1(percentile(sorted, 99)), maxMs: round1(sorted.at(-1) ?? 0) };
};

async function timed(run: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await run();
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

async function probe(url: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const { ms } = await timed(() => fetch(url));
    latencies.push(ms);
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  return latencies;
}

async function main(): Promise<void> {
  await assertSeeded();
  // What one verification costs on this machine, alone: the floor of a sign-in's latency.
  const hash = await hashPassword(BENCH_PASSWORD);
  const single: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await verifyPassword(hash, BENCH_PASSWORD);
    single.push(performance.now() - t);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-bench-signin-'));
  // The per-address limit of sign-ins would stop a load test from one address at its 11th try.
  const app = await spawnServer({ script: 'server/src/main.ts', env: appEnv(BENCH_DATABASE_URL, dataDir, { AUTH_RATE_LIMIT: '1000000' }), port: await freePort(), readyPath: '/api/health' });
  const loadBefore = loadAverage();
  try {
    const health = `${app.url}/api/health`;
    let stop = false;
    const idleProbe = probe(health, () => stop);
    await new Promise((r) => setTimeout(r, 2000));
    stop = true;
    const idle = await idleProbe;

    const deadline = Date.now() + SECONDS * 1000;
    const signIns: number[] = [];
    let failures = 0;
    let userId = 1;
    const worker = async () => {
      while (Date.now() < deadline) {
        const email = emailOf(1 + (userId++ % SCALE.users));
        const r = await timed(() =>
          fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) }),
        );
        if (r.status === 200) signIns.push(r.ms);
        else failures++;
      }
    };
    const underLoad = probe(health, () => Date.now() >= deadline);
    log(`${CONCURRENCY} connexions simultanées pendant ${SECONDS} s (charge ${loadBefore})`);
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const loaded = await underLoad;

    const result = {
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      singleVerifyMs: stats(single),
      signIns: { ...stats(signIns), perSecond: round1(signIns.length / SECONDS), failures },
      probeIdle: stats(idle),
      probeUnderLoad: stats(loaded),
      threadPool: process.env.UV_THREADPOOL_SIZE ?? '4 (défaut de Node)',
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
      budget: SIGNIN_BUDGET,
    };
    log(
      `connexions : ${result.signIns.perSecond}/s, p50 ${result.signIns.p50Ms} ms, p95 ${result.signIns.p95Ms} ms, échecs ${failures} ; ` +
        `sonde /api/health : p99 ${result.probeUnderLoad.p99Ms} ms sous charge (${result.probeIdle.p99Ms} ms au repos) ; une vérification seule ${result.singleVerifyMs.p50Ms} ms`,
    );
    log(`résultats : ${saveResult('signin', result)}`);
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
