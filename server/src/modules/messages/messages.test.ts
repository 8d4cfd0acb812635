import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { contests, files, messages, notifications, participations } from '../../db/schema';
import { fakePng, multipartBody, pdfBytes } from '../files/test-helpers';

const M = MESSAGES.messaging;

let t: TestApp;
let organiser: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { pseudo: `Orga_${Date.now() % 100000}` });
  admin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

const send = (user: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/message/create', headers: user.headers, payload });
const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const setStatus = (id: number, status: number) => t.ctx.db.update(contests).set({ status }).where(eq(contests.id, id));
const setWinner = (id: number, isWinner = true) => t.ctx.db.update(participations).set({ isWinner }).where(eq(participations.id, id));
const uploadWork = (user: TestUser, id: number, file: { filename: string; content: Buffer }) => {
  const body = multipartBody([{ name: 'fileMessage', ...file }]);
  return t.app.inject({ method: 'POST', url: `/api/message/add/file/${id}`, headers: { ...user.headers, ...body.headers }, payload: body.payload });
};

/** A contest of the organiser with one proposal by a new talent. */
async function conversation(status = 2) {
  const contest = await buildContest(t.ctx, organiser, { status });
  const talent = await buildUser(t.ctx);
  const id = await buildProposal(t.ctx, contest.id, talent);
  return { contest, talent, id };
}

describe('POST /api/message/create', () => {
  it('writes to a contest before taking part: an empty participation is created, then the message', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const talent = await buildUser(t.ctx);
    const res = await send(talent, { idConcours: contest.id, message: '  Bonjour, le logo peut-il être en noir et blanc ?  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.sent);
    const { idParticipation, message } = res.json().results;
    expect(message).toMatchObject({ message: 'Bonjour, le logo peut-il être en noir et blanc ?', type: 1, isMine: true, isConcoureurMessage: false, authorId: talent.id, file: null });
    const [p] = await t.ctx.db.select().from(participations).where(eq(participations.id, idParticipation));
    expect(p).toMatchObject({ contestId: contest.id, userId: talent.id, isParticipating: false, number: null });
    expect(p!.lastMessageAt).not.toBeNull();

    // The next message by contest goes to the same conversation.
    const again = await send(talent, { idConcours: contest.id, message: 'Et en couleur ?' });
    expect(again.json().results.idParticipation).toBe(idParticipation);
    expect(await t.ctx.db.select().from(participations).where(and(eq(participations.contestId, contest.id), eq(participations.userId, talent.id)))).toHaveLength(1);

    // One unread notification for the organiser, however many messages arrive.
    const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.participationId, idParticipation)));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'new_message', text: MESSAGES.notifications.newMessage(talent.pseudo), link: `/messages/${idParticipation}`, readAt: null });
    // Once read, the next message brings a new one.
    await t.ctx.db.update(notifications).set({ readAt: t.clock.now() }).where(eq(notifications.id, notes[0]!.id));
    await send(organiser, { idParticipation, message: 'Réponse' });
    await send(talent, { idParticipation, message: 'Merci !' });
    expect(await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.participationId, idParticipation)))).toHaveLength(2);
    const toTalent = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, talent.id), eq(notifications.participationId, idParticipation)));
    expect(toTalent).toHaveLength(1);
    expect(toTalent[0]!.text).toBe(MESSAGES.notifications.newMessage(organiser.pseudo));
  });

  it('brings the unread notification up to the latest message, with the latest text and no mail', async () => {
    const { talent, id } = await conversation();
    expect((await send(talent, { idParticipation: id, message: 'Première question' })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const later = t.clock.now();
    expect((await send(talent, { idParticipation: id, message: 'Seconde question' })).statusCode).toBe(200);
    const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.participationId, id)));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'new_message', text: MESSAGES.notifications.newMessage(talent.pseudo), contestId: expect.any(Number), readAt: null, mailDueAt: null });
    expect(notes[0]!.createdAt.getTime()).toBe(later.getTime());
    const [p] = await t.ctx.db.select({ lastMessageAt: participations.lastMessageAt }).from(participations).where(eq(participations.id, id));
    expect(p!.lastMessageAt!.getTime()).toBe(later.getTime());
  });

  it('two first messages sent at once make one participation', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const talent = await buildUser(t.ctx);
    const answers = await Promise.all([1, 2, 3].map((i) => send(talent, { idConcours: contest.id, message: `Question ${i}` })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().results.idParticipation)).size).toBe(1);
    const id = answers[0]!.json().results.idParticipation as number;
    expect(await t.ctx.db.select().from(messages).where(eq(messages.participationId, id))).toHaveLength(3);
  });

  it('lets the organiser write to a non-winner only while open (2), and to a winner from 2 to 5', async () => {
    const { contest, id } = await conversation();
    expect((await send(organiser, { idParticipation: id, message: 'Bravo' })).statusCode).toBe(200);
    for (const status of [3, 4, 5, 1, -1]) {
      await setStatus(contest.id, status);
      const res = await send(organiser, { idParticipation: id, message: 'Encore' });
      expect(res.statusCode, `status ${status}`).toBe(403);
      expect(res.json().message.message).toBe(M.notAllowedNow);
    }
    await setWinner(id);
    for (const status of [2, 3, 4, 5]) {
      await setStatus(contest.id, status);
      expect((await send(organiser, { idParticipation: id, message: `Statut ${status}` })).statusCode, `status ${status}`).toBe(200);
    }
  });

  it('lets the talent write at 2, and from 3 to 5 only as a winner («\u00a0non sélectionné\u00a0» otherwise)', async () => {
    const { contest, talent, id } = await conversation();
    expect((await send(talent, { idParticipation: id, message: 'Question' })).statusCode).toBe(200);
    for (const status of [3, 4, 5]) {
      await setStatus(contest.id, status);
      const res = await send(talent, { idParticipation: id, message: 'Encore' });
      expect(res.statusCode, `status ${status}`).toBe(403);
      expect(res.json().message.message).toBe("Vous n'avez pas été sélectionné, vous ne pouvez pas effectuer cette action");
    }
    await setWinner(id);
    for (const status of [3, 4, 5]) {
      await setStatus(contest.id, status);
      expect((await send(talent, { idParticipation: id, message: `Statut ${status}` })).statusCode).toBe(200);
    }
    await setStatus(contest.id, -1);
    expect((await send(talent, { idParticipation: id, message: 'Fermé' })).json().message.message).toBe(M.notAllowedNow);
  });

  it('refuses a talent without a participation once the contest is closed, and creates nothing', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 3 });
    const talent = await buildUser(t.ctx);
    const res = await send(talent, { idConcours: contest.id, message: 'Trop tard ?' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe(M.notSelected);
    expect(await t.ctx.db.select().from(participations).where(eq(participations.contestId, contest.id))).toHaveLength(0);
  });

  it('refuses everyone else, an admin included, an organiser writing to their own contest, and empty or mismatched messages', async () => {
    const { contest, id } = await conversation();
    const stranger = await buildUser(t.ctx);
    for (const user of [stranger, admin]) {
      const res = await send(user, { idParticipation: id, message: 'Coucou' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message.message).toBe(M.notInConversation);
    }
    expect((await send(organiser, { idConcours: contest.id, message: 'Moi-même' })).json().message.message).toBe(M.ownContest);
    const empty = await send(organiser, { idParticipation: id, message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message.message).toBe(M.messageRequired);
    const other = await buildContest(t.ctx, organiser);
    expect((await send(organiser, { idParticipation: id, idConcours: other.id, message: 'x' })).statusCode).toBe(400);
    expect((await send(organiser, { idParticipation: 999_999, message: 'x' })).statusCode).toBe(404);
    const unknownContest = await send(stranger, { idConcours: 999_999, message: 'x' });
    expect(unknownContest.statusCode).toBe(404);
    expect(unknownContest.json().message.message).toBe(MESSAGES.contests.notFound);
    expect((await t.app.inject({ method: 'POST', url: '/api/message/create', payload: { idParticipation: id, message: 'x' } })).statusCode).toBe(401);
  });
});

describe('conversation lists and reading', () => {
  it('groups conversations by contest with their last message and unread count; reading marks them read', async () => {
    const contest = await buildContest(t.ctx, organiser, { companyName: 'Boulangerie Lumière', subCategoryId: 1 });
    const a = await buildUser(t.ctx);
    const b = await buildUser(t.ctx);
    const silent = await buildUser(t.ctx);
    const idA = await buildProposal(t.ctx, contest.id, a);
    const idB = (await send(b, { idConcours: contest.id, message: 'Première question' })).json().results.idParticipation as number;
    // An empty participation with no message is not a conversation.
    await t.ctx.db.insert(participations).values({ contestId: contest.id, userId: silent.id });
    t.clock.advance(1000);
    await send(a, { idParticipation: idA, message: 'Bonjour !' });
    t.clock.advance(1000);
    await send(a, { idParticipation: idA, message: 'Voici mes idées pour le logo de la boulangerie' });
    await send(organiser, { idParticipation: idA, message: 'Merci' });

    const res = await get(organiser, '/api/message/read/byConcours');
    expect(res.statusCode).toBe(200);
    const group = (res.json().results.concours as (Record<string, unknown> & { id: number; conversations: Record<string, unknown>[] })[]).find((g) => g.id === contest.id)!;
    expect(group).toMatchObject({ status: 2, companyName: 'Boulangerie Lumière', subCategory: { id: 1, name: 'Logo' } });
    expect(group.conversations.map((c) => c.idParticipation)).toEqual([idA, idB]);
    expect(group.conversations[0]).toMatchObject({ counterpart: { id: a.id, pseudo: a.pseudo }, role: 'organiser', isWinner: false, unread: 2, lastMessage: { message: 'Merci', type: 1 } });
    expect(group.conversations[1]).toMatchObject({ counterpart: { id: b.id }, unread: 1, lastMessage: { message: 'Première question' } });

    const counts = await get(organiser, '/api/notifications/unread-count');
    expect(counts.json().results.messages).toBeGreaterThanOrEqual(3);
    const before = counts.json().results.messages as number;

    const mine = await get(a, '/api/message/read/byParticipation');
    const talentGroup = (mine.json().results.concours as { id: number; conversations: Record<string, unknown>[] }[]).find((g) => g.id === contest.id)!;
    expect(talentGroup.conversations).toEqual([expect.objectContaining({ idParticipation: idA, role: 'participant', counterpart: { id: organiser.id, pseudo: organiser.pseudo }, unread: 1 })]);
    expect((await get(a, '/api/notifications/unread-count')).json().results).toMatchObject({ messages: 1 });

    const read = await get(organiser, `/api/message/readByParticipant/${idA}`);
    expect(read.statusCode).toBe(200);
    const conv = read.json().results.participation;
    expect(conv.messages.map((m: { message: string }) => m.message)).toEqual(['Bonjour !', 'Voici mes idées pour le logo de la boulangerie', 'Merci']);
    expect(conv.messages.map((m: { isMine: boolean }) => m.isMine)).toEqual([false, false, true]);
    expect(conv).toMatchObject({ id: idA, role: 'organiser', isWinner: false, User: { id: a.id, pseudo: a.pseudo }, concour: { id: contest.id, status: 2, idConcoureur: organiser.id, cost: 30_000, gain: 24_000, subCategory: { id: 1, name: 'Logo', format: 1 } } });
    expect(conv.can).toEqual({ send: true, uploadWork: false, uploadFinal: false, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: false });
    expect((await get(organiser, '/api/notifications/unread-count')).json().results.messages).toBe(before - 2);
    const bell = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.participationId, idA)));
    expect(bell.map((n) => n.readAt !== null)).toEqual([true]);
    // The talent's own unread message is untouched by the organiser reading.
    expect((await get(a, '/api/notifications/unread-count')).json().results.messages).toBe(1);
  });

  it('lets the two parties and an admin read, nobody else; an admin marks nothing read', async () => {
    const { talent, id } = await conversation();
    await send(talent, { idParticipation: id, message: 'Question' });
    expect((await get(await buildUser(t.ctx), `/api/message/readByParticipant/${id}`)).statusCode).toBe(403);
    const asAdmin = await get(admin, `/api/message/readByParticipant/${id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().results.participation.can).toEqual({ send: false, uploadWork: false, uploadFinal: false, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: false });
    const [m] = await t.ctx.db.select().from(messages).where(eq(messages.participationId, id));
    expect(m!.readAt).toBeNull();
    expect((await get(organiser, '/api/message/readByParticipant/999999')).statusCode).toBe(404);
  });

  it('computes what each side may do from the status and the winner', async () => {
    const { contest, talent, id } = await conversation();
    await setWinner(id);
    await setStatus(contest.id, 4);
    const can = async (user: TestUser) => (await get(user, `/api/message/readByParticipant/${id}`)).json().results.participation.can;
    expect(await can(talent)).toEqual({ send: true, uploadWork: true, uploadFinal: true, validateFinal: false, acceptMission: true, replaceWinner: false, openDispute: true });
    expect(await can(organiser)).toEqual({ send: true, uploadWork: true, uploadFinal: false, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: true });
    await t.ctx.db.update(participations).set({ finalSentAt: t.clock.now() }).where(eq(participations.id, id));
    expect((await can(organiser)).validateFinal).toBe(true);
    await setWinner(id, false);
    expect(await can(talent)).toEqual({ send: false, uploadWork: false, uploadFinal: false, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: false });
  });
});

describe('POST /api/message/add/file/{idParticipation}', () => {
  it('exchanges work files between the organiser and a winner at 4 and 5 only', async () => {
    const { contest, talent, id } = await conversation(2);
    const png = { filename: 'esquisse.png', content: fakePng(2000) };
    const refused = await uploadWork(talent, id, png);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message.message).toBe(M.notSelected);
    await setWinner(id);
    expect((await uploadWork(talent, id, png)).json().message.message).toBe(M.uploadOnlyWinner);
    await setStatus(contest.id, 4);

    const ok = await uploadWork(talent, id, png);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.participations.fileAdded);
    expect(ok.json().results.file).toMatchObject({ kind: 'work', filename: 'esquisse.png', mime: 'image/png' });
    expect(ok.json().results.message).toMatchObject({ type: 1, isMine: true, message: 'esquisse.png', file: { kind: 'work' } });
    await setStatus(contest.id, 5);
    const pdf = await uploadWork(organiser, id, { filename: 'retours.pdf', content: pdfBytes('Retours') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().results.message.isConcoureurMessage).toBe(true);

    const conv = (await get(talent, `/api/message/readByParticipant/${id}`)).json().results.participation;
    expect(conv.fileParticipants.workFile.map((f: { filename: string }) => f.filename)).toEqual(['esquisse.png', 'retours.pdf']);
    expect(conv.messages.at(-1)).toMatchObject({ file: { filename: 'retours.pdf' }, isMine: false });
    expect(await t.ctx.db.select().from(files).where(and(eq(files.participationId, id), eq(files.kind, 'work')))).toHaveLength(2);

    // Not a type work files take (an archive is for final files), and a non-party.
    const zip = await uploadWork(talent, id, { filename: 'sources.7z', content: Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04]), Buffer.alloc(200)]) });
    expect(zip.statusCode).toBe(415);
    expect((await uploadWork(await buildUser(t.ctx), id, png)).statusCode).toBe(403);
  });

  it('refuses an organiser with a non-winner at 4', async () => {
    const { contest, id } = await conversation(4);
    const res = await uploadWork(organiser, id, { filename: 'x.png', content: fakePng(500) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe(M.uploadOnlyWinner);
    expect(contest.status).toBe(4);
  });
});
