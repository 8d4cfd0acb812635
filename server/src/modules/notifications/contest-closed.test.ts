import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrganiser, buildPaidContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { contests, notifications, participations } from '../../db/schema';
import { endContests } from '../../jobs/end-contests';
import { finaliseContest, setWinner } from '../participations/judging';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const closedNotes = (contestId: number) => t.ctx.db.select().from(notifications).where(and(eq(notifications.contestId, contestId), eq(notifications.kind, 'contest_closed')));

/** A paid open contest with three proposals, the first chosen as winner, and one empty participation. */
async function contestWithTalents() {
  const organiser = await buildOrganiser(t.ctx);
  const contest = await buildPaidContest(t.ctx, organiser);
  const talents: { user: TestUser; participationId: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const user = await buildUser(t.ctx, { withProvider: true });
    talents.push({ user, participationId: await buildProposal(t.ctx, contest.id, user) });
  }
  const silent = await buildUser(t.ctx, { withProvider: true });
  await t.ctx.db.insert(participations).values({ contestId: contest.id, userId: silent.id });
  const actor = { id: organiser.id, isAdmin: false };
  await setWinner(t.ctx, actor, { idParticipationWinner: talents[0]!.participationId, idConcours: contest.id }, true);
  return { organiser, actor, contest, talents, silent };
}

describe('participants hear that the contest closed', () => {
  it('when the organiser finalises early: every talent with a proposal, winner or not, once', async () => {
    const { actor, contest, talents, silent, organiser } = await contestWithTalents();
    expect((await finaliseContest(t.ctx, actor, contest.id)).kind).toBe('finalised');
    const notes = await closedNotes(contest.id);
    expect(notes.map((n) => n.userId).sort()).toEqual(talents.map((x) => x.user.id).sort());
    expect(notes.every((n) => n.text === MESSAGES.followUp.contestClosed(contest.companyName) && n.link === `/details-concours/${contest.id}`)).toBe(true);
    expect(notes.some((n) => n.userId === silent.id || n.userId === organiser.id)).toBe(false);

    // The end date passing later changes nothing for a finalised contest.
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    await endContests(t.ctx);
    t.clock.advance(-8 * 24 * 60 * 60 * 1000);
    expect(await closedNotes(contest.id)).toHaveLength(3);
  });

  it('when the end date passes, then again nothing more when the organiser finalises', async () => {
    const { actor, contest, talents } = await contestWithTalents();
    await t.ctx.db.update(contests).set({ endDate: new Date(t.clock.now().getTime() - 1000) }).where(eq(contests.id, contest.id));
    await endContests(t.ctx);
    expect(await closedNotes(contest.id)).toHaveLength(talents.length);
    await finaliseContest(t.ctx, actor, contest.id);
    expect(await closedNotes(contest.id)).toHaveLength(talents.length);
  });

  it('once each when the end job and an early finalisation race', async () => {
    for (let round = 0; round < 3; round++) {
      const { actor, contest, talents } = await contestWithTalents();
      await t.ctx.db.update(contests).set({ endDate: new Date(t.clock.now().getTime() - 1000) }).where(eq(contests.id, contest.id));
      const outcomes = await Promise.allSettled([endContests(t.ctx), finaliseContest(t.ctx, actor, contest.id), endContests(t.ctx), finaliseContest(t.ctx, actor, contest.id)]);
      expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
      const notes = await closedNotes(contest.id);
      expect(notes.map((n) => n.userId).sort()).toEqual(talents.map((x) => x.user.id).sort());
    }
  });

  it('the unique key refuses a second notice even if a path runs twice', async () => {
    const { contest, talents } = await contestWithTalents();
    const { tellParticipantsClosed } = await import('./contest-closed');
    const first = await t.ctx.db.transaction((tx) => tellParticipantsClosed(tx, contest, t.clock.now()));
    const second = await t.ctx.db.transaction((tx) => tellParticipantsClosed(tx, contest, t.clock.now()));
    expect([first, second]).toEqual([talents.length, 0]);
  });
});

describe('a talent sees the stars of their proposal once the contest is finalised', () => {
  it('hides them while the contest runs and shows them from status 4', async () => {
    const { actor, contest, talents, organiser } = await contestWithTalents();
    const rate = (id: number, stars: number) => t.app.inject({ method: 'POST', url: '/api/participation/stars/update', headers: organiser.headers, payload: { idParticipation: id, stars } });
    expect((await rate(talents[0]!.participationId, 5)).statusCode).toBe(200);
    expect((await rate(talents[1]!.participationId, 2)).statusCode).toBe(200);
    const mine = (i: number) => t.app.inject({ method: 'GET', url: `/api/concours/${contest.id}/ma-participation`, headers: talents[i]!.user.headers });
    const byId = (i: number) => t.app.inject({ method: 'GET', url: `/api/participation/${talents[i]!.participationId}`, headers: talents[i]!.user.headers });
    expect((await mine(1)).json().results.participation.stars).toBe(0);
    expect((await byId(1)).json().results.participation.stars).toBe(0);
    // The organiser always sees their own rating.
    const organiserView = await t.app.inject({ method: 'GET', url: `/api/participation/${talents[1]!.participationId}`, headers: organiser.headers });
    expect(organiserView.json().results.participation.stars).toBe(2);

    await finaliseContest(t.ctx, actor, contest.id);
    expect((await mine(1)).json().results.participation.stars).toBe(2);
    expect((await byId(1)).json().results.participation.stars).toBe(2);
    expect((await mine(0)).json().results.participation.stars).toBe(5);
    expect((await mine(2)).json().results.participation.stars).toBe(0);
    // Another talent still reads nothing of a proposal not theirs.
    const other = await t.app.inject({ method: 'GET', url: `/api/participation/${talents[1]!.participationId}`, headers: talents[2]!.user.headers });
    expect(other.statusCode).toBe(403);
  });
});
