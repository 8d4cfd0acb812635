import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatEuros, MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, mailsSent, type TestUser } from '../../test/factories';
import { contests, messages, notifications, participations, reports } from '../../db/schema';
import { fakePng } from '../files/test-helpers';
import { participationOf, uploadProposal } from './test-helpers';
import { EVENTS_CHANNEL, parseEvent, type LiveEvent } from '../events/publish';

let t: TestApp;
let organiser: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true, companyName: 'Boulangerie Dupain' });
  admin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

interface Setup {
  contestId: number;
  talents: TestUser[];
  ids: number[];
}

/** A contest with `n` proposals that have content. */
async function contestWith(n: number, overrides: Parameters<typeof buildContest>[2] = {}): Promise<Setup> {
  const contest = await buildContest(t.ctx, organiser, { companyName: 'Boulangerie Dupain', ...overrides });
  const talents: TestUser[] = [];
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const talent = await buildUser(t.ctx, { withProvider: true });
    const id = await participationOf(t, talent, contest.id);
    const up = await uploadProposal(t, talent, id, { filename: `p${i}.png`, content: fakePng(1000) });
    if (up.statusCode !== 200) throw new Error(up.body);
    talents.push(talent);
    ids.push(id);
  }
  return { contestId: contest.id, talents, ids };
}

const post = (url: string, user: TestUser, payload: object) => t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });
const setStatus = (id: number, status: number) => t.ctx.db.update(contests).set({ status }).where(eq(contests.id, id));
const contestRow = async (id: number) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!;
const participationRow = async (id: number) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;

describe('POST /api/participation/stars/update', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await contestWith(1);
  });

  it('lets the organiser rate at statuses 2 to 4', async () => {
    for (const [status, stars] of [[2, 4], [3, 2], [4, 5]] as const) {
      await setStatus(s.contestId, status);
      const res = await post('/api/participation/stars/update', organiser, { idParticipation: s.ids[0], stars });
      expect(res.statusCode, `status ${status}`).toBe(200);
      expect(res.json().message).toBe('La note a bien été enregistrée');
      expect((await participationRow(s.ids[0]!)).stars).toBe(stars);
    }
  });

  it('says so when the note is taken away', async () => {
    await post('/api/participation/stars/update', organiser, { idParticipation: s.ids[0], stars: 3 });
    const cleared = await post('/api/participation/stars/update', organiser, { idParticipation: s.ids[0], stars: 0 });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().message).toBe('La note a été retirée');
    expect((await participationRow(s.ids[0]!)).stars).toBe(0);
  });

  it('refuses talents, finished contests, empty participations and out-of-range stars', async () => {
    const talentTry = await post('/api/participation/stars/update', s.talents[0]!, { idParticipation: s.ids[0], stars: 5 });
    expect(talentTry.statusCode).toBe(403);
    expect(talentTry.json().message.message).toBe("Seul l'organisateur du concours peut effectuer cette action.");
    expect((await post('/api/participation/stars/update', organiser, { idParticipation: s.ids[0], stars: 6 })).statusCode).toBe(400);
    const other = await buildUser(t.ctx, { withProvider: true });
    const emptyId = await participationOf(t, other, s.contestId);
    expect((await post('/api/participation/stars/update', organiser, { idParticipation: emptyId, stars: 3 })).statusCode).toBe(400);
    await setStatus(s.contestId, 5);
    const late = await post('/api/participation/stars/update', organiser, { idParticipation: s.ids[0], stars: 1 });
    expect(late.statusCode).toBe(409);
    expect((await participationRow(s.ids[0]!)).stars).toBe(0);
  });
});

describe('GET /api/participation/report/:id', () => {
  it('marks the participation and mails support once, only while open, only for the organiser', async () => {
    const s = await contestWith(1);
    const talentTry = await get(`/api/participation/report/${s.ids[0]}`, s.talents[0]!);
    expect(talentTry.statusCode).toBe(403);
    const res = await get(`/api/participation/report/${s.ids[0]}`, organiser);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('La participation a bien été signalée, notre équipe va l’examiner.');
    expect((await participationRow(s.ids[0]!)).reportedAt).not.toBeNull();
    expect((await get(`/api/participation/report/${s.ids[0]}`, organiser)).statusCode).toBe(200);
    // The mail is queued with the report and leaves after the answer.
    await mailsSent(t.ctx.queue);
    const mails = (await t.outbox.list()).filter((m) => m.to === t.ctx.config.SUPPORT_EMAIL && m.subject.includes('Boulangerie Dupain'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('[Signalement] Participation n° 1 du concours «\u00a0Boulangerie Dupain\u00a0»');
    expect(mails[0]!.text).toContain(s.talents[0]!.pseudo);

    await setStatus(s.contestId, 3);
    const late = await get(`/api/participation/report/${s.ids[0]}`, organiser);
    expect(late.statusCode).toBe(409);
    expect(late.json().message.message).toBe('Une participation ne peut être signalée que pendant le concours.');
  });
});

describe('POST /api/participation/report/:id', () => {
  const reportsOf = (id: number) => t.ctx.db.select().from(reports).where(eq(reports.participationId, id));

  it('stores the reason and the text, once while open, and mails them to support', async () => {
    const s = await contestWith(1);
    const res = await post(`/api/participation/report/${s.ids[0]}`, organiser, { reason: 'plagiarism', text: '  Copie du logo de Pâtisserie Martin.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('La participation a bien été signalée, notre équipe va l’examiner.');
    expect(await reportsOf(s.ids[0]!)).toEqual([
      expect.objectContaining({ reporterId: organiser.id, reason: 'plagiarism', text: 'Copie du logo de Pâtisserie Martin.', status: 'open', decidedBy: null }),
    ]);
    expect((await participationRow(s.ids[0]!)).reportedAt).not.toBeNull();
    // A second report by the same organiser while the first is open changes nothing.
    expect((await post(`/api/participation/report/${s.ids[0]}`, organiser, { reason: 'off_topic' })).statusCode).toBe(200);
    expect(await reportsOf(s.ids[0]!)).toHaveLength(1);
    await mailsSent(t.ctx.queue);
    const mails = (await t.outbox.list()).filter((m) => m.to === t.ctx.config.SUPPORT_EMAIL && m.text.includes('Copie du logo'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Motif\u00a0: Plagiat ou copie');
  });

  it('the older GET records « Autre » without a text', async () => {
    const s = await contestWith(1);
    expect((await get(`/api/participation/report/${s.ids[0]}`, organiser)).statusCode).toBe(200);
    expect(await reportsOf(s.ids[0]!)).toEqual([expect.objectContaining({ reason: 'other', text: null, status: 'open' })]);
  });

  it('needs a text for « Autre », at most 1 000 characters, and a known reason', async () => {
    const s = await contestWith(1);
    const bare = await post(`/api/participation/report/${s.ids[0]}`, organiser, { reason: 'other', text: '   ' });
    expect(bare.statusCode).toBe(400);
    expect(JSON.stringify(bare.json())).toContain('Précisez la raison de votre signalement.');
    const long = await post(`/api/participation/report/${s.ids[0]}`, organiser, { reason: 'inappropriate', text: 'a'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('Les précisions ne peuvent pas dépasser 1\u202f000 caractères.');
    expect((await post(`/api/participation/report/${s.ids[0]}`, organiser, { reason: 'spam' })).statusCode).toBe(400);
    expect(await reportsOf(s.ids[0]!)).toHaveLength(0);
    const full = await post(`/api/participation/report/${s.ids[0]}`, organiser, { reason: 'other', text: 'a'.repeat(1000) });
    expect(full.statusCode).toBe(200);
  });

  it('is for the organiser only, while the contest is open', async () => {
    const s = await contestWith(1);
    const url = `/api/participation/report/${s.ids[0]}`;
    const body = { reason: 'off_topic' };
    expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
    expect((await post(url, s.talents[0]!, body)).statusCode).toBe(403);
    expect((await post(url, admin, body)).statusCode).toBe(403);
    await setStatus(s.contestId, 3);
    const late = await post(url, organiser, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().message.message).toBe('Une participation ne peut être signalée que pendant le concours.');
    expect(await reportsOf(s.ids[0]!)).toHaveLength(0);
  });
});

describe('winners', () => {
  it('the organiser adds and removes winners at statuses 2 and 3; repeats have one effect', async () => {
    const s = await contestWith(2);
    const body = { idParticipationWinner: s.ids[0], idConcours: s.contestId };
    const add = await post('/api/concours/winner/add', organiser, body);
    expect(add.statusCode).toBe(200);
    expect(add.json().message).toBe('Le gagnant a bien été ajouté');
    expect((await post('/api/concours/winner/add', organiser, body)).statusCode).toBe(200);
    expect((await contestRow(s.contestId)).winnersCount).toBe(1);
    const p = await participationRow(s.ids[0]!);
    expect(p.isWinner).toBe(true);
    expect(p.winnerAt).not.toBeNull();

    await setStatus(s.contestId, 3);
    const del = await post('/api/concours/winner/delete', organiser, body);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Le gagnant a bien été retiré');
    expect((await post('/api/concours/winner/delete', organiser, body)).statusCode).toBe(200);
    expect((await contestRow(s.contestId)).winnersCount).toBe(0);
    expect((await participationRow(s.ids[0]!)).isWinner).toBe(false);
  });

  it('concurrent additions of the same winner count once', async () => {
    const s = await contestWith(1);
    const body = { idParticipationWinner: s.ids[0], idConcours: s.contestId };
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('/api/concours/winner/add', organiser, body)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await contestRow(s.contestId)).winnersCount).toBe(1);
  });

  it('refuses talents, other contests’ participations, empty ones and finalised contests', async () => {
    const s = await contestWith(1);
    const other = await contestWith(1);
    const talentTry = await post('/api/concours/winner/add', s.talents[0]!, { idParticipationWinner: s.ids[0], idConcours: s.contestId });
    expect(talentTry.statusCode).toBe(403);
    expect((await post('/api/concours/winner/add', organiser, { idParticipationWinner: other.ids[0], idConcours: s.contestId })).statusCode).toBe(404);
    const late = await buildUser(t.ctx, { withProvider: true });
    const emptyId = await participationOf(t, late, s.contestId);
    const empty = await post('/api/concours/winner/add', organiser, { idParticipationWinner: emptyId, idConcours: s.contestId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message.message).toBe('Cette participation ne contient encore aucune proposition.');
    for (const status of [4, 5]) {
      await setStatus(s.contestId, status);
      const res = await post('/api/concours/winner/add', organiser, { idParticipationWinner: s.ids[0], idConcours: s.contestId });
      expect(res.statusCode).toBe(409);
      expect(res.json().message.message).toBe('Les gagnants ne peuvent plus être modifiés à ce stade du concours.');
      expect((await post('/api/concours/winner/delete', organiser, { idParticipationWinner: s.ids[0], idConcours: s.contestId })).statusCode).toBe(409);
    }
    expect((await contestRow(s.contestId)).winnersCount).toBe(0);
  });
});

describe('POST /api/concours/winner/prefinal', () => {
  it('needs the organiser and at least one winner', async () => {
    const s = await contestWith(1);
    expect((await post('/api/concours/winner/prefinal', s.talents[0]!, { idConcours: s.contestId })).statusCode).toBe(403);
    const none = await post('/api/concours/winner/prefinal', organiser, { idConcours: s.contestId });
    expect(none.statusCode).toBe(400);
    expect(none.json().message.message).toBe('Choisissez au moins un gagnant avant de finaliser le concours.');
    expect((await contestRow(s.contestId)).status).toBe(2);
  });

  it('asks for the extra prizes first (402), then finalises once: status 4, a system message and a notification per winner', async () => {
    const s = await contestWith(3, { costCents: 30_000 });
    for (const id of s.ids.slice(0, 2)) await post('/api/concours/winner/add', organiser, { idParticipationWinner: id, idConcours: s.contestId });

    const due = await post('/api/concours/winner/prefinal', organiser, { idConcours: s.contestId });
    expect(due.statusCode).toBe(402);
    expect(due.json()).toEqual({
      message: { message: MESSAGES.participations.extraPrizesDue(1, formatEuros(30_000)), code: 402 },
      results: { extraPrizes: 1, amount: 30_000 },
    });
    expect((await contestRow(s.contestId)).status).toBe(2);

    // What the confirmation of the extra pay-in does (payments module).
    await t.ctx.db.update(contests).set({ prizesPaid: 2 }).where(eq(contests.id, s.contestId));
    const live: LiveEvent[] = [];
    const stop = await t.ctx.database.listen(EVENTS_CHANNEL, (payload) => live.push(parseEvent(payload)!));
    const answers = await Promise.all([0, 1, 2].map(() => post('/api/concours/winner/prefinal', organiser, { idConcours: s.contestId })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const done = answers.find((a) => a.statusCode === 200)!;
    expect(done.json().message).toBe(MESSAGES.participations.finalised);
    expect(answers.find((a) => a.statusCode === 409)!.json().message.message).toBe('Ce concours est déjà finalisé.');

    const c = await contestRow(s.contestId);
    expect(c.status).toBe(4);
    expect(c.finalisedAt).not.toBeNull();
    for (const [i, id] of s.ids.entries()) {
      const sys = await t.ctx.db.select().from(messages).where(eq(messages.participationId, id));
      const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.participationId, id), eq(notifications.kind, 'chosen_winner')));
      if (i < 2) {
        expect(sys).toHaveLength(1);
        expect(sys[0]).toMatchObject({ type: 2, authorId: null, message: expect.stringContaining('Votre proposition a été choisie par Boulangerie Dupain') });
        expect(notes).toHaveLength(1);
        expect(notes[0]).toMatchObject({ userId: s.talents[i]!.id, link: `/messages/${id}` });
      } else {
        expect(sys).toHaveLength(0);
        expect(notes).toHaveLength(0);
      }
    }
    // Each winner's conversation updates live on both sides, each winner's bell rings, and
    // every talent's bell rings once more for the contest's closing.
    await expect.poll(() => live.length).toBe(5);
    expect(live).toContainEqual({ userIds: expect.arrayContaining(s.talents.map((u) => u.id)), type: 'notification', idParticipation: null });
    await stop();
    for (const [i, id] of s.ids.slice(0, 2).entries()) {
      expect(live).toContainEqual({ userIds: [s.talents[i]!.id, organiser.id], type: 'message', idParticipation: id });
      expect(live).toContainEqual({ userIds: [s.talents[i]!.id], type: 'notification', idParticipation: id });
    }
  });

  it('a single winner with the prize already paid finalises directly; closed contests refuse', async () => {
    const s = await contestWith(1);
    await post('/api/concours/winner/add', organiser, { idParticipationWinner: s.ids[0], idConcours: s.contestId });
    await setStatus(s.contestId, 3);
    expect((await post('/api/concours/winner/prefinal', organiser, { idConcours: s.contestId })).statusCode).toBe(200);
    expect((await contestRow(s.contestId)).status).toBe(4);
    const cancelled = await buildContest(t.ctx, organiser, { status: -1 });
    expect((await post('/api/concours/winner/prefinal', organiser, { idConcours: cancelled.id })).statusCode).toBe(409);
  });
});

describe('reading participations and winners', () => {
  it('GET /api/participation/:id: author, organiser and admin only', async () => {
    const s = await contestWith(2);
    const mine = await get(`/api/participation/${s.ids[0]}`, s.talents[0]!);
    expect(mine.statusCode).toBe(200);
    const dto = mine.json().results.participation;
    expect(dto).toMatchObject({ id: s.ids[0], idParticipation: s.ids[0], idConcours: s.contestId, idParticipant: s.talents[0]!.id, number: 1, isParticipating: true, isWinner: false, stars: 0, reported: false });
    expect(dto.participant).toEqual({ id: s.talents[0]!.id, pseudo: s.talents[0]!.pseudo });
    expect(dto.fileParticipants).toHaveLength(1);
    expect(dto.participantFile).toEqual(dto.fileParticipants);
    expect(dto.workFile).toEqual([]);
    expect(dto.finalFile).toEqual([]);
    expect((await get(`/api/participation/${s.ids[0]}`, organiser)).statusCode).toBe(200);
    expect((await get(`/api/participation/${s.ids[0]}`, admin)).statusCode).toBe(200);
    const blind = await get(`/api/participation/${s.ids[0]}`, s.talents[1]!);
    expect(blind.statusCode).toBe(403);
    expect((await get('/api/participation/999999', organiser)).statusCode).toBe(404);
  });

  it('GET /api/concours/:idConcours/ma-participation: the viewer’s own entry or null', async () => {
    const s = await contestWith(1);
    const mine = await get(`/api/concours/${s.contestId}/ma-participation`, s.talents[0]!);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().results.participation.id).toBe(s.ids[0]);
    const stranger = await buildUser(t.ctx);
    const none = await get(`/api/concours/${s.contestId}/ma-participation`, stranger);
    expect(none.statusCode).toBe(200);
    expect(none.json().results.participation).toBeNull();
  });

  it('GET /api/concours/readAll/winner/:idConcours: organiser and admins see all winners, a winner only their own', async () => {
    const s = await contestWith(3, { costCents: 50_000 });
    for (const id of s.ids.slice(0, 2)) await post('/api/concours/winner/add', organiser, { idParticipationWinner: id, idConcours: s.contestId });
    const res = await get(`/api/concours/readAll/winner/${s.contestId}`, organiser);
    expect(res.statusCode).toBe(200);
    const concours = res.json().results.concours;
    expect(concours).toMatchObject({ id: s.contestId, status: 2, companyName: 'Boulangerie Dupain', cost: 50_000, gain: 40_000 });
    expect(concours.participations.map((p: { id: number }) => p.id)).toEqual(s.ids.slice(0, 2));
    expect((await get(`/api/concours/readAll/winner/${s.contestId}`, admin)).json().results.concours.participations).toHaveLength(2);
    const own = await get(`/api/concours/readAll/winner/${s.contestId}`, s.talents[1]!);
    expect(own.statusCode).toBe(200);
    expect(own.json().results.concours.participations.map((p: { id: number }) => p.id)).toEqual([s.ids[1]]);
    expect((await get(`/api/concours/readAll/winner/${s.contestId}`, s.talents[2]!)).statusCode).toBe(403);
  });
});
