import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer } from '../adapters/mail/smtp';
import { createTestApp, openTestDatabase, type TestApp } from '../test/harness';
import { eventually } from '../test/eventually';
import { enqueueMail, ensureQueue, FAILED_MAIL_QUEUE, MAIL_QUEUE, openQueue, queueCounts, stopQueue, type JobQueue } from './queue';

const REFUSED = 'refus-definitif@exemple.fr';

describe('mails while the mail server is down', () => {
  const received: string[] = [];
  let smtp: SMTPServer | null = null;
  let port = 0;
  let t: TestApp;

  /** Listens on `port` (0: any free one, kept for the next start). */
  async function startSmtp(): Promise<void> {
    const server = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      // One address the server refuses, for a mail that fails among others that leave.
      onRcptTo(address, _session, callback) {
        callback(address.address === REFUSED ? Object.assign(new Error('Destinataire refusé'), { responseCode: 550 }) : undefined);
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
    smtp = server;
  }
  const stopSmtp = () => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));

  beforeAll(async () => {
    await startSmtp();
    t = await createTestApp({ deps: { mailer: new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Créadéfi <no-reply@creadefi.fr>') } });
    // Retries a second apart instead of minutes, so the test sees one within its run.
    await t.ctx.queue.updateQueue(MAIL_QUEUE, { retryDelay: 1, retryBackoff: false });
  });
  afterAll(async () => {
    await t.close();
    await stopSmtp();
  });

  /**
   * With the mail server down, `cause` makes one mail to `to`: it is tried, refused and kept
   * for a retry, then leaves exactly once when the server is back.
   */
  async function keptThroughOutage(to: string, cause: () => Promise<void>): Promise<void> {
    await stopSmtp();
    await cause();

    // The worker tried, the transport refused, and the mail waits for its retry.
    const mailJobs = () => t.ctx.queue.findJobs<{ to: string }>(MAIL_QUEUE, { data: { to } });
    await eventually(async () => (await mailJobs()).some((j) => j.state === 'retry' && j.retryCount >= 1), 10_000, 'the mail was not retried');
    expect(received).not.toContain(to);
    const mail = (await queueCounts(t.ctx.queue)).find((q) => q.name === MAIL_QUEUE);
    expect(mail).toMatchObject({ pending: 1, failed: 0 });

    await startSmtp();
    await eventually(async () => (await mailJobs()).every((j) => j.state === 'completed'), 15_000, 'the mail did not leave once the server was back');
    expect(received.filter((address) => address === to)).toEqual([to]);
    expect(await mailJobs()).toHaveLength(1);
  }

  it('sends a burst of mails within seconds, each once, and a refused one fails alone', async () => {
    const burst = Array.from({ length: 30 }, (_, i) => `rafale-${i}@exemple.fr`);
    const started = Date.now();
    await t.ctx.db.transaction(async (tx) => {
      for (const to of [...burst.slice(0, 15), REFUSED, ...burst.slice(15)]) await enqueueMail(t.ctx.queue, tx, { to, subject: 'Rafale', text: 'Un message parmi d’autres.' });
    });
    // One mail a poll would take a minute: they leave in batches, one fetch after the other.
    await eventually(() => burst.every((to) => received.includes(to)), 10_000, 'the burst did not leave within 10 s');
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const to of burst) expect(received.filter((address) => address === to)).toEqual([to]);
    const refused = () => t.ctx.queue.findJobs(MAIL_QUEUE, { data: { to: REFUSED } });
    await eventually(async () => (await refused()).some((j) => j.state === 'retry'), 10_000, 'the refused mail was not kept for a retry');
    expect(received).not.toContain(REFUSED);
    // Out of the way of the next tests, which count what waits in the queue.
    for (const job of await refused()) await t.ctx.queue.deleteJob(MAIL_QUEUE, job.id);
  });

  it('keeps the verification mail while the transport fails and sends it once when it is back', async () => {
    const email = 'patiente@exemple.fr';
    await keptThroughOutage(email, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { pseudo: 'Patiente', email, password: 'Secret123!', confirmPassword: 'Secret123!' } });
      expect(res.statusCode).toBe(201);
    });
  });

  it('keeps a contact message for support while the transport fails and sends it once when it is back', async () => {
    await keptThroughOutage(t.ctx.config.SUPPORT_EMAIL, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Amélie Poulain', email: 'amelie@exemple.fr', objet: 'Question', message: 'Bonjour' } });
      // The sender is thanked at once: the message is safe in the queue.
      expect(res.statusCode).toBe(200);
    });
  });

  it('keeps a mail refused on every try among the failed mails', async () => {
    await t.ctx.queue.updateQueue(MAIL_QUEUE, { retryLimit: 1 });
    await stopSmtp();
    const email = 'refusee@exemple.fr';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { pseudo: 'Refusee', email, password: 'Secret123!', confirmPassword: 'Secret123!' } });
    expect(res.statusCode).toBe(201);
    await eventually(async () => (await t.ctx.queue.findJobs(FAILED_MAIL_QUEUE, { data: { to: email } })).length === 1, 15_000, 'the mail did not reach the failed mails');
    expect((await queueCounts(t.ctx.queue)).find((q) => q.name === FAILED_MAIL_QUEUE)).toMatchObject({ pending: 1 });
    expect(received).not.toContain(email);
  });
});

describe.skipIf(!inject('pgTemplate'))('two instances on one PostgreSQL', () => {
  // PGlite lives inside one process: two instances cannot share it, so this runs with TEST_DATABASE_URL only.
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let instances: JobQueue[];

  beforeAll(async () => {
    database = await openTestDatabase();
    instances = [];
    for (const name of ['a', 'b']) instances.push(await openQueue(database, { work: true, instanceName: name, cronCheckSeconds: 1, onError: (err) => console.error(err) }));
  });
  afterAll(async () => {
    for (const queue of instances) await stopQueue(queue);
    await database.drop();
  });

  it('handles each of 20 queued jobs once', async () => {
    const handled: string[] = [];
    for (const queue of instances) {
      await ensureQueue(queue, 'once-each', { retryLimit: 0 });
      await queue.work('once-each', { pollingIntervalSeconds: 0.5, batchSize: 3 }, async (jobs) => {
        handled.push(...jobs.map((j) => j.id));
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await instances[i % 2]!.send('once-each', { i }))!);
    await eventually(async () => (await instances[0]!.findJobs('once-each')).every((j) => j.state === 'completed'), 20_000, 'jobs left unhandled');
    expect([...handled].sort()).toEqual([...ids].sort());
  });

  it(
    'runs a scheduled job once per occurrence, whichever instance claims it',
    async () => {
      const runs: { instance: number; id: string }[] = [];
      for (const [i, queue] of instances.entries()) {
        await ensureQueue(queue, 'every-minute', { policy: 'singleton', retryLimit: 0 });
        // Both instances declare the schedule, as every server does at start.
        await queue.schedule('every-minute', '* * * * *');
        await queue.work('every-minute', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
          runs.push({ instance: i, id: job!.id });
        });
      }
      // The first occurrence comes at the next minute.
      await eventually(() => runs.length > 0, 75_000, 'the schedule never ran');
      // Two further cron passes (one claimed per second across the instances) after the run.
      const cronOn = async () => ((await database.db.execute(sql`select cron_on::text as at from pgboss.version`)) as unknown as { rows: { at: string | null }[] }).rows[0]?.at;
      for (let pass = 0; pass < 2; pass++) {
        const before = await cronOn();
        await eventually(async () => (await cronOn()) !== before, 10_000, 'no cron pass');
      }
      // Each occurrence is forwarded once, whichever instance's pass found it: pg-boss files it
      // under the minute it falls in (its slot). A pass that catches up on a missed occurrence
      // forwards it beside the one due now, so two jobs may be created within one minute: the
      // slots, not the jobs' creation times, tell the occurrences apart.
      const forwarded = (await database.db.execute(sql`select data->>'slot' as slot from pgboss.job where name = '__pgboss__send-it' and data->>'name' = 'every-minute'`)) as unknown as { rows: { slot: string }[] };
      const slots = forwarded.rows.map((r) => r.slot);
      expect(slots.length).toBeGreaterThan(0);
      expect(new Set(slots).size).toBe(slots.length);
      // Each forwarded occurrence becomes at most one job (one may still be on its way), run once.
      const jobs = await instances[0]!.findJobs('every-minute');
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.length).toBeLessThanOrEqual(slots.length);
      expect(runs.map((r) => r.id).sort()).toEqual(jobs.filter((j) => j.state !== 'created').map((j) => j.id).sort());
      expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
    },
    120_000,
  );
});
