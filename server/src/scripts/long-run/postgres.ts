/**
 * A PostgreSQL server of its own for the long runs, in a temporary folder on a free port, so
 * that it can be stopped and started without touching anyone else's database. Uses the
 * machine's PostgreSQL binaries (initdb, pg_ctl); as root they run as the `postgres` user,
 * since PostgreSQL refuses to run as root.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(path.join(root, v, 'bin', 'pg_ctl'))) return path.join(root, v, 'bin');
  throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found under /usr/lib/postgresql');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export class ThrowawayPostgres {
  private readonly bin = binDir();
  private readonly asRoot = process.getuid?.() === 0;
  readonly dir: string;
  port = 0;

  constructor() {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-pg-'));
  }

  private run(tool: string, args: string[]): string {
    const command = path.join(this.bin, tool);
    const [file, argv] = this.asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  async init(): Promise<void> {
    if (this.asRoot) execFileSync('chown', ['postgres:postgres', this.dir]);
    this.port = await freePort();
    this.run('initdb', ['-D', this.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await this.start();
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100`;
    this.run('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', path.join(this.dir, 'server.log'), '-w', 'start']);
  }

  /** `fast` disconnects every client at once, like a crash of the database server would. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    return this.url(name);
  }

  destroy(): void {
    try {
      this.stop('immediate');
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
