/**
 * The refund flows through the API: an admin cancels and refunds a contest not finalised;
 * the organiser of a contest ended without a winner extends it once, then asks for a refund
 * that an admin approves or rejects. Every refusal, and the races: two admins, the same
 * request twice, a refund against a finalisation or a winner choice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONTEST_DURATION_MS, MESSAGES, SUB_CATEGORIES, contestStatusLabel } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrganiser, buildPaidContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { adminActions, contests, notifications, refundRequests, refunds } from '../../db/schema';
import { checkLedger, checkProviderBalances } from '../ledger/check';
import { finaliseContest, setWinner } from '../participations/judging';
import { endContests } from '../../jobs/end-contests';

const R = MESSAGES.refunds;

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
beforeAll(async () => {
  // Contests end and their extensions pass here: weeks go by, the sessions outlive them.
  t = await createTestApp({ env: { SESSION_DAYS: 365, SESSION_IDLE_DAYS: 365 } });
});
// Sessions are opened for 30 days: each test has admins of its own time.
beforeEach(async () => {
  admin = await buildUser(t.ctx, { isAdmin: true });
  otherAdmin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

const post = (user: TestUser | null, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
const get = (user: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const messageOf = (res: { json(): unknown }) => (res.json() as { message: { message: string } }).message.message;

async function contestRow(id: number) {
  const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, id));
  return row!;
}

async function noticesOf(userId: number, contestId: number) {
  return t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.contestId, contestId)));
}

async function expectBooksBalanced(userIds: number[]) {
  expect(await checkLedger(t.ctx.db)).toEqual([]);
  expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, userIds)).toEqual([]);
}

/** A paid contest with one proposal, ended (3) by the scheduled pass, no winner. */
async function endedContest(overrides: Parameters<typeof buildPaidContest>[2] = {}) {
  const organiser = await buildOrganiser(t.ctx);
  const talent = await buildUser(t.ctx);
  const contest = await buildPaidContest(t.ctx, organiser, overrides);
  const participationId = await buildProposal(t.ctx, contest.id, talent);
  await passTime(contest.id);
  return { organiser, talent, contest: await contestRow(contest.id), participationId };
}

/** Moves the clock past the contest's end and runs the pass that ends contests. */
async function passTime(contestId: number) {
  const row = await contestRow(contestId);
  const ahead = row.endDate!.getTime() - t.clock.now().getTime() + 60_000;
  if (ahead > 0) t.clock.advance(ahead);
  await endContests(t.ctx);
  expect((await contestRow(contestId)).status).toBe(3);
}

describe('POST /api/admin/contests/:id/refund', () => {
  it('closes an open contest as refunded, refunds all that was paid, tells everyone and records it', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const talent = await buildUser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser, { costCents: 30_000 });
    await buildProposal(t.ctx, contest.id, talent);

    const res = await post(admin, `/api/admin/contests/${contest.id}/refund`, { reason: 'Brief contraire aux règles.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ results: { refundedCents: 30_000 } });
    const row = await contestRow(contest.id);
    expect(row.status).toBe(-1);
    expect(row.refundedAt).not.toBeNull();
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.contestId, contest.id))).toMatchObject([{ status: 'succeeded', amountCents: 30_000 }]);
    expect((await noticesOf(organiser.id, contest.id)).map((n) => n.kind)).toContain('contest_refunded');
    expect((await noticesOf(talent.id, contest.id)).map((n) => n.kind)).toContain('contest_refunded');
    const [action] = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.action, 'contest.refund'), eq(adminActions.targetId, contest.id)));
    expect(action).toMatchObject({ targetType: 'contest', reason: 'Brief contraire aux règles.', adminId: admin.id });
    // Shown « Remboursé » in My contests.
    const mine = await get(organiser, '/api/user/concours/organisateur');
    expect((mine.json() as { results: { rows: { id: number; refunded: boolean }[] } }).results.rows.find((r) => r.id === contest.id)).toMatchObject({ refunded: true });
    await expectBooksBalanced([organiser.id]);

    const again = await post(admin, `/api/admin/contests/${contest.id}/refund`, { reason: 'Encore.' });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(R.alreadyRefunded);
  });

  it('refuses without a reason, to non-admins, for an unpaid, finalised or unknown contest', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser);
    expect((await post(admin, `/api/admin/contests/${contest.id}/refund`, { reason: '  ' })).statusCode).toBe(400);
    expect((await post(organiser, `/api/admin/contests/${contest.id}/refund`, { reason: 'x' })).statusCode).toBe(403);
    expect((await post(null, `/api/admin/contests/${contest.id}/refund`, { reason: 'x' })).statusCode).toBe(401);
    expect((await post(admin, '/api/admin/contests/999999/refund', { reason: 'x' })).statusCode).toBe(404);
    await t.ctx.db.update(contests).set({ status: 1 }).where(eq(contests.id, contest.id));
    const unpaid = await post(admin, `/api/admin/contests/${contest.id}/refund`, { reason: 'x' });
    expect(unpaid.statusCode).toBe(409);
    expect(messageOf(unpaid)).toBe(R.nothingPaid);
    await t.ctx.db.update(contests).set({ status: 4 }).where(eq(contests.id, contest.id));
    const finalised = await post(admin, `/api/admin/contests/${contest.id}/refund`, { reason: 'x' });
    expect(finalised.statusCode).toBe(409);
    expect(messageOf(finalised)).toBe(R.finalised);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.contestId, contest.id))).toEqual([]);
  });

  it('two admins at once, each twice: one refund, one record', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser);
    const answers = await Promise.all([admin, otherAdmin, admin, otherAdmin].map((a) => post(a, `/api/admin/contests/${contest.id}/refund`, { reason: 'Doublon.' })));
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.contestId, contest.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.action, 'contest.refund'), eq(adminActions.targetId, contest.id)))).toHaveLength(1);
    await expectBooksBalanced([organiser.id]);
  });

  it('a refund racing a finalisation: exactly one of them happens', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const talent = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser);
    const participationId = await buildProposal(t.ctx, contest.id, talent);
    const actor = { id: organiser.id, isAdmin: false };
    await setWinner(t.ctx, actor, { idParticipationWinner: participationId, idConcours: contest.id }, true);
    const [refund, finalise] = await Promise.allSettled([
      post(admin, `/api/admin/contests/${contest.id}/refund`, { reason: 'Course.' }),
      finaliseContest(t.ctx, actor, contest.id),
    ]);
    const row = await contestRow(contest.id);
    const refunded = refund.status === 'fulfilled' && refund.value.statusCode === 200;
    const finalised = finalise.status === 'fulfilled' && finalise.value.kind === 'finalised';
    expect(refunded !== finalised).toBe(true);
    expect(row.status).toBe(refunded ? -1 : 4);
    await expectBooksBalanced([organiser.id, talent.id]);
  });

  it('a refund racing a winner choice: the choice is refused once the contest is closed, or the refund goes on without prize', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const talent = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser);
    const participationId = await buildProposal(t.ctx, contest.id, talent);
    const actor = { id: organiser.id, isAdmin: false };
    const [refund] = await Promise.allSettled([
      post(admin, `/api/admin/contests/${contest.id}/refund`, { reason: 'Course.' }),
      setWinner(t.ctx, actor, { idParticipationWinner: participationId, idConcours: contest.id }, true),
    ]);
    expect(refund.status === 'fulfilled' && refund.value.statusCode).toBe(200);
    expect((await contestRow(contest.id)).status).toBe(-1);
    await expectBooksBalanced([organiser.id, talent.id]);
  });
});

describe('the organiser’s way out', () => {
  it('extends once, free, by the original duration, and the participants hear of it', async () => {
    const { organiser, talent, contest } = await endedContest();
    const state = await get(organiser, `/api/concours/${contest.id}/way-out`);
    expect(state.json()).toMatchObject({ results: { wayOut: { shown: true, mayExtend: true, mayRequestRefund: false, request: null } } });

    const answers = await Promise.all([1, 2].map(() => post(organiser, `/api/concours/${contest.id}/extend`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const row = await contestRow(contest.id);
    expect(row.status).toBe(2);
    expect(row.extendedAt).not.toBeNull();
    expect(row.endDate!.getTime()).toBe(row.extendedAt!.getTime() + CONTEST_DURATION_MS);
    expect((await noticesOf(talent.id, contest.id)).map((n) => n.kind)).toContain('contest_extended');

    await passTime(contest.id);
    const second = await post(organiser, `/api/concours/${contest.id}/extend`);
    expect(second.statusCode).toBe(409);
    expect(messageOf(second)).toBe(R.alreadyExtended);
  });

  it('refuses to extend or ask someone else’s contest, an open one, or one with a winner', async () => {
    const { organiser, contest, participationId } = await endedContest();
    const stranger = await buildOrganiser(t.ctx);
    expect((await post(stranger, `/api/concours/${contest.id}/extend`)).statusCode).toBe(403);
    expect((await post(admin, `/api/concours/${contest.id}/extend`)).statusCode).toBe(403);
    expect((await get(stranger, `/api/concours/${contest.id}/way-out`)).statusCode).toBe(403);
    expect((await post(null, `/api/concours/${contest.id}/extend`)).statusCode).toBe(401);
    await setWinner(t.ctx, { id: organiser.id, isAdmin: false }, { idParticipationWinner: participationId, idConcours: contest.id }, true);
    const withWinner = await post(organiser, `/api/concours/${contest.id}/extend`);
    expect(withWinner.statusCode).toBe(409);
    expect(messageOf(withWinner)).toBe(R.winnerChosen);
    const open = await buildPaidContest(t.ctx, organiser);
    const notEnded = await post(organiser, `/api/concours/${open.id}/extend`);
    expect(notEnded.statusCode).toBe(409);
    expect(messageOf(notEnded)).toBe(R.notEnded);
  });

  it('asks for a refund only after the extension ended, never twice, never for Slogan or Nom de boîte', async () => {
    const { organiser, contest } = await endedContest();
    const early = await post(organiser, `/api/concours/${contest.id}/refund-request`, {});
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe(R.extendFirst);
    expect((await post(organiser, `/api/concours/${contest.id}/extend`)).statusCode).toBe(200);
    const during = await post(organiser, `/api/concours/${contest.id}/refund-request`, {});
    expect(during.statusCode).toBe(409);
    expect(messageOf(during)).toBe(R.notEnded);
    await passTime(contest.id);

    const answers = await Promise.all([1, 2].map(() => post(organiser, `/api/concours/${contest.id}/refund-request`, { message: 'Rien ne correspond à notre image.' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(messageOf(answers.find((a) => a.statusCode === 409)!)).toBe(R.alreadyRequested);
    const state = await get(organiser, `/api/concours/${contest.id}/way-out`);
    expect(state.json()).toMatchObject({ results: { wayOut: { mayRequestRefund: false, request: { status: 'pending' } } } });

    for (const slug of ['slogan', 'nom-de-boite']) {
      const sub = SUB_CATEGORIES.find((s) => s.slug === slug)!;
      const ended = await endedContest({ subCategoryId: sub.id });
      await t.ctx.db.update(contests).set({ extendedAt: t.clock.now() }).where(eq(contests.id, ended.contest.id));
      const refused = await post(ended.organiser, `/api/concours/${ended.contest.id}/refund-request`, {});
      expect(refused.statusCode).toBe(403);
      expect(messageOf(refused)).toBe(R.noRefundSubCategory);
    }
  });

  it('refuses a request once a winner is chosen', async () => {
    const { organiser, contest, participationId } = await endedContest();
    await t.ctx.db.update(contests).set({ extendedAt: t.clock.now() }).where(eq(contests.id, contest.id));
    await setWinner(t.ctx, { id: organiser.id, isAdmin: false }, { idParticipationWinner: participationId, idConcours: contest.id }, true);
    const res = await post(organiser, `/api/concours/${contest.id}/refund-request`, {});
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(R.winnerChosen);
  });
});

describe('the admins’ queue of refund requests', () => {
  async function requested() {
    const ended = await endedContest({ costCents: 24_000 });
    expect((await post(ended.organiser, `/api/concours/${ended.contest.id}/extend`)).statusCode).toBe(200);
    await passTime(ended.contest.id);
    expect((await post(ended.organiser, `/api/concours/${ended.contest.id}/refund-request`, { message: 'Aucune idée retenue.' })).statusCode).toBe(200);
    const [request] = await t.ctx.db.select().from(refundRequests).where(eq(refundRequests.contestId, ended.contest.id));
    return { ...ended, requestId: request!.id };
  }

  it('lists pending requests first, for admins only', async () => {
    const { contest, requestId } = await requested();
    const res = await get(admin, '/api/admin/refund-requests');
    expect(res.statusCode).toBe(200);
    const page = (res.json() as { results: { requests: { id: number; status: string; refundableCents: number; contest: { id: number } }[] } }).results;
    expect(page.requests[0]).toMatchObject({ status: 'pending' });
    expect(page.requests.find((r) => r.id === requestId)).toMatchObject({ contest: { id: contest.id }, refundableCents: 24_000, status: 'pending' });
    expect((await get(await buildUser(t.ctx), '/api/admin/refund-requests')).statusCode).toBe(403);
  });

  it('two admins approve at once: one refund, the contest closed as refunded, everyone told', async () => {
    const { organiser, talent, contest, requestId } = await requested();
    const answers = await Promise.all([admin, otherAdmin].map((a) => post(a, `/api/admin/refund-requests/${requestId}/approve`, { reason: 'Demande légitime.' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(messageOf(answers.find((a) => a.statusCode === 409)!)).toBe(R.requestAlreadyDecided);
    const row = await contestRow(contest.id);
    expect(row.status).toBe(-1);
    expect(row.refundedAt).not.toBeNull();
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.contestId, contest.id))).toMatchObject([{ status: 'succeeded', amountCents: 24_000 }]);
    expect((await noticesOf(organiser.id, contest.id)).map((n) => n.kind)).toContain('contest_refunded');
    expect((await noticesOf(talent.id, contest.id)).map((n) => n.kind)).toContain('contest_refunded');
    expect(await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.action, 'refund_request.approve'), eq(adminActions.targetId, requestId)))).toHaveLength(1);
    const state = await get(organiser, `/api/concours/${contest.id}/way-out`);
    expect(state.json()).toMatchObject({ results: { wayOut: { request: { status: 'approved' } } } });
    expect((state.json() as { results: { wayOut: { refundedAt: string | null } } }).results.wayOut.refundedAt).not.toBeNull();
    await expectBooksBalanced([organiser.id]);
  });

  it('an approved request reads what was refunded and when, and the admin’s contest reads « Remboursé » as its organiser does', async () => {
    const { organiser, contest, requestId } = await requested();
    expect((await post(admin, `/api/admin/refund-requests/${requestId}/approve`, { reason: 'Demande légitime.' })).statusCode).toBe(200);
    const { refundedAt } = await contestRow(contest.id);
    const listed = (await get(admin, '/api/admin/refund-requests')).json() as { results: { requests: { id: number; refundableCents: number; refundedCents: number; refundedAt: string }[] } };
    expect(listed.results.requests.find((r) => r.id === requestId)).toMatchObject({ refundableCents: 0, refundedCents: 24_000, refundedAt: refundedAt!.toISOString() });
    const detail = await get(admin, `/api/admin/contests/${contest.id}`);
    expect(detail.json().results.contest.statusLabel).toBe(contestStatusLabel(-1, true));
    expect(contestStatusLabel(-1, true)).toBe(R.refundedLabel);
    const mine = (await get(organiser, '/api/user/concours/organisateur')).json() as { results: { rows: { id: number; status: number; refunded: boolean }[] } };
    const row = mine.results.rows.find((r) => r.id === contest.id)!;
    expect(contestStatusLabel(row.status, row.refunded)).toBe(detail.json().results.contest.statusLabel);
    // The member's file in the admin area reads it the same way.
    const file = (await get(admin, `/api/admin/members/${organiser.id}`)).json() as { results: { contests: { id: number; refunded: boolean }[] } };
    expect(file.results.contests.find((c) => c.id === contest.id)).toMatchObject({ refunded: true });
  });

  it('a rejection tells the organiser why, and the request cannot be decided again', async () => {
    const { organiser, contest, requestId } = await requested();
    expect((await post(admin, `/api/admin/refund-requests/${requestId}/reject`, { reason: '' })).statusCode).toBe(400);
    const res = await post(admin, `/api/admin/refund-requests/${requestId}/reject`, { reason: 'Des propositions répondent au brief.' });
    expect(res.statusCode).toBe(200);
    const notices = await noticesOf(organiser.id, contest.id);
    expect(notices.find((n) => n.kind === 'refund_rejected')?.text).toContain('Des propositions répondent au brief.');
    expect((await post(admin, `/api/admin/refund-requests/${requestId}/approve`, { reason: 'Finalement oui.' })).statusCode).toBe(409);
    expect((await contestRow(contest.id)).status).toBe(3);
    const again = await post(organiser, `/api/concours/${contest.id}/refund-request`, {});
    expect(again.statusCode).toBe(409);
    expect((await post(admin, '/api/admin/refund-requests/999999/approve', { reason: 'x' })).statusCode).toBe(404);
  });

  it('approval is refused once the organiser chose a winner meanwhile', async () => {
    const { organiser, contest, participationId, requestId } = await requested();
    await setWinner(t.ctx, { id: organiser.id, isAdmin: false }, { idParticipationWinner: participationId, idConcours: contest.id }, true);
    const res = await post(admin, `/api/admin/refund-requests/${requestId}/approve`, { reason: 'Oui.' });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(R.winnerChosen);
    expect((await contestRow(contest.id)).status).toBe(3);
    const [request] = await t.ctx.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(request!.status).toBe('pending');
  });
});
