/**
 * The real server as a child process (`node --import tsx src/main.ts`: one process, so a
 * signal reaches the server itself), with its own data folder and port, so that the long
 * runs can kill it (SIGKILL, SIGTERM) and start it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');

export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  readonly log: string[] = [];

  constructor(
    readonly env: Record<string, string>,
    readonly port: number,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    if (!this.child?.pid) throw new Error('server not running');
    return this.child.pid;
  }

  /** Starts the server and resolves once /api/health answers 200; returns the time it took. */
  async start(timeoutMs = 180_000): Promise<number> {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.log.push(line);
      if (this.log.length > 2000) this.log.splice(0, this.log.length - 2000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`server exited during start:\n${this.log.slice(-20).join('\n')}`);
      try {
        const res = await fetch(`${this.base}/api/health`);
        if (res.status === 200) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not answer /api/health in time');
  }

  signal(signal: NodeJS.Signals): void {
    process.kill(this.pid, signal);
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return this.child?.exitCode ?? null;
    this.signal(signal);
    return this.exited;
  }

  waitExit(): Promise<number | null> {
    return this.exited;
  }

  /** Resident memory of the server process, in MB (Linux). */
  rssMb(): number | null {
    if (!this.child?.pid) return null;
    try {
      const status = fs.readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
      return Number.isFinite(kb) ? kb / 1024 : null;
    } catch {
      return null;
    }
  }
}
