import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildOrganiser, buildPaidContest, buildUser, mailsSent, type TestUser } from '../../test/factories';
import { contestInvitations, contests, notifications, rateLimits, users } from '../../db/schema';
import { MESSAGES, formatEuros, formatParisDate, gainCents } from '@creadefi/domain';
import { INVITATIONS_PER_HOUR } from './invitations';
import { mailNotifications } from '../../jobs/mail-notifications';
import { openStream } from '../../test/event-stream';
import type { AddressInfo } from 'node:net';

const mailsTo = async (email: string) => {
  await mailNotifications(t.ctx);
  await mailsSent(t.ctx.queue);
  return (await t.outbox.list(1000)).filter((m) => m.to === email);
};

let t: TestApp;
let organiser: TestUser & { ownerId: string; payerId: string };
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx);
});
afterAll(() => t.close());

const invite = (user: TestUser, idConcours: number, pseudo: string) => t.app.inject({ method: 'POST', url: '/api/talents/invitations', headers: user.headers, payload: { idConcours, pseudo } });
const invitationsOf = (talentId: number) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, talentId), eq(notifications.kind, 'contest_invitation')));

describe('inviting a talent', () => {
  it('notifies the talent once, with a link to the contest, and mails them', async () => {
    const contest = await buildPaidContest(t.ctx, organiser, { companyName: 'Atelier Prisme' });
    const talent = await buildUser(t.ctx);
    const res = await invite(organiser, contest.id, talent.pseudo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `${talent.pseudo} est invité à votre concours.`, results: { created: true } });
    const [notice] = await invitationsOf(talent.id);
    expect(notice).toMatchObject({ link: `/details-concours/${contest.id}`, contestId: contest.id });
    const [me] = await t.ctx.db.select({ pseudo: users.pseudo }).from(users).where(eq(users.id, organiser.id));
    expect(notice!.text).toBe(`${me!.pseudo} vous invite à participer à son concours «\u00a0Atelier Prisme\u00a0».`);
    // The bell shows it.
    const bell = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: talent.headers })).json().results.notifications;
    expect(bell[0]).toMatchObject({ kind: 'contest_invitation', link: `/details-concours/${contest.id}` });

    const [mail] = await mailsTo(talent.email);
    expect(mail?.link).toBe(`http://localhost:3000/details-concours/${contest.id}`);
    expect(mail?.subject).toBe('Vous êtes invité à participer au concours «\u00a0Atelier Prisme\u00a0»');

    const again = await invite(organiser, contest.id, talent.pseudo);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: `${talent.pseudo} est déjà invité à ce concours.`, results: { created: false } });
    expect(await invitationsOf(talent.id)).toHaveLength(1);

    const choices = await t.app.inject({ method: 'GET', url: `/api/talents/${talent.pseudo}/invitable-contests`, headers: organiser.headers });
    expect(choices.json().results.contests).toContainEqual({ idConcours: contest.id, companyName: 'Atelier Prisme', invited: true });
  });

  it('respects the talent’s mail preferences', async () => {
    const contest = await buildPaidContest(t.ctx, organiser, { companyName: 'Sans Courriel' });
    const talent = await buildUser(t.ctx);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/mail-preferences', headers: talent.headers, payload: { kind: 'contestInvitation', enabled: false } })).statusCode).toBe(200);
    expect((await invite(organiser, contest.id, talent.pseudo)).statusCode).toBe(200);
    expect(await mailsTo(talent.email)).toHaveLength(0);
    expect(await invitationsOf(talent.id)).toHaveLength(1);
  });

  it('20 identical invitations at once make one invitation and one notification', async () => {
    const contest = await buildPaidContest(t.ctx, organiser);
    const talent = await buildUser(t.ctx);
    const answers = await Promise.all(Array.from({ length: 20 }, () => invite(organiser, contest.id, talent.pseudo)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().results.created)).toHaveLength(1);
    expect(await t.ctx.db.select().from(contestInvitations).where(eq(contestInvitations.talentId, talent.id))).toHaveLength(1);
    expect(await invitationsOf(talent.id)).toHaveLength(1);
  });

  it('only the organiser, only while the contest takes proposals, never oneself, never a hidden profile', async () => {
    const contest = await buildPaidContest(t.ctx, organiser);
    const talent = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const denied = await invite(stranger, contest.id, talent.pseudo);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message.message).toBe('Seul l’organisateur de ce concours peut y inviter des talents.');
    expect((await invite(talent, contest.id, talent.pseudo)).statusCode).toBe(403);
    expect((await invite(organiser, contest.id, (await t.ctx.db.select({ p: users.pseudo }).from(users).where(eq(users.id, organiser.id)))[0]!.p)).statusCode).toBe(400);
    expect((await invite(organiser, 999_999, talent.pseudo)).statusCode).toBe(404);
    expect((await invite(organiser, contest.id, 'inconnu_total')).statusCode).toBe(404);

    const unpaid = await buildContest(t.ctx, organiser, { status: 1 });
    const closed = await invite(organiser, unpaid.id, talent.pseudo);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message.message).toBe('On invite des talents à un concours tant qu’il reçoit des propositions.');
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, contest.id));
    expect((await invite(organiser, contest.id, talent.pseudo)).statusCode).toBe(409);

    const suspended = await buildUser(t.ctx, { suspendedAt: new Date() });
    const open = await buildPaidContest(t.ctx, organiser);
    expect((await invite(organiser, open.id, suspended.pseudo)).statusCode).toBe(404);
    expect(await invitationsOf(talent.id)).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/talents/invitations', payload: { idConcours: open.id, pseudo: talent.pseudo } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/talents/invitations', headers: organiser.headers, payload: { idConcours: 'abc' } })).statusCode).toBe(400);
  });

  it('limits how many invitations an organiser sends per hour', async () => {
    const busy = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, busy);
    const talent = await buildUser(t.ctx);
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) expect((await invite(busy, contest.id, talent.pseudo)).statusCode).toBe(200);
    const over = await invite(busy, contest.id, talent.pseudo);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().message.message).toBe('Vous avez envoyé beaucoup d’invitations\u00a0: réessayez un peu plus tard.');
    // Another organiser is not held back.
    expect((await invite(organiser, (await buildPaidContest(t.ctx, organiser)).id, talent.pseudo)).statusCode).toBe(200);
    await t.ctx.db.delete(rateLimits).where(eq(rateLimits.key, `invite:${busy.id}`));
  });
});

describe('inviting a talent to a private contest', () => {
  const pseudoOf = async (id: number) => (await t.ctx.db.select({ pseudo: users.pseudo }).from(users).where(eq(users.id, id)))[0]!.pseudo;

  it('tells a talent bound by no agreement only what the teaser shows, in the bell, its mail and the mail’s subject', async () => {
    const contest = await buildPaidContest(t.ctx, organiser, { companyName: 'Secretco Confidentiel', isPrivate: true, subCategoryId: 1 });
    const talent = await buildUser(t.ctx);
    const organiserPseudo = await pseudoOf(organiser.id);
    // The live event that rings the bell carries no text at all.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await openStream(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events`, { authorization: `Bearer ${talent.token}` });
    await live.next('ready');
    const rung = live.next('notification');
    expect((await invite(organiser, contest.id, talent.pseudo)).statusCode).toBe(200);
    expect(await rung).toEqual({ type: 'notification', idParticipation: null });
    live.close();

    const [notice] = await invitationsOf(talent.id);
    expect(notice!.text).toBe(MESSAGES.talents.invitationNoticePrivate('Logo', formatEuros(gainCents(contest.costCents)), formatParisDate(contest.endDate!)));
    expect(notice!.link).toBe(`/details-concours/${contest.id}`);
    const bell = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: talent.headers });
    expect(bell.json().results.notifications[0]).toMatchObject({ kind: 'contest_invitation', text: notice!.text });
    for (const said of [bell.body, notice!.text]) {
      expect(said).not.toContain('Secretco');
      expect(said).not.toContain(organiserPseudo);
    }

    // The mail, and the outbox's console line, which prints its subject.
    const [mail] = await mailsTo(talent.email);
    expect(mail?.subject).toBe('Vous êtes invité à participer à un concours privé');
    expect(mail?.link).toBe(`http://localhost:3000/details-concours/${contest.id}`);
    for (const said of [mail!.subject, mail!.text]) {
      expect(said).not.toContain('Secretco');
      expect(said).not.toContain(organiserPseudo);
    }
  });

  it('names the contest and its organiser to a talent who accepted its agreement', async () => {
    const contest = await buildPaidContest(t.ctx, organiser, { companyName: 'Secretco Partagé', isPrivate: true });
    const talent = await buildUser(t.ctx);
    expect((await t.app.inject({ method: 'POST', url: `/api/concours/${contest.id}/nda`, headers: talent.headers })).statusCode).toBe(200);
    expect((await invite(organiser, contest.id, talent.pseudo)).statusCode).toBe(200);
    const [notice] = await invitationsOf(talent.id);
    expect(notice!.text).toBe(MESSAGES.talents.invitationNotice(await pseudoOf(organiser.id), 'Secretco Partagé'));
    const [mail] = await mailsTo(talent.email);
    expect(mail?.subject).toBe('Vous êtes invité à participer au concours «\u00a0Secretco Partagé\u00a0»');
  });
});
