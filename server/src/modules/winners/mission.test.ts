import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DAY_MS, HOUR_MS, MESSAGES, MISSION_ACCEPTANCE_DELAY_MS } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildFinalisedContest, buildOrganiser, buildProposal, buildUser, type FinalisedContest, type TestUser } from '../../test/factories';
import { contestOptions, contests, ledgerEntries, messages, notifications, participations } from '../../db/schema';
import { fakePng, multipartBody } from '../files/test-helpers';
import { checkLedger } from '../ledger/check';
import { accounts, balanceOf } from '../ledger/ledger';
import { watchWinnerDelays } from '../../jobs/winner-delays';

const W = MESSAGES.winners;
/** Built when needed: a session left unused while the clock moves days on ends. */
const aStranger = () => buildUser(t.ctx);
const anAdmin = () => buildUser(t.ctx, { isAdmin: true });

let t: TestApp;
let organiser: TestUser & { ownerId: string; payerId: string };
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx);
});
afterAll(() => t.close());

const accept = (user: TestUser, idParticipation: number) => t.app.inject({ method: 'POST', url: '/api/concours/winner/accept', headers: user.headers, payload: { idParticipation } });
const replace = (user: TestUser, idParticipation: number, idParticipationNew: number) =>
  t.app.inject({ method: 'POST', url: '/api/concours/winner/replace', headers: user.headers, payload: { idParticipation, idParticipationNew } });
const conversation = async (user: TestUser, id: number) => (await t.app.inject({ method: 'GET', url: `/api/message/readByParticipant/${id}`, headers: user.headers })).json().results.participation;
const participation = async (id: number) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;
const contestRow = async (id: number) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!;
const systemMessages = async (participationId: number) =>
  (await t.ctx.db.select().from(messages).where(and(eq(messages.participationId, participationId), eq(messages.type, 2))).orderBy(messages.id)).map((m) => m.message);
const notificationsOf = (userId: number, kind: string) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const refusal = (res: { json: () => { message: { message: string } } }) => res.json().message.message;

function sendFinal(user: TestUser, idParticipation: number) {
  const body = multipartBody([{ name: 'idParticipation', value: String(idParticipation) }, { name: 'fileFinale', filename: 'final.png', content: fakePng(3000) }]);
  return t.app.inject({ method: 'POST', url: `/api/concours/participant/upload/finalFile?idParticipation=${idParticipation}`, headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

function finalised(others = 2, contest?: Parameters<typeof buildFinalisedContest>[2] extends infer O ? (O extends { contest?: infer C } ? C : never) : never): Promise<FinalisedContest> {
  return buildFinalisedContest(t.ctx, organiser, { winners: 1, others, contest });
}

/** The late winner's 48 hours pass. */
const pastAcceptance = () => t.clock.advance(MISSION_ACCEPTANCE_DELAY_MS + HOUR_MS);

describe('a winner’s 48 hours to accept the mission', () => {
  it('start at finalisation for every winner', async () => {
    const { contest, winners } = await buildFinalisedContest(t.ctx, organiser, { winners: 2 });
    for (const w of winners) {
      const p = await participation(w.participationId);
      expect(p.acceptanceDueAt!.getTime()).toBe(contest.finalisedAt!.getTime() + MISSION_ACCEPTANCE_DELAY_MS);
      expect(p.missionAcceptedAt).toBeNull();
    }
  });

  it('the winner accepts: the delivery delay starts (7 days without option), the organiser is told, once however often it is sent', async () => {
    const { contest, winners } = await finalised(0);
    const w = winners[0]!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => accept(w.user, w.participationId)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.json().message).toBe(W.accepted);
    const p = await participation(w.participationId);
    expect(p.missionAcceptedAt!.getTime()).toBe(t.clock.now().getTime());
    expect(p.deliveryDueAt!.getTime()).toBe(t.clock.now().getTime() + 7 * DAY_MS);
    expect((await systemMessages(w.participationId)).filter((m) => m === W.acceptedSystem(w.user.pseudo))).toHaveLength(1);
    expect(await notificationsOf(organiser.id, 'mission_accepted')).toHaveLength(await countAccepted(contest.id));
  });

  it.each([
    ['Livraison express en 24 h', 4, 24 * HOUR_MS],
    ['Livraison prioritaire en 48 h', 5, 48 * HOUR_MS],
  ])('with « %s » the delivery is due %s', async (_name, position, delay) => {
    const { contest, winners } = await finalised(0);
    await t.ctx.db.insert(contestOptions).values({ contestId: contest.id, optionId: contest.subCategoryId * 100 + position, prixCents: 2000 });
    const w = winners[0]!;
    expect((await accept(w.user, w.participationId)).statusCode).toBe(200);
    expect((await participation(w.participationId)).deliveryDueAt!.getTime()).toBe(t.clock.now().getTime() + delay);
  });

  it('is refused to everyone but the winner, and accepted after the 48 hours as long as nobody replaced them', async () => {
    const { winners, others } = await finalised(1);
    const w = winners[0]!;
    for (const who of [organiser, await aStranger(), await anAdmin(), others[0]!.user]) {
      const res = await accept(who, w.participationId);
      expect(res.statusCode).toBe(403);
      expect(refusal(res)).toBe(W.acceptOnlyWinner);
    }
    expect((await accept(others[0]!.user, others[0]!.participationId)).statusCode).toBe(403);
    expect((await accept(w.user, 2_000_000_000)).statusCode).toBe(404);
    expect((await participation(w.participationId)).missionAcceptedAt).toBeNull();
    pastAcceptance();
    expect((await accept(w.user, w.participationId)).statusCode).toBe(200);
  });

  it('is given by sending final files before accepting', async () => {
    const { winners } = await finalised(0);
    const w = winners[0]!;
    expect((await sendFinal(w.user, w.participationId)).statusCode).toBe(200);
    const p = await participation(w.participationId);
    expect(p.missionAcceptedAt!.getTime()).toBe(t.clock.now().getTime());
    expect(p.deliveryDueAt).not.toBeNull();
  });

  it('shows in the conversation: the requests and the button to the winner, the due date to both', async () => {
    const { contest, winners } = await finalised(1);
    await t.ctx.db.insert(contestOptions).values({ contestId: contest.id, optionId: contest.subCategoryId * 100 + 4, prixCents: 2000 });
    const w = winners[0]!;
    const mine = await conversation(w.user, w.participationId);
    expect(mine.mission).toMatchObject({ acceptedAt: null, deliveryDueAt: null, requests: { message: contest.message, options: ['Livraison express en 24 h'] }, candidates: [] });
    expect(mine.mission.acceptanceDueAt).toBe(new Date(contest.finalisedAt!.getTime() + MISSION_ACCEPTANCE_DELAY_MS).toISOString());
    expect(mine.can).toMatchObject({ acceptMission: true, replaceWinner: false });
    const theirs = await conversation(organiser, w.participationId);
    expect(theirs.can).toMatchObject({ acceptMission: false, replaceWinner: false });
    pastAcceptance();
    const late = await conversation(organiser, w.participationId);
    expect(late.can.replaceWinner).toBe(true);
    expect(late.mission.candidates).toHaveLength(1);
    await accept(w.user, w.participationId);
    const accepted = await conversation(w.user, w.participationId);
    expect(accepted.can.acceptMission).toBe(false);
    expect(accepted.mission.deliveryDueAt).toBe(new Date(t.clock.now().getTime() + 24 * HOUR_MS).toISOString());
    expect((await conversation(organiser, w.participationId)).can.replaceWinner).toBe(false);
    expect((await conversation(organiser, winners[0]!.participationId)).mission.candidates).toEqual([]);
  });
});

async function countAccepted(contestId: number): Promise<number> {
  const rows = await t.ctx.db.select().from(participations).where(eq(participations.contestId, contestId));
  return rows.filter((r) => r.missionAcceptedAt !== null).length;
}

describe('choosing another winner in place of one who did not accept', () => {
  it('moves the win, tells both talents, gives the new one 48 hours, and moves no money', async () => {
    const { contest, winners, others } = await finalised(2);
    const late = winners[0]!;
    const chosen = others[0]!;
    const entriesBefore = await t.ctx.db.select().from(ledgerEntries);
    const escrowBefore = await balanceOf(t.ctx.db, accounts.escrow(contest.id));
    pastAcceptance();

    const res = await replace(organiser, late.participationId, chosen.participationId);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(W.replaced);

    const before = await participation(late.participationId);
    expect(before).toMatchObject({ isWinner: false, winnerAt: null, acceptanceDueAt: null });
    const after = await participation(chosen.participationId);
    expect(after.isWinner).toBe(true);
    expect(after.acceptanceDueAt!.getTime()).toBe(t.clock.now().getTime() + MISSION_ACCEPTANCE_DELAY_MS);
    expect(await systemMessages(late.participationId)).toContain(W.replacedSystem);
    expect(await systemMessages(chosen.participationId)).toContain(MESSAGES.participations.winnerSystemMessage(contest.companyName));
    expect((await notificationsOf(late.user.id, 'winner_replaced')).map((n) => n.text)).toEqual([W.notifications.replaced(contest.companyName)]);
    expect(await notificationsOf(chosen.user.id, 'chosen_winner')).toHaveLength(1);

    // The same prize slot: nothing paid in nor out, the counters as they were.
    const row = await contestRow(contest.id);
    expect(row).toMatchObject({ status: 4, prizesPaid: contest.prizesPaid, winnersCount: contest.winnersCount });
    const winnerRows = (await t.ctx.db.select().from(participations).where(eq(participations.contestId, contest.id))).filter((p) => p.isWinner);
    expect(winnerRows.map((p) => p.id)).toEqual([chosen.participationId]);
    expect(winnerRows.length).toBe(row.winnersCount);
    expect(await t.ctx.db.select().from(ledgerEntries)).toHaveLength(entriesBefore.length);
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(escrowBefore);
    expect(await checkLedger(t.ctx.db)).toEqual([]);

    // The one replaced may no longer accept nor deliver; the new one does both.
    expect((await accept(late.user, late.participationId)).statusCode).toBe(403);
    expect((await sendFinal(late.user, late.participationId)).statusCode).toBe(403);
    expect((await accept(chosen.user, chosen.participationId)).statusCode).toBe(200);
    expect((await sendFinal(chosen.user, chosen.participationId)).statusCode).toBe(200);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('is refused before the 48 hours, after acceptance, and to anyone but the organiser', async () => {
    const { winners, others } = await finalised(1);
    const late = winners[0]!;
    const chosen = others[0]!.participationId;
    const early = await replace(organiser, late.participationId, chosen);
    expect(early.statusCode).toBe(409);
    expect(refusal(early)).toBe(W.replaceTooEarly);
    pastAcceptance();
    for (const who of [await aStranger(), await anAdmin(), late.user, others[0]!.user]) {
      const res = await replace(who, late.participationId, chosen);
      expect(res.statusCode).toBe(403);
      expect(refusal(res)).toBe(MESSAGES.participations.organiserOnly);
    }
    await accept(late.user, late.participationId);
    const accepted = await replace(organiser, late.participationId, chosen);
    expect(accepted.statusCode).toBe(409);
    expect(refusal(accepted)).toBe(W.replaceAccepted);
    expect((await participation(late.participationId)).isWinner).toBe(true);
    expect((await participation(chosen)).isWinner).toBe(false);
  });

  it('takes only a proposal of the same contest, with content, not withdrawn, not already a winner', async () => {
    const { contest, winners, others } = await buildFinalisedContest(t.ctx, organiser, { winners: 2, others: 2 });
    const elsewhere = await finalised(1);
    const late = winners[0]!.participationId;
    const [withdrawn, empty] = others;
    await t.ctx.db.update(participations).set({ withdrawnByTeamAt: t.clock.now() }).where(eq(participations.id, withdrawn!.participationId));
    await t.ctx.db.update(participations).set({ isParticipating: false }).where(eq(participations.id, empty!.participationId));
    const bare = await buildProposal(t.ctx, contest.id, await buildUser(t.ctx));
    pastAcceptance();
    for (const id of [winners[1]!.participationId, withdrawn!.participationId, empty!.participationId, late]) {
      const res = await replace(organiser, late, id);
      expect(res.statusCode, String(id)).toBe(409);
      expect(refusal(res)).toBe(W.candidateInvalid);
    }
    expect((await replace(organiser, late, elsewhere.others[0]!.participationId)).statusCode).toBe(404);
    expect((await replace(organiser, late, 2_000_000_000)).statusCode).toBe(404);
    expect((await replace(organiser, 2_000_000_000, bare)).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'POST', url: '/api/concours/winner/replace', headers: organiser.headers, payload: { idParticipation: late } });
    expect(missing.statusCode).toBe(400);
    expect((await replace(organiser, late, bare)).statusCode).toBe(200);
  });

  it('two requests at once: one replacement', async () => {
    const { contest, winners, others } = await finalised(2);
    pastAcceptance();
    const late = winners[0]!.participationId;
    const answers = await Promise.all([replace(organiser, late, others[0]!.participationId), replace(organiser, late, others[1]!.participationId), replace(organiser, late, others[0]!.participationId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = (await t.ctx.db.select().from(participations).where(eq(participations.contestId, contest.id))).filter((p) => p.isWinner);
    expect(rows).toHaveLength(1);
    expect((await contestRow(contest.id)).winnersCount).toBe(1);
    expect(await notificationsOf(winners[0]!.user.id, 'winner_replaced')).toHaveLength(1);
  });
});

describe('the scheduled watch of winners’ delays', () => {
  it('tells the organiser once that a winner may be replaced', async () => {
    const { contest, winners } = await finalised(1);
    const w = winners[0]!;
    await watchWinnerDelays(t.ctx);
    expect(await notificationsOf(organiser.id, 'acceptance_overdue').then((n) => n.filter((x) => x.participationId === w.participationId))).toHaveLength(0);
    pastAcceptance();
    await Promise.all([watchWinnerDelays(t.ctx), watchWinnerDelays(t.ctx)]);
    await watchWinnerDelays(t.ctx);
    const told = (await notificationsOf(organiser.id, 'acceptance_overdue')).filter((x) => x.participationId === w.participationId);
    expect(told.map((n) => n.text)).toEqual([W.notifications.acceptanceOverdue(w.user.pseudo, contest.companyName)]);
  });

  it('tells the organiser and every admin once that an accepted delivery is late, never when the files came', async () => {
    const { contest, winners } = await buildFinalisedContest(t.ctx, organiser, { winners: 2 });
    const admin = await anAdmin();
    const [late, onTime] = winners;
    await accept(late!.user, late!.participationId);
    await accept(onTime!.user, onTime!.participationId);
    await sendFinal(onTime!.user, onTime!.participationId);
    t.clock.advance(7 * DAY_MS - HOUR_MS);
    await watchWinnerDelays(t.ctx);
    expect((await participation(late!.participationId)).deliveryAlertedAt).toBeNull();
    t.clock.advance(2 * HOUR_MS);
    await Promise.all([watchWinnerDelays(t.ctx), watchWinnerDelays(t.ctx)]);
    await watchWinnerDelays(t.ctx);
    expect((await participation(late!.participationId)).deliveryAlertedAt!.getTime()).toBe(t.clock.now().getTime());
    expect((await participation(onTime!.participationId)).deliveryAlertedAt).toBeNull();
    const organiserTold = (await notificationsOf(organiser.id, 'delivery_late')).filter((n) => n.contestId === contest.id);
    expect(organiserTold.map((n) => n.text)).toEqual([W.notifications.deliveryLate(late!.user.pseudo, contest.companyName)]);
    expect(organiserTold[0]!.text).toContain('ouvrir un litige depuis la conversation');
    const adminTold = (await notificationsOf(admin.id, 'delivery_late')).filter((n) => n.contestId === contest.id);
    expect(adminTold.map((n) => n.link)).toEqual([`/messages/${late!.participationId}`]);
  });
});
