import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_VALIDATION_DELAY_MS, CONTEST_STATUS, DAY_MS, HOUR_MS, MAX_EXTENSION_DAYS, MESSAGES, formatParisDate, type AdminContestDetail } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildFinalisedContest, buildOrganiser, buildPaidContest, buildPromoCode, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { adminActions, contests, ledgerOperations, notifications, participations } from '../../db/schema';
import { endContests } from '../../jobs/end-contests';
import { autoValidateFinalFiles } from '../../jobs/auto-validate';

const A = MESSAGES.adminContests;

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.ctx, { isAdmin: true });
  otherAdmin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

const post = (url: string, user: TestUser | null, payload: object) => t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload });
const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const row = async (id: number) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!;
const detail = async (id: number): Promise<AdminContestDetail> => {
  const res = await get(`/api/admin/contests/${id}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json().results.contest as AdminContestDetail;
};
const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const actionsOn = (id: number) =>
  t.ctx.db
    .select()
    .from(adminActions)
    .where(and(eq(adminActions.targetType, 'contest'), eq(adminActions.targetId, id)));

/** A finalised contest whose only winner sent the final files `ago` milliseconds ago. */
async function filesSent(ago: number) {
  const organiser = await buildOrganiser(t.ctx);
  const finalised = await buildFinalisedContest(t.ctx, organiser, { winners: 1 });
  const winner = finalised.winners[0]!;
  await t.ctx.db
    .update(participations)
    .set({ finalSentAt: new Date(t.clock.now().getTime() - ago) })
    .where(eq(participations.id, winner.participationId));
  return { ...finalised, organiser, winner };
}

describe('GET /api/admin/contests', () => {
  it('finds a contest by its number, its company (whatever the case and accents), and its organiser’s e-mail or pseudo', async () => {
    const organiser = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, organiser, { companyName: 'Pâtisserie Élodie Rançon' });
    const other = await buildContest(t.ctx, await buildUser(t.ctx));
    const ids = async (q: string) => {
      const res = await get(`/api/admin/contests?q=${encodeURIComponent(q)}&pageSize=100`, admin);
      expect(res.statusCode).toBe(200);
      return (res.json().results.contests as { id: number }[]).map((c) => c.id);
    };
    expect((await ids(String(contest.id)))[0]).toBe(contest.id);
    for (const q of ['patisserie elodie', 'RANÇON', 'Élodie']) {
      const found = await ids(q);
      expect(found).toContain(contest.id);
      expect(found).not.toContain(other.id);
    }
    expect(await ids(organiser.email.toUpperCase())).toEqual([contest.id]);
    expect(await ids(organiser.pseudo)).toEqual([contest.id]);
    // A wildcard typed by the admin is a character like any other.
    expect(await ids('%')).not.toContain(contest.id);

    const res = await get(`/api/admin/contests?q=${contest.id}`, admin);
    expect(res.json().results.contests[0]).toMatchObject({
      id: contest.id,
      companyName: 'Pâtisserie Élodie Rançon',
      status: 2,
      statusLabel: 'En cours',
      organiser: { id: organiser.id, pseudo: organiser.pseudo, email: organiser.email },
      subCategory: 'Logo',
      costCents: 30_000,
    });
  });

  it('filters by status and pages in SQL', async () => {
    const organiser = await buildUser(t.ctx);
    await buildContest(t.ctx, organiser, { status: 1 });
    await buildContest(t.ctx, organiser, { status: 1 });
    const page = (await get(`/api/admin/contests?q=${encodeURIComponent(organiser.pseudo)}&status=1&page=2&pageSize=1`, admin)).json().results;
    expect(page).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(page.contests).toHaveLength(1);
    expect(page.contests[0].status).toBe(1);
    expect((await get(`/api/admin/contests?q=${encodeURIComponent(organiser.pseudo)}&status=5`, admin)).json().results.total).toBe(0);
    const unknown = await get('/api/admin/contests?status=9', admin);
    expect(unknown.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await get('/api/admin/contests', null)).statusCode).toBe(401);
    const member = await buildUser(t.ctx);
    expect((await get('/api/admin/contests', member)).statusCode).toBe(403);
    const contest = await buildContest(t.ctx, member);
    expect((await get(`/api/admin/contests/${contest.id}`, member)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/contests/:id', () => {
  it('holds in escrow what an open contest’s organiser paid', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser);
    const d = await detail(contest.id);
    expect(d.money).toEqual({ paidInCents: 30_000, prizesCents: 30_000, promotionsCents: 0, feesCents: 0, creditedCents: 0, refundedCents: 0, heldCents: 30_000 });
    expect(d.paidAt).not.toBeNull();
    expect(d.history.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'paid', 'payment', 'ledger']));
    expect(d.history.find((e) => e.kind === 'payment')).toMatchObject({ status: 'succeeded', purpose: 'contest', amountCents: 30_000 });
    expect(d.canExtend).toBe(true);
    expect(d.canAdvance).toBe(false);
  });

  it('balances once finished: what was paid went to the winners and the platform, nothing is left', async () => {
    const { contest, winner } = await filesSent(AUTO_VALIDATION_DELAY_MS + HOUR_MS);
    expect(await autoValidateFinalFiles(t.ctx)).toBeGreaterThanOrEqual(1);
    const d = await detail(contest.id);
    expect(d.status).toBe(CONTEST_STATUS.finished);
    const m = d.money;
    expect(m.paidInCents).toBe(30_000);
    expect(m.paidInCents).toBe(m.creditedCents + m.feesCents);
    expect(m).toMatchObject({ creditedCents: 24_000, feesCents: 6_000, heldCents: 0, refundedCents: 0 });
    expect(m.paidInCents + m.promotionsCents).toBe(m.creditedCents + m.feesCents + m.refundedCents + m.heldCents);
    expect(d.finishedAt).not.toBeNull();
    expect(d.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'winner_chosen', pseudo: winner.user.pseudo }),
        expect.objectContaining({ kind: 'files_validated', pseudo: winner.user.pseudo, automatic: true }),
        expect.objectContaining({ kind: 'ledger', operation: 'prize', amountCents: 30_000 }),
        expect.objectContaining({ kind: 'finished' }),
      ]),
    );
    const times = d.history.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
  });

  it('counts the discount the platform paid with a promo code, and still balances', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const promo = await buildPromoCode(t.ctx, { percentOff: 20 });
    const contest = await buildPaidContest(t.ctx, organiser, { promoCodeId: promo.id });
    const m = (await detail(contest.id)).money;
    expect(m).toMatchObject({ paidInCents: 24_000, promotionsCents: 6_000, prizesCents: 30_000, heldCents: 30_000 });
    expect(m.paidInCents + m.promotionsCents).toBe(m.creditedCents + m.feesCents + m.refundedCents + m.heldCents);
  });

  it('answers 404 for a contest that does not exist', async () => {
    const res = await get('/api/admin/contests/99999999', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message.message).toBe(A.contestNotFound);
  });
});

describe('POST /api/admin/contests/:id/extend', () => {
  it('moves an open contest’s end, tells the organiser and the talents, and writes the audit log and the history', async () => {
    const organiser = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, organiser, { companyName: 'Cidrerie Le Goff' });
    const talent = await buildUser(t.ctx);
    await buildProposal(t.ctx, contest.id, talent);
    const endDate = new Date(contest.endDate!.getTime() + 3 * DAY_MS);
    const res = await post(`/api/admin/contests/${contest.id}/extend`, admin, { endDate: endDate.toISOString(), reason: 'Demande de l’organisateur.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(A.extended(formatParisDate(endDate)));
    expect((await row(contest.id)).endDate!.getTime()).toBe(endDate.getTime());
    const public_ = await get(`/api/concours/read/${contest.id}`, talent);
    expect(JSON.stringify(public_.json())).toContain(endDate.toISOString());
    for (const user of [organiser, talent]) {
      const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'contest_extended')));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ contestId: contest.id, text: A.extendedNotice('Cidrerie Le Goff', formatParisDate(endDate)), link: `/details-concours/${contest.id}` });
    }
    const [action] = await actionsOn(contest.id);
    expect(action).toMatchObject({ adminId: admin.id, action: 'contest.extend', reason: 'Demande de l’organisateur.' });
    expect(action!.details).toMatchObject({ from: contest.endDate!.toISOString(), to: endDate.toISOString(), reopened: false });
    expect((await detail(contest.id)).history).toContainEqual(expect.objectContaining({ kind: 'admin_action', action: 'contest.extend', pseudo: admin.pseudo }));
  });

  it('opens again a contest whose end passed without a winner, and the listing shows it again', async () => {
    const organiser = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, organiser, { endDate: new Date(t.clock.now().getTime() - HOUR_MS) });
    await endContests(t.ctx);
    expect((await row(contest.id)).status).toBe(3);
    const res = await post(`/api/admin/contests/${contest.id}/extend`, admin, { endDate: later(2 * DAY_MS), reason: 'Aucune proposition encore.' });
    expect(res.statusCode).toBe(200);
    const after = await row(contest.id);
    expect(after).toMatchObject({ status: 2, endedAt: null });
    const listing = await get(`/api/concours/read/category/${contest.categoryId}`, organiser);
    expect(JSON.stringify(listing.json())).toContain(`"id":${contest.id},`);
  });

  it('refuses a date in the past, not later than the current end, too far away, and a missing reason', async () => {
    const contest = await buildContest(t.ctx, await buildUser(t.ctx));
    const cases = [
      [{ endDate: later(-HOUR_MS), reason: 'r' }, A.endDateNotInFuture],
      [{ endDate: new Date(contest.endDate!.getTime() - HOUR_MS).toISOString(), reason: 'r' }, A.endDateNotLater],
      [{ endDate: later((MAX_EXTENSION_DAYS + 1) * DAY_MS), reason: 'r' }, A.endDateTooFar(MAX_EXTENSION_DAYS)],
      [{ endDate: 'demain', reason: 'r' }, A.endDateInvalid],
      [{ reason: 'r' }, A.endDateRequired],
      [{ endDate: later(10 * DAY_MS), reason: ' ' }, MESSAGES.admin.decisionReasonRequired],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await post(`/api/admin/contests/${contest.id}/extend`, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect((await row(contest.id)).endDate!.getTime()).toBe(contest.endDate!.getTime());
    expect(await actionsOn(contest.id)).toEqual([]);
  });

  it('refuses a contest with a winner chosen or finalised (409), and an unknown one (404)', async () => {
    const organiser = await buildUser(t.ctx);
    const judged = await buildContest(t.ctx, organiser, { status: 3, endDate: new Date(t.clock.now().getTime() - HOUR_MS) });
    const p = await buildProposal(t.ctx, judged.id, await buildUser(t.ctx));
    await t.ctx.db.update(participations).set({ isWinner: true, winnerAt: t.clock.now() }).where(eq(participations.id, p));
    const finalised = await buildContest(t.ctx, organiser, { status: 4 });
    const unpaid = await buildContest(t.ctx, organiser, { status: 1 });
    for (const c of [judged, finalised, unpaid]) {
      const res = await post(`/api/admin/contests/${c.id}/extend`, admin, { endDate: later(10 * DAY_MS), reason: 'r' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message.message).toBe(A.cannotExtend);
    }
    expect((await post('/api/admin/contests/99999999/extend', admin, { endDate: later(DAY_MS), reason: 'r' })).statusCode).toBe(404);
    const member = await buildUser(t.ctx);
    expect((await post(`/api/admin/contests/${unpaid.id}/extend`, member, { endDate: later(DAY_MS), reason: 'r' })).statusCode).toBe(403);
  });
});

describe('POST /api/admin/contests/:id/advance', () => {
  it('closes an open contest whose end date passed, as the job does', async () => {
    const organiser = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, organiser, { endDate: new Date(t.clock.now().getTime() - 1000) });
    const talent = await buildUser(t.ctx);
    await buildProposal(t.ctx, contest.id, talent);
    expect((await detail(contest.id)).canAdvance).toBe(true);
    const res = await post(`/api/admin/contests/${contest.id}/advance`, admin, { reason: 'Le job est en retard.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual({ status: 3 });
    expect(await row(contest.id)).toMatchObject({ status: 3, endedAt: t.clock.now() });
    expect(await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.kind, 'contest_ended')))).toHaveLength(1);
    expect(await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, talent.id), eq(notifications.kind, 'contest_closed')))).toHaveLength(1);
    const [action] = await actionsOn(contest.id);
    expect(action).toMatchObject({ action: 'contest.advance', reason: 'Le job est en retard.', details: { from: 2, to: 3 } });
  });

  it('validates final files sent more than 48 hours ago, as the automatic validation does', async () => {
    const { contest, winner } = await filesSent(AUTO_VALIDATION_DELAY_MS + 1000);
    const res = await post(`/api/admin/contests/${contest.id}/advance`, admin, { reason: 'Validation en attente.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual({ status: 5 });
    const [p] = await t.ctx.db.select().from(participations).where(eq(participations.id, winner.participationId));
    expect(p).toMatchObject({ finalValidatedBy: 'automatic' });
    expect(await t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `prize:${winner.participationId}`))).toHaveLength(1);
    const [action] = await actionsOn(contest.id);
    expect(action).toMatchObject({ action: 'contest.advance', details: { from: 4, to: 5, validated: [winner.participationId] } });
  });

  it('refuses when no delay has passed (409) and changes nothing', async () => {
    const organiser = await buildUser(t.ctx);
    const open = await buildContest(t.ctx, organiser);
    const awaiting = await buildContest(t.ctx, organiser, { status: 3 });
    const finished = await buildContest(t.ctx, organiser, { status: 5 });
    const { contest: recent } = await filesSent(AUTO_VALIDATION_DELAY_MS - HOUR_MS);
    for (const c of [open, awaiting, finished, recent]) {
      const res = await post(`/api/admin/contests/${c.id}/advance`, admin, { reason: 'r' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message.message).toBe(A.noDelayPassed);
      expect((await row(c.id)).status).toBe(c.status);
      expect(await actionsOn(c.id)).toEqual([]);
    }
    expect((await post(`/api/admin/contests/${open.id}/advance`, admin, {})).statusCode).toBe(400);
  });

  it('has one effect when two admins force the end at once, or an admin and the job', async () => {
    const organiser = await buildUser(t.ctx);
    const past = { endDate: new Date(t.clock.now().getTime() - 1000) };
    const twice = await buildContest(t.ctx, organiser, past);
    const answers = await Promise.all([
      post(`/api/admin/contests/${twice.id}/advance`, admin, { reason: 'Premier.' }),
      post(`/api/admin/contests/${twice.id}/advance`, otherAdmin, { reason: 'Second.' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await actionsOn(twice.id)).toHaveLength(1);

    const raced = await buildContest(t.ctx, organiser, past);
    const [answer] = await Promise.all([post(`/api/admin/contests/${raced.id}/advance`, admin, { reason: 'Course.' }), endContests(t.ctx)]);
    expect([200, 409]).toContain(answer.statusCode);
    expect((await row(raced.id)).status).toBe(3);
    expect(await actionsOn(raced.id)).toHaveLength(answer.statusCode === 200 ? 1 : 0);
    const ended = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.kind, 'contest_ended')));
    expect(ended.filter((n) => n.contestId === twice.id)).toHaveLength(1);
    expect(ended.filter((n) => n.contestId === raced.id)).toHaveLength(1);
  });

  it('validates once when two admins, or an admin and the job, act on the same final files', async () => {
    const a = await filesSent(AUTO_VALIDATION_DELAY_MS + 1000);
    const answers = await Promise.all([
      post(`/api/admin/contests/${a.contest.id}/advance`, admin, { reason: 'Premier.' }),
      post(`/api/admin/contests/${a.contest.id}/advance`, otherAdmin, { reason: 'Second.' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await actionsOn(a.contest.id)).toHaveLength(1);

    const b = await filesSent(AUTO_VALIDATION_DELAY_MS + 1000);
    const [answer] = await Promise.all([post(`/api/admin/contests/${b.contest.id}/advance`, admin, { reason: 'Course.' }), autoValidateFinalFiles(t.ctx)]);
    expect([200, 409]).toContain(answer.statusCode);
    expect((await row(b.contest.id)).status).toBe(5);
    const paid = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, b.winner.user.id), eq(notifications.kind, 'payment_received')));
    expect(paid).toHaveLength(1);
    expect((await detail(b.contest.id)).money).toMatchObject({ creditedCents: 24_000, heldCents: 0 });
  });
});
