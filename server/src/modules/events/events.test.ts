import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db/client';
import { buildApp } from '../../app';
import { OutboxMailer } from '../../adapters/mail/outbox';
import { openQueue, stopQueue } from '../../jobs/queue';
import { createIdentityProviders } from '../../adapters/identity';
import { createFileStore } from '../../adapters/files';
import { createPaymentProvider } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { App } from '../../http/types';
import { EventHub, type EventStream } from './hub';
import { openStream } from '../../test/event-stream';
import { EVENTS_CHANNEL } from './publish';

const bearer = (u: TestUser) => ({ authorization: `Bearer ${u.token}` });

describe('live events on one instance', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('asks who is listening', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    expect((await fetch(`${base}/api/events?token=${'x'.repeat(43)}`)).status).toBe(401);
  });

  it('sends a new message to both parties (header or ?token=), nobody else, only once committed', async () => {
    const organiser = await buildUser(t.ctx);
    const talent = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, organiser);
    const id = await buildProposal(t.ctx, contest.id, talent);
    // Two more conversations, whose messages later show how far each stream has been read.
    const talent2 = await buildUser(t.ctx);
    const id2 = await buildProposal(t.ctx, contest.id, talent2);
    const strangersId = await buildProposal(t.ctx, (await buildContest(t.ctx, stranger)).id, talent);
    const o = await openStream(`${base}/api/events`, bearer(organiser));
    const tk = await openStream(`${base}/api/events?token=${talent.token}`);
    const s = await openStream(`${base}/api/events`, bearer(stranger));
    await Promise.all([o.next('ready'), tk.next('ready'), s.next('ready')]);

    const toOrganiser = o.next('message');
    const toTalent = tk.next('message');
    const bell = o.next('notification');
    const res = await t.app.inject({ method: 'POST', url: '/api/message/create', headers: talent.headers, payload: { idParticipation: id, message: 'Bonjour' } });
    expect(res.statusCode).toBe(200);
    expect(await toOrganiser).toEqual({ type: 'message', idParticipation: id });
    expect(await toTalent).toEqual({ type: 'message', idParticipation: id });
    expect(await bell).toEqual({ type: 'notification', idParticipation: id });

    // A refused message (rolled back) announces nothing. Events reach a stream in the order
    // they were committed, so each stream's next message is the one sent after the refusal,
    // and the stranger heard nothing before the message of their own conversation.
    const refused = await t.app.inject({ method: 'POST', url: '/api/message/create', headers: stranger.headers, payload: { idParticipation: id, message: 'Intrus' } });
    expect(refused.statusCode).toBe(403);
    const after = [o.next('message'), tk.next('message'), s.next('message'), s.next('notification')];
    const send = (author: TestUser, idParticipation: number) => t.app.inject({ method: 'POST', url: '/api/message/create', headers: author.headers, payload: { idParticipation, message: 'Et ensuite' } });
    expect((await send(talent2, id2)).statusCode).toBe(200);
    expect((await send(talent, strangersId)).statusCode).toBe(200);
    expect(await Promise.all(after)).toEqual([
      { type: 'message', idParticipation: id2 },
      { type: 'message', idParticipation: strangersId },
      { type: 'message', idParticipation: strangersId },
      { type: 'notification', idParticipation: strangersId },
    ]);
    expect([...s.received].sort()).toEqual(['message', 'notification', 'ready']);
    // The stranger's stream stays open: closing the app must end it rather than wait for it.
    for (const stream of [o, tk]) stream.close();
  });
});

describe('the hub', () => {
  it('beats every interval, fans out to the named users, forgets closed streams and ends all on close', async () => {
    let deliver: (payload: string) => void = () => {};
    let unlistened = false;
    const hub = new EventHub(async (channel, onMessage) => {
      expect(channel).toBe(EVENTS_CHANNEL);
      deliver = onMessage;
      return async () => {
        unlistened = true;
      };
    }, undefined, 20);
    await hub.ready();
    const written: Record<string, string[]> = { a: [], b: [] };
    let ended = 0;
    const stream = (k: 'a' | 'b'): EventStream => ({ write: (c) => written[k]!.push(c), end: () => ended++ });
    // The machine's load must not decide how many beats fit in a wait: the clock is faked.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const removeA = hub.add(1, stream('a'));
    hub.add(2, stream('b'));
    vi.advanceTimersByTime(50);
    vi.useRealTimers();
    expect(written.a!.filter((c) => c === ': ping\n\n')).toHaveLength(2);
    deliver(JSON.stringify({ userIds: [1], type: 'notification', idParticipation: null }));
    deliver('pas du JSON');
    expect(written.a!.at(-1)).toBe('event: notification\ndata: {"type":"notification","idParticipation":null}\n\n');
    expect(written.b!.some((c) => c.startsWith('event:'))).toBe(false);
    removeA();
    expect(hub.size).toBe(1);
    await hub.close();
    expect(ended).toBe(1);
    expect(unlistened).toBe(true);
    expect(hub.size).toBe(0);
  });
});

/** Two app instances on one PostgreSQL database, as behind a load balancer. */
describe.skipIf(!inject('pgTemplate'))('live events across instances (PostgreSQL)', () => {
  const instances: { app: App; ctx: AppContext; close(): Promise<void> }[] = [];
  let dbName = '';
  let admin: pg.Client;

  beforeAll(async () => {
    const template = inject('pgTemplate')!;
    dbName = `creadefi_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${template.name}`);
    const url = new URL(template.url);
    url.pathname = `/${dbName}`;
    const clock = testClock();
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-events-'));
      const config = loadConfig({}, { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: false, JOBS: false, PUBLIC_URL: 'http://localhost:3000' });
      const database = await openPostgres(url.toString(), 5);
      const deps = {
        database,
        mailer: new OutboxMailer(path.join(dataDir, 'outbox'), config.MAIL_FROM, () => {}),
        identity: createIdentityProviders(config),
        files: createFileStore(config),
        payments: createPaymentProvider(config, database.db, clock.now),
        queue: await openQueue(database, { work: false, onError: (err) => console.error(err) }),
        clock: clock.now,
      };
      const app = await buildApp(config, deps, { logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({
        app,
        ctx: { ...deps, config, db: database.db },
        close: async () => {
          await app.close();
          await stopQueue(deps.queue);
          await database.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      });
    }
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });

  it('delivers a message written through instance A to a client of instance B', async () => {
    const [a, b] = instances;
    const organiser = await buildUser(a!.ctx);
    const talent = await buildUser(a!.ctx);
    const contest = await buildContest(a!.ctx, organiser);
    const id = await buildProposal(a!.ctx, contest.id, talent);
    const port = (b!.app.server.address() as AddressInfo).port;
    const stream = await openStream(`http://127.0.0.1:${port}/api/events`, bearer(organiser));
    await stream.next('ready');
    const event = stream.next('message');
    const res = await a!.app.inject({ method: 'POST', url: '/api/message/create', headers: talent.headers, payload: { idParticipation: id, message: 'Bonjour depuis A' } });
    expect(res.statusCode).toBe(200);
    expect(await event).toEqual({ type: 'message', idParticipation: id });
    stream.close();
  });
});
