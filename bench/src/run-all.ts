/**
 * `npm run bench`: every part in turn, each in a process of its own, then RESULTS.md. The data
 * at scale is seeded first only when the bench database lacks it (BENCH_RESEED=1 to redo it).
 */
import { spawnSync } from 'node:child_process';
import { BENCH_DIR, log } from './lib/env';
import { assertSeeded } from './lib/bench-db';

const PARTS = ['api', 'signin', 'upload', 'start', 'web'] as const;

function run(script: string): void {
  const t = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', `src/${script}.ts`], { cwd: BENCH_DIR, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`bench ${script} : échec (code ${result.status})`);
  log(`${script} terminé en ${Math.round((Date.now() - t) / 1000)} s`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const seeded = await assertSeeded().then(
    () => true,
    () => false,
  );
  if (!seeded || process.env.BENCH_RESEED === '1') run('seed');
  const only = process.env.BENCH_ONLY?.split(',');
  for (const part of PARTS) if (!only || only.includes(part)) run(part);
  run('report');
  log(`banc complet en ${Math.round((Date.now() - started) / 60_000)} min`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
