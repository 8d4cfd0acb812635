import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTEST_STATUS, DAY_MS } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrganiser, buildPaidContest, buildProposal, buildUser } from '../../test/factories';
import { contests, participations } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/dev/outbox', () => {
  it('lists the outbox newest first, with each mail’s link', async () => {
    // The outbox orders its mails by the time they were written. The clock stays near the real
    // one: the app's job queue, running beside, times its work from the same Date.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      await t.outbox.send({ to: 'premier@exemple.fr', subject: 'Premier', text: 'Un', link: 'http://localhost:3000/verify/premier' });
      vi.setSystemTime(start + 1000);
      await t.outbox.send({ to: 'second@exemple.fr', subject: 'Second', text: 'Deux' });
    } finally {
      vi.useRealTimers();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const mails = res.json().results.mails;
    expect(mails.map((m: { to: string }) => m.to)).toEqual(['second@exemple.fr', 'premier@exemple.fr']);
    expect(mails[1]).toEqual({ id: expect.any(String), to: 'premier@exemple.fr', subject: 'Premier', date: expect.any(String), link: 'http://localhost:3000/verify/premier' });
    expect(mails[0].link).toBeNull();
    expect(mails[0]).not.toHaveProperty('text');
  });

  it.each([
    ['in production', { NODE_ENV: 'production' as const }],
    ['with the SMTP transport', { MAIL_TRANSPORT: 'smtp' as const, SMTP_URL: 'smtp://127.0.0.1:2525' }],
  ])('does not exist %s', async (_label, env) => {
    const other = await createTestApp({ env });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message.code).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/dev/contests/:id/rewind', () => {
  it('moves the contest and its proposals back, then runs the passes that fell due', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser);
    const talent = await buildUser(t.ctx);
    const participationId = await buildProposal(t.ctx, contest.id, talent);
    const admin = await buildUser(t.ctx, { isAdmin: true });
    const [before] = await t.ctx.db.select().from(participations).where(eq(participations.id, participationId));

    const res = await t.app.inject({ method: 'POST', url: `/api/dev/contests/${contest.id}/rewind`, headers: admin.headers, payload: { hours: 24 * 8 } });
    expect(res.statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
    // Eight days back, the seven-day contest has ended, and the end-of-contest pass moved it.
    expect(after!.endDate!.getTime()).toBe(contest.endDate!.getTime() - 8 * DAY_MS);
    expect(after!.status).toBe(CONTEST_STATUS.awaitingWinner);
    const [moved] = await t.ctx.db.select().from(participations).where(eq(participations.id, participationId));
    expect(moved!.createdAt.getTime()).toBe(before!.createdAt.getTime() - 8 * DAY_MS);
  });

  it('is for admins, answers 404 for an unknown contest, and does not exist in production', async () => {
    const member = await buildUser(t.ctx);
    const admin = await buildUser(t.ctx, { isAdmin: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/contests/1/rewind', headers: member.headers, payload: { hours: 1 } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/contests/999999/rewind', headers: admin.headers, payload: { hours: 1 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/contests/1/rewind', headers: admin.headers, payload: { hours: 0 } })).statusCode).toBe(400);
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const res = await production.app.inject({ method: 'POST', url: '/api/dev/contests/1/rewind', headers: admin.headers, payload: { hours: 1 } });
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
