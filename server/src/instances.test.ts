/**
 * Two app servers behind one reverse proxy, as docs/deploy.md lays them out: one PostgreSQL,
 * one S3-compatible store, and each instance with its own connections, caches, job-queue
 * client and store client. A member's requests land on either; what one instance did, the
 * other must see.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gainCents } from '@creadefi/domain';
import { createTestApp, type TestApp } from './test/harness';
import { startTestS3Server, type TestS3Server } from './test/s3-server';
import { openStream } from './test/event-stream';
import { buildContest, buildFinalisedContest, buildOrganiser, buildUser, type TestUser } from './test/factories';
import { loadConfig } from './config';
import { buildApp } from './app';
import { openPostgres, type Database } from './db/client';
import { OutboxMailer } from './adapters/mail/outbox';
import { createIdentityProviders } from './adapters/identity';
import { createFileStore } from './adapters/files';
import { createPaymentProvider } from './adapters/payments';
import { openQueue, stopQueue, type JobQueue } from './jobs/queue';
import { files, ledgerEntries } from './db/schema';
import { accounts, balanceOf } from './modules/ledger/ledger';
import { checkLedger } from './modules/ledger/check';
import { fakePng, multipartBody, realPng } from './modules/files/test-helpers';
import { participationOf, uploadProposal } from './modules/participations/test-helpers';
import type { App } from './http/types';

const onPostgres = Boolean(inject('pgTemplate'));

let s3: TestS3Server;
let a: TestApp;
let b: App;
let bDatabase: Database;
let bQueue: JobQueue;
let bDataDir: string;

beforeAll(async () => {
  if (!onPostgres) return;
  s3 = await startTestS3Server();
  a = await createTestApp({ env: s3.env });
  const result = await a.ctx.db.execute(sql`select current_database() as name`);
  const url = new URL(inject('pgTemplate')!.url);
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
  // Instance B shares nothing with A but the database server, the object store and the time.
  bDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-instance-b-'));
  const config = loadConfig({}, { ...a.ctx.config, DATA_DIR: bDataDir, dataDir: bDataDir });
  bDatabase = await openPostgres(url.toString(), 5);
  bQueue = await openQueue(bDatabase, { work: false, onError: (err) => console.error(err) });
  b = await buildApp(
    config,
    {
      database: bDatabase,
      mailer: new OutboxMailer(path.join(bDataDir, 'outbox'), config.MAIL_FROM, () => {}),
      identity: createIdentityProviders(config),
      files: createFileStore(config),
      payments: createPaymentProvider(config, bDatabase.db, a.clock.now),
      queue: bQueue,
      clock: a.clock.now,
    },
    { logger: false },
  );
  await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (!onPostgres) return;
  await b.close();
  await stopQueue(bQueue);
  await bDatabase.close();
  fs.rmSync(bDataDir, { recursive: true, force: true });
  await a.close();
  await s3.close();
});

const bearer = (u: TestUser) => ({ authorization: `Bearer ${u.token}` });

describe.skipIf(!onPostgres)('two instances on one PostgreSQL and one object store (needs TEST_DATABASE_URL: the embedded database lives inside one process)', () => {
  it('a proposal uploaded through A is previewed through B, from the shared store', async () => {
    const organiser = await buildUser(a.ctx, { withProvider: true });
    const talent = await buildUser(a.ctx, { withProvider: true });
    const contest = await buildContest(a.ctx, organiser);
    const id = await participationOf(a, talent, contest.id);
    const png = await realPng(900, 600);
    const uploaded = await uploadProposal(a, talent, id, { filename: 'logo.png', content: png });
    expect(uploaded.statusCode).toBe(200);
    const file = uploaded.json().results.file;
    await a.previewsDone();

    const preview = await b.inject({ method: 'GET', url: `/api/files/${file.id}/preview`, headers: organiser.headers });
    expect(preview.statusCode).toBe(200);
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480 });
    const original = await b.inject({ method: 'GET', url: file.filepath, headers: talent.headers });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(png)).toBe(true);
  });

  it('a message sent through A reaches the conversation and the live events of B', async () => {
    const organiser = await buildUser(a.ctx, { withProvider: true });
    const talent = await buildUser(a.ctx, { withProvider: true });
    const contest = await buildContest(a.ctx, organiser);
    const id = await participationOf(a, talent, contest.id);
    const stream = await openStream(`http://127.0.0.1:${(b.server.address() as AddressInfo).port}/api/events`, bearer(organiser));
    try {
      await stream.next('ready');
      const event = stream.next('message');
      const sent = await a.app.inject({ method: 'POST', url: '/api/message/create', headers: talent.headers, payload: { idParticipation: id, message: 'Bonjour depuis A' } });
      expect(sent.statusCode).toBe(200);
      expect(await event).toEqual({ type: 'message', idParticipation: id });
    } finally {
      stream.close();
    }
    const conversation = await b.inject({ method: 'GET', url: `/api/message/readByParticipant/${id}`, headers: organiser.headers });
    expect(conversation.statusCode).toBe(200);
    expect(conversation.body).toContain('Bonjour depuis A');
  });

  it('final files sent through B are validated once whichever instance the validations reach, and the ledger holds', async () => {
    const organiser = await buildOrganiser(a.ctx);
    const { contest, winners } = await buildFinalisedContest(a.ctx, organiser, { winners: 1 });
    const winner = winners[0]!;
    const content = fakePng(3000);
    const body = multipartBody([
      { name: 'idParticipation', value: String(winner.participationId) },
      { name: 'fileFinale', filename: 'logo-final.png', content },
    ]);
    const sent = await b.inject({ method: 'POST', url: '/api/concours/participant/upload/finalFile', headers: { ...winner.user.headers, ...body.headers }, payload: body.payload });
    expect(sent.statusCode).toBe(200);
    const [final] = await a.ctx.db.select().from(files).where(and(eq(files.participationId, winner.participationId), eq(files.kind, 'final')));
    expect(s3.leftovers()).toContain(final!.storageKey);

    const validate = (app: App) => app.inject({ method: 'POST', url: '/api/concours/winner/final', headers: organiser.headers, payload: { idConcours: contest.id, idParticipation: winner.participationId } });
    const answers = await Promise.all([validate(a.app), validate(b), validate(a.app), validate(b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await a.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountCode, accounts.wallet(winner.user.id)))).toHaveLength(1);
    expect(await balanceOf(a.ctx.db, accounts.wallet(winner.user.id))).toBe(gainCents(contest.costCents));
    expect(await checkLedger(a.ctx.db)).toEqual([]);

    // The organiser now takes the files, through A, from what B stored.
    const download = await a.app.inject({ method: 'GET', url: `/api/files/${final!.id}`, headers: organiser.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
  });
});
