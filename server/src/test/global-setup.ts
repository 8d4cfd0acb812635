/**
 * Prepares one migrated database with the catalogue; every test file then starts from a
 * copy of it (STYLE habit 6). PGlite: a data-folder dump loaded by each file. PostgreSQL
 * (TEST_DATABASE_URL): a template database cloned with CREATE DATABASE … TEMPLATE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { syncCatalogue } from '../db/catalogue-sync';
import { openQueue, stopQueue } from '../jobs/queue';

/** The job queue's own schema, installed once in the template rather than by every test file. */
async function installQueue(database: Awaited<ReturnType<typeof openPglite>>): Promise<void> {
  await stopQueue(await openQueue(database, { work: false, onError: (err) => console.error(err) }));
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    pgTemplate: { url: string; name: string } | null;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `creadefi_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openPostgres(withDatabase(url, name), 1);
    await migrate(database);
    await syncCatalogue(database.db);
    await installQueue(database);
    await database.close();
    project.provide('pgTemplate', { url, name });
    project.provide('pgliteTemplate', null);
    return async () => {
      // Test databases cloned from the template are dropped by their own files; sweep leftovers.
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'creadefi_t_${process.pid}_%'`);
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await migrate(database);
  await syncCatalogue(database.db);
  await installQueue(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: string): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-tpl-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', null);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
