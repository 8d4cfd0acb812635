/**
 * Where the benchmarks run: the PostgreSQL database of the data at scale, the machine they
 * are taken on, and the folder their raw figures are written to.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const BENCH_DIR = path.join(REPO_ROOT, 'bench');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');

/** The database the seeding fills: DATABASE_URL, or a database of its own on the local server. */
export const BENCH_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/creadefi_bench';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  loadAverage: [number, number, number];
}

function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  const [a, b, c] = os.loadavg();
  return {
    cpu: cpus[0]?.model.trim() ?? 'inconnu',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverage: [round2(a ?? 0), round2(b ?? 0), round2(c ?? 0)],
  };
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const round1 = (n: number) => Math.round(n * 10) / 10;

/** The load average right now, as `uptime` prints it: 1, 5 and 15 minutes. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
}

function gitRevision(): string {
  try {
    // "-dirty" when the work tree holds changes not committed yet.
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'inconnue';
  }
}

/** Saves the raw figures of one part of the bench; report.ts turns them into RESULTS.md. */
export function saveResult(name: string, data: unknown): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const payload = { name, takenAt: new Date().toISOString(), machine: machineInfo(), revision: gitRevision(), data };
  fs.writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
  return file;
}

export interface SavedResult<T> {
  name: string;
  takenAt: string;
  machine: MachineInfo;
  revision: string;
  data: T;
}

export function readResult<T>(name: string): SavedResult<T> | null {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SavedResult<T>;
}

export function log(line: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
}
