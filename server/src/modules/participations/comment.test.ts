import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX, MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, mailsSent, type TestUser } from '../../test/factories';
import { messages, notifications, participations } from '../../db/schema';
import { mailNotifications } from '../../jobs/mail-notifications';

const F = MESSAGES.feedback;
const M = MESSAGES.followUp.mails;
let t: TestApp;
let organiser: TestUser;
let otherOrganiser: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  otherOrganiser = await buildUser(t.ctx, { withProvider: true });
  admin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

const comment = (user: TestUser | null, idParticipation: unknown, text: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/participation/comment', headers: user?.headers ?? {}, payload: { idParticipation, comment: text } });
const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: user.headers });
const errorOf = (res: { json(): { message: { message: string } } }) => res.json().message.message;
const systemMessages = (id: number) => t.ctx.db.select().from(messages).where(and(eq(messages.participationId, id), eq(messages.type, 2)));
const notificationsOf = (userId: number, kind: string) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const row = async (id: number) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;

/** An open contest of the organiser's with two talents' proposals. */
async function setup(overrides: Parameters<typeof buildContest>[2] = {}) {
  const contest = await buildContest(t.ctx, organiser, { companyName: 'Fournil Dupain', ...overrides });
  const author = await buildUser(t.ctx, { withProvider: true });
  const other = await buildUser(t.ctx, { withProvider: true });
  const id = await buildProposal(t.ctx, contest.id, author);
  const otherId = await buildProposal(t.ctx, contest.id, other);
  return { contest, author, other, id, otherId };
}

describe('POST /api/participation/comment', () => {
  it('lets the organiser comment; the author reads it on the contest page, in the conversation, the bell and a mail', async () => {
    const s = await setup();
    const res = await comment(organiser, s.id, '  Belles couleurs, mais le texte se lit mal.  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(F.saved);
    expect(res.json().results.comment.text).toBe('Belles couleurs, mais le texte se lit mal.');

    const mine = await get(s.author, `/concours/${s.contest.id}/ma-participation`);
    expect(mine.json().results.participation.comment).toMatchObject({ text: 'Belles couleurs, mais le texte se lit mal.' });
    const conversation = await get(s.author, `/message/readByParticipant/${s.id}`);
    expect(conversation.statusCode).toBe(200);
    const system = conversation.json().results.participation.messages.filter((m: { type: number }) => m.type === 2);
    expect(system.map((m: { message: string }) => m.message)).toEqual([F.systemMessage(1, 'Belles couleurs, mais le texte se lit mal.')]);
    expect(system[0].message).toBe('Commentaire de l’organisateur sur votre proposition n°\u00a01\u00a0: Belles couleurs, mais le texte se lit mal.');

    // The organiser sees it on the proposals page; an admin reads it too.
    const page = await get(organiser, `/concours/${s.contest.id}/participations`);
    const cards = page.json().results.participations as { id: number; comment: { text: string } | null }[];
    expect(cards.find((c) => c.id === s.id)!.comment?.text).toBe('Belles couleurs, mais le texte se lit mal.');
    expect(cards.find((c) => c.id === s.otherId)!.comment).toBeNull();
    expect((await get(admin, `/participation/${s.id}`)).json().results.participation.comment.text).toBe('Belles couleurs, mais le texte se lit mal.');

    // Another talent reads neither the proposal nor the conversation, and their own has no comment.
    expect((await get(s.other, `/participation/${s.id}`)).statusCode).toBe(403);
    expect((await get(s.other, `/message/readByParticipant/${s.id}`)).statusCode).toBe(403);
    expect((await get(s.other, `/concours/${s.contest.id}/ma-participation`)).json().results.participation.comment).toBeNull();
    expect(await systemMessages(s.otherId)).toHaveLength(0);

    const [bell] = await notificationsOf(s.author.id, 'proposal_comment');
    expect(bell).toMatchObject({ text: F.notifications.comment('Fournil Dupain'), link: `/details-concours/${s.contest.id}`, participationId: s.id });
    expect(await notificationsOf(s.other.id, 'proposal_comment')).toHaveLength(0);
    await mailNotifications(t.ctx);
    await mailsSent(t.ctx.queue);
    const mails = (await t.outbox.list(1000)).filter((m) => m.to === s.author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: M.subjects.proposalComment('Fournil Dupain'), link: `http://localhost:3000/details-concours/${s.contest.id}` });
    expect((await t.outbox.list(1000)).filter((m) => m.to === s.other.email)).toHaveLength(0);
  });

  it('replaces the comment when written again, each version reaching the conversation once', async () => {
    const s = await setup();
    expect((await comment(organiser, s.id, 'Premier avis')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await comment(organiser, s.id, 'Second avis, plus précis')).statusCode).toBe(200);
    expect((await row(s.id)).comment).toBe('Second avis, plus précis');
    // The same comment sent twenty times at once: written, announced and notified once.
    const answers = await Promise.all(Array.from({ length: 20 }, () => comment(organiser, s.id, 'Troisième avis')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect((await systemMessages(s.id)).map((m) => m.message)).toEqual([F.systemMessage(1, 'Premier avis'), F.systemMessage(1, 'Second avis, plus précis'), F.systemMessage(1, 'Troisième avis')]);
    // Unread, the bell's entry is brought back up rather than piled.
    expect(await notificationsOf(s.author.id, 'proposal_comment')).toHaveLength(1);
  });

  it('is refused to everyone but the contest’s organiser, in French, changing nothing', async () => {
    const s = await setup();
    const visitor = await comment(null, s.id, 'Bonjour');
    expect(visitor.statusCode).toBe(401);
    for (const who of [otherOrganiser, s.author, s.other, admin]) {
      const res = await comment(who, s.id, 'Bonjour');
      expect(res.statusCode, who.email).toBe(403);
      expect(errorOf(res)).toBe(F.organiserOnly);
    }
    expect((await row(s.id)).comment).toBeNull();
    expect(await systemMessages(s.id)).toHaveLength(0);
    expect(await notificationsOf(s.author.id, 'proposal_comment')).toHaveLength(0);
  });

  it('checks the text: required, at most 1 000 characters', async () => {
    const s = await setup();
    for (const text of ['', '    ', undefined]) {
      const res = await comment(organiser, s.id, text);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(F.commentRequired);
    }
    const long = await comment(organiser, s.id, 'é'.repeat(COMMENT_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toBe(F.commentTooLong(COMMENT_MAX));
    expect(F.commentTooLong(COMMENT_MAX)).toBe('Votre commentaire ne peut pas dépasser 1\u202f000 caractères.');
    expect((await comment(organiser, s.id, 'é'.repeat(COMMENT_MAX))).statusCode).toBe(200);
    const unknown = await comment(organiser, 999_999, 'Bonjour');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toBe(MESSAGES.participations.notFound);
  });

  it('refuses a withdrawn proposal, one withdrawn by the team, and a contest no longer judged', async () => {
    const s = await setup();
    expect((await comment(organiser, s.id, 'Avant le retrait')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/participation/withdraw', headers: s.author.headers, payload: { idParticipation: s.id } })).statusCode).toBe(200);
    const withdrawn = await comment(organiser, s.id, 'Bonjour');
    expect(withdrawn.statusCode).toBe(400);
    expect(errorOf(withdrawn)).toBe(F.notAProposal);
    // Sent again, it is a new proposal: no comment carried over, its own 48 hours.
    expect(await row(s.id)).toMatchObject({ comment: null, commentedAt: null, submittedAt: null, awaitingRemindedAt: null });

    await t.ctx.db.update(participations).set({ withdrawnByTeamAt: t.ctx.clock() }).where(eq(participations.id, s.otherId));
    const byTeam = await comment(organiser, s.otherId, 'Bonjour');
    expect(byTeam.statusCode).toBe(409);
    expect(errorOf(byTeam)).toBe(F.withdrawnByTeam);

    // 2 and 3: the organiser judges. From 4 on (and once closed), no comment.
    for (const [status, code] of [[3, 200], [4, 409], [5, 409], [-1, 409]] as const) {
      const c = await setup({ status });
      const res = await comment(organiser, c.id, `Avis au statut ${status}`);
      expect(res.statusCode, `status ${status}`).toBe(code);
      if (code === 409) expect(errorOf(res)).toBe(F.onlyWhileJudging);
    }
  });

  it('mails nothing to an author who switched that mail off, the bell still tells them', async () => {
    const s = await setup();
    const off = await t.app.inject({ method: 'POST', url: '/api/user/mail-preferences', headers: s.author.headers, payload: { kind: 'proposalComment', enabled: false } });
    expect(off.statusCode).toBe(200);
    expect((await comment(organiser, s.id, 'Très réussi')).statusCode).toBe(200);
    await mailNotifications(t.ctx);
    await mailsSent(t.ctx.queue);
    expect((await t.outbox.list(1000)).filter((m) => m.to === s.author.email)).toHaveLength(0);
    expect(await notificationsOf(s.author.id, 'proposal_comment')).toHaveLength(1);
  });
});
