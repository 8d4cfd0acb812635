/**
 * Runs a server in a process of its own, as production runs it, so that the load generator
 * never shares its event loop; reads its resident memory from /proc while it runs.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { REPO_ROOT } from './env';

export interface Running {
  pid: number;
  url: string;
  /** Everything it printed, for a failure message. */
  output: () => string;
  rssBytes: () => number;
  cpuMs: () => number;
  stop: () => Promise<void>;
}

const taken = new Set<number>();

function tryPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(bound));
    });
    server.on('error', reject);
  });
}

/**
 * A port nobody listens on: any the system gives, or, on a machine shared with others, the
 * first free one of `BENCH_PORTS` (for example `3300-3399`), so that the bench stays in its lane.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return tryPort(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (taken.has(port)) continue;
    const free = await tryPort(port).catch(() => null);
    if (free !== null) {
      // Handed out once: a server that has not bound it yet must not get a twin.
      taken.add(free);
      return free;
    }
  }
  throw new Error(`aucun port libre dans BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Processor time (user and system) a process has used so far, in milliseconds. */
function cpuMsOf(pid: number): number {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Polls `url` until it answers 200, or fails after `timeoutMs` with what the process printed. */
export async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode}) :\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`le serveur ne répond pas sur ${url} après ${timeoutMs / 1000} s :\n${output()}`);
}

export interface SpawnOptions {
  /** Script to run with tsx, relative to the repository root. */
  script: string;
  env: Record<string, string>;
  port: number;
  /** Path answering 200 once the server is ready. */
  readyPath: string;
  /** Run through `npm run <script>` in this workspace instead of node directly. */
  args?: string[];
}

export async function spawnServer(options: SpawnOptions): Promise<Running & { readyAfterMs: number }> {
  let printed = '';
  const child = spawn(process.execPath, ['--import', 'tsx', options.script, ...(options.args ?? [])], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  const output = () => printed;
  let readyAfterMs: number;
  try {
    readyAfterMs = await waitUntilUp(url + options.readyPath, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    pid: child.pid!,
    url,
    output,
    readyAfterMs,
    rssBytes: () => rssOf(child.pid!),
    cpuMs: () => cpuMsOf(child.pid!),
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The environment of the real app for the benches: PostgreSQL, production mode, quiet. */
export function appEnv(databaseUrl: string, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    JOBS: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}
