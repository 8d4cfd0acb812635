import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SUB_CATEGORIES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../test/harness';
import { buildContest, buildFinalisedContest, buildOrganiser, buildUser, mailsSent, type TestUser } from '../test/factories';
import { mailOptOuts, notifications } from '../db/schema';
import { SmtpMailer } from '../adapters/mail/smtp';
import { notify } from '../modules/notifications/notify';
import { participationOf } from '../modules/participations/test-helpers';
import { mailNotifications } from './mail-notifications';
import { jobs } from './index';

const M = MESSAGES.followUp.mails;
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const slogan = SUB_CATEGORIES.find((s) => s.slug === 'slogan')!.id;
const mailsTo = async (email: string) => {
  await mailsSent(t.ctx.queue);
  return (await t.outbox.list(1000)).filter((m) => m.to === email);
};
const setSwitch = (user: TestUser, kind: string, enabled: unknown) => t.app.inject({ method: 'POST', url: '/api/user/mail-preferences', headers: user.headers, payload: { kind, enabled } });

describe('mails of the moments that matter', () => {
  it('is scheduled every minute', () => {
    expect(jobs.find((j) => j.run === mailNotifications)?.cron).toBe('* * * * *');
  });

  it('groups new proposals: at most one mail a day per contest, counting those arrived meanwhile', async () => {
    const organiser = await buildUser(t.ctx, { withProvider: true });
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: slogan, companyName: 'Fournil' });
    for (let i = 0; i < 3; i++) await participationOf(t, await buildUser(t.ctx, { withProvider: true }), contest.id, `Slogan ${i}`);
    // Nothing leaves before the transaction's job passes.
    expect(await mailsTo(organiser.email)).toHaveLength(0);
    await Promise.all([mailNotifications(t.ctx), mailNotifications(t.ctx)]);
    let mails = await mailsTo(organiser.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: M.subjects.newProposal('Fournil'), link: `http://localhost:3000/participations/${contest.id}` });
    expect(mails[0]!.text).toContain(M.newProposals(3, 'Fournil'));
    expect(mails[0]!.text).toContain('http://localhost:3000/mon-profil/informations-personnelles');

    await participationOf(t, await buildUser(t.ctx, { withProvider: true }), contest.id, 'Slogan 4');
    await participationOf(t, await buildUser(t.ctx, { withProvider: true }), contest.id, 'Slogan 5');
    await mailNotifications(t.ctx);
    expect(await mailsTo(organiser.email)).toHaveLength(1);
    t.clock.advance(DAY);
    await mailNotifications(t.ctx);
    mails = await mailsTo(organiser.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain(M.newProposals(2, 'Fournil'));
    await mailNotifications(t.ctx);
    expect(await mailsTo(organiser.email)).toHaveLength(2);
  });

  it('tells a winner, with the link to the conversation, unless they switched it off', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const { winners } = await buildFinalisedContest(t.ctx, organiser, { winners: 2 });
    const [kept, silenced] = winners;
    expect((await setSwitch(silenced!.user, 'chosenWinner', false)).statusCode).toBe(200);
    await mailNotifications(t.ctx);
    const mails = await mailsTo(kept!.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toBe(`http://localhost:3000/messages/${kept!.participationId}`);
    expect(await mailsTo(silenced!.user.email)).toHaveLength(0);
    const [row] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, silenced!.user.id), eq(notifications.kind, 'chosen_winner')));
    expect(row).toMatchObject({ mailDueAt: null, mailedAt: null });
  });

  it('mails the prize and the transfer, never the kinds without a mail', async () => {
    const talent = await buildUser(t.ctx);
    const now = t.clock.now();
    await notify(t.ctx.db, { userId: talent.id, kind: 'payment_received', text: MESSAGES.notifications.paymentReceived('240,00 €'), link: '/mon-profil/informations-personnelles', at: now });
    await notify(t.ctx.db, { userId: talent.id, kind: 'files_validated', text: 'x', at: now });
    await notify(t.ctx.db, { userId: talent.id, kind: 'payout_sent', text: MESSAGES.notifications.payoutSent('240,00 €'), link: '/mon-profil/informations-personnelles', at: now });
    await notify(t.ctx.db, { userId: talent.id, kind: 'new_message', text: 'x', at: now });
    await mailNotifications(t.ctx);
    const subjects = (await mailsTo(talent.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([M.subjects.payoutSent, M.subjects.prizeCredited].sort());
  });

  it('a failing transport fails no action: the pass only queues the mail, the queue sends it', async () => {
    const organiser = await buildUser(t.ctx, { withProvider: true });
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: slogan });
    const broken = { ...t.ctx, mailer: new SmtpMailer('smtp://127.0.0.1:1', t.ctx.config.MAIL_FROM) };
    // The proposal itself goes through whatever the mail server does.
    await participationOf(t, await buildUser(t.ctx, { withProvider: true }), contest.id, 'Un slogan');
    expect(await mailNotifications(broken)).toBe(1);
    expect(await mailsTo(organiser.email)).toHaveLength(1);
  });
});

describe('GET and POST /api/user/mail-preferences', () => {
  it('starts with every mail on, stores a switch once however often it is sent, and only for the viewer', async () => {
    const member = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const read = (u: TestUser) => t.app.inject({ method: 'GET', url: '/api/user/mail-preferences', headers: u.headers });
    expect((await read(member)).json().results.preferences).toEqual({ newProposal: true, chosenWinner: true, finalFilesReceived: true, prizeCredited: true, payoutSent: true, proposalComment: true, proposalsAwaiting: true, contestInvitation: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => setSwitch(member, 'newProposal', false)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers[0]!.json()).toMatchObject({ message: M.saved, results: { preferences: { newProposal: false, payoutSent: true } } });
    expect(await t.ctx.db.select().from(mailOptOuts).where(eq(mailOptOuts.userId, member.id))).toHaveLength(1);
    expect((await read(other)).json().results.preferences.newProposal).toBe(true);
    await Promise.all(Array.from({ length: 20 }, () => setSwitch(member, 'newProposal', true)));
    expect((await read(member)).json().results.preferences.newProposal).toBe(true);
  });

  it('refuses unknown kinds and values with a French message, and visitors', async () => {
    const member = await buildUser(t.ctx);
    const bad = await setSwitch(member, 'spam', false);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(M.unknownKind);
    const noValue = await setSwitch(member, 'newProposal', 'peut-être');
    expect(noValue.statusCode).toBe(400);
    expect(JSON.stringify(noValue.json())).toContain(M.enabledRequired);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/mail-preferences' })).statusCode).toBe(401);
  });
});
