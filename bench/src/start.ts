/**
 * The embedded default: how long `npm start` takes to answer and how much memory the server
 * holds, on a new data folder (PGlite created, migrated, demo data loaded) and on the same
 * folder again. The web build that `npm start` runs first is timed on its own.
 *
 *   npm run bench:start -w bench
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, loadAverage, log, saveResult } from './lib/env';
import { freePort, rssOf, spawnServer, waitUntilUp } from './lib/server';

const MB = 1_000_000;

async function startOnce(dataDir: string): Promise<{ readyMs: number; rssReadyBytes: number; rssAfterTrafficBytes: number; dataDirBytes: number }> {
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  const server = await spawnServer({ script: 'server/src/main.ts', env, port: await freePort(), readyPath: '/api/health' });
  try {
    const rssReadyBytes = server.rssBytes();
    // A visitor's first minute: the landing page, its assets, a few API calls.
    const html = await (await fetch(`${server.url}/`)).text();
    for (const asset of html.match(/\/assets\/[^"]+/g) ?? []) await (await fetch(server.url + asset)).arrayBuffer();
    for (let i = 0; i < 50; i++) await (await fetch(`${server.url}/api/health`)).arrayBuffer();
    return { readyMs: server.readyAfterMs, rssReadyBytes, rssAfterTrafficBytes: server.rssBytes(), dataDirBytes: folderBytes(dataDir) };
  } finally {
    await server.stop();
  }
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    // A file the server is still writing may be renamed or gone by the time it is measured.
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}

/** `npm start` itself, as a person runs it: build, then serve; the time until it answers. */
async function npmStart(dataDir: string): Promise<{ readyMs: number; rssServerBytes: number }> {
  const port = await freePort();
  let printed = '';
  const child = spawn('npm', ['start'], { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.on('data', (c: Buffer) => (printed = (printed + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (printed = (printed + c.toString()).slice(-20_000)));
  try {
    const readyMs = await waitUntilUp(`http://127.0.0.1:${port}/api/health`, child, () => printed, 300_000);
    return { readyMs, rssServerBytes: serverRss(child.pid!) };
  } finally {
    // npm, sh and tsx sit between us and the server: the whole group started here is stopped.
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** Resident memory of the deepest node process under `pid` (the server, below npm and tsx). */
function serverRss(pid: number): number {
  let current = pid;
  for (;;) {
    const children = fs.existsSync(`/proc/${current}/task/${current}/children`) ? fs.readFileSync(`/proc/${current}/task/${current}/children`, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
    if (children.length === 0) return rssOf(current);
    current = Number(children.at(-1));
  }
}

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const t = performance.now();
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const buildMs = Math.round(performance.now() - t);
  log(`construction de l'application web : ${(buildMs / 1000).toFixed(1)} s`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-bench-start-'));
  const npmDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-bench-npmstart-'));
  try {
    const fresh = await startOnce(dataDir);
    log(`dossier neuf : prêt en ${(fresh.readyMs / 1000).toFixed(1)} s, ${Math.round(fresh.rssReadyBytes / MB)} Mo (${Math.round(fresh.rssAfterTrafficBytes / MB)} Mo après quelques requêtes)`);
    const existing = await startOnce(dataDir);
    log(`dossier existant : prêt en ${(existing.readyMs / 1000).toFixed(1)} s, ${Math.round(existing.rssReadyBytes / MB)} Mo (${Math.round(existing.rssAfterTrafficBytes / MB)} Mo après quelques requêtes)`);
    const whole = await npmStart(npmDir);
    log(`npm start complet (construction comprise), dossier neuf : prêt en ${(whole.readyMs / 1000).toFixed(1)} s`);
    log(`résultats : ${saveResult('start', { buildMs, fresh, existing, npmStart: whole, loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() })}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(npmDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
