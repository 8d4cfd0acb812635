import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SUB_CATEGORIES, TEXT_PROPOSAL_MAX } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { contests, files, participations } from '../../db/schema';
import { realPng, storedFiles } from '../files/test-helpers';
import { participationOf, uploadProposal } from './test-helpers';

const F = MESSAGES.followUp;
let t: TestApp;
let organiser: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
});
afterAll(() => t.close());

const slogan = SUB_CATEGORIES.find((s) => s.slug === 'slogan')!.id;
const post = (user: TestUser | null, url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: user?.headers ?? {}, payload });
const contestRow = async (id: number) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!;
const participationRow = async (id: number) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;
const proposalFiles = (id: number) => t.ctx.db.select().from(files).where(eq(files.participationId, id));
const proposalsPage = (contestId: number) => t.app.inject({ method: 'GET', url: `/api/concours/${contestId}/participations`, headers: organiser.headers });

/** A talent with a two-file proposal in a new open Logo contest. */
async function imageProposal() {
  const contest = await buildContest(t.ctx, organiser);
  const talent = await buildUser(t.ctx, { withProvider: true });
  const id = await participationOf(t, talent, contest.id);
  for (const name of ['a.png', 'b.png']) {
    const res = await uploadProposal(t, talent, id, { filename: name, content: await realPng(40, 40) });
    expect(res.statusCode).toBe(200);
  }
  await t.previewsDone();
  return { contest, talent, id };
}

describe('withdrawing a proposal', () => {
  it('empties it, keeps the counters right, hides it from the organiser and removes its files after commit', async () => {
    const { contest, talent, id } = await imageProposal();
    await post(organiser, '/participation/stars/update', { idParticipation: id, stars: 4 });
    const stored = storedFiles(t.dataDir).length;
    expect((await contestRow(contest.id))).toMatchObject({ participationsCount: 1, proposalsHigh: 1 });

    const res = await post(talent, '/participation/withdraw', { idParticipation: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(F.withdrawn);
    expect(await contestRow(contest.id)).toMatchObject({ participationsCount: 0, proposalsHigh: 0, proposalsUnrated: 0, proposalsLow: 0 });
    expect(await participationRow(id)).toMatchObject({ isParticipating: false, number: null, stars: 0, inputText: null });
    expect(await proposalFiles(id)).toHaveLength(0);
    // Two files and their two previews are gone from storage.
    expect(storedFiles(t.dataDir).length).toBe(stored - 4);
    const page = (await proposalsPage(contest.id)).json().results;
    expect(page.total).toBe(0);
    expect(page.participations).toEqual([]);

    // Taking part again is possible while the contest is open.
    const again = await uploadProposal(t, talent, id, { filename: 'c.png', content: await realPng(30, 30) });
    expect(again.statusCode).toBe(200);
    expect(await contestRow(contest.id)).toMatchObject({ participationsCount: 1, proposalsUnrated: 1 });
  });

  it('gives one effect for 20 identical requests at once', async () => {
    const { contest, talent, id } = await imageProposal();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(talent, '/participation/withdraw', { idParticipation: id })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect((await contestRow(contest.id)).participationsCount).toBe(0);
    expect((await contestRow(contest.id)).proposalsUnrated).toBe(0);
  });

  it('is refused to anyone but its author, to a winner and once the contest is closed', async () => {
    const { contest, talent, id } = await imageProposal();
    const other = await buildUser(t.ctx, { withProvider: true });
    for (const who of [other, organiser]) {
      const res = await post(who, '/participation/withdraw', { idParticipation: id });
      expect(res.statusCode).toBe(403);
      expect(res.json().message.message).toBe(MESSAGES.participations.notYours);
    }
    expect((await post(null, '/participation/withdraw', { idParticipation: id })).statusCode).toBe(401);
    expect((await post(talent, '/participation/withdraw', { idParticipation: 2_147_483_647 })).statusCode).toBe(404);
    const bad = await post(talent, '/participation/withdraw', { idParticipation: 'abc' });
    expect(bad.statusCode).toBe(400);

    expect((await post(organiser, '/concours/winner/add', { idParticipationWinner: id, idConcours: contest.id })).statusCode).toBe(200);
    const winner = await post(talent, '/participation/withdraw', { idParticipation: id });
    expect(winner.statusCode).toBe(409);
    expect(winner.json().message.message).toBe(F.winnerCannotWithdraw);
    expect((await post(talent, '/participation/file/withdraw', { idParticipation: id, idFile: (await proposalFiles(id))[0]!.id })).statusCode).toBe(409);

    const closed = await imageProposal();
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, closed.contest.id));
    const late = await post(closed.talent, '/participation/withdraw', { idParticipation: closed.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().message.message).toBe(F.withdrawOnlyOpen);
    expect((await contestRow(closed.contest.id)).participationsCount).toBe(1);
    expect((await contestRow(contest.id)).participationsCount).toBe(1);
  });
});

describe('withdrawing one file', () => {
  it('removes that file only, then the whole proposal with its last file', async () => {
    const { contest, talent, id } = await imageProposal();
    const [first, second] = await proposalFiles(id);
    const one = await post(talent, '/participation/file/withdraw', { idParticipation: id, idFile: first!.id });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ message: F.fileWithdrawn, results: { withdrawn: false } });
    expect((await proposalFiles(id)).map((f) => f.id)).toEqual([second!.id]);
    expect((await contestRow(contest.id)).participationsCount).toBe(1);

    const last = await post(talent, '/participation/file/withdraw', { idParticipation: id, idFile: second!.id });
    expect(last.json()).toMatchObject({ message: F.withdrawn, results: { withdrawn: true } });
    expect((await contestRow(contest.id)).participationsCount).toBe(0);
    expect((await participationRow(id)).isParticipating).toBe(false);
  });

  it('refuses a file of another proposal, and another talent', async () => {
    const a = await imageProposal();
    const b = await imageProposal();
    const [bFile] = await proposalFiles(b.id);
    const mixed = await post(a.talent, '/participation/file/withdraw', { idParticipation: a.id, idFile: bFile!.id });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message.message).toBe(F.notAProposalFile);
    expect((await post(a.talent, '/participation/file/withdraw', { idParticipation: b.id, idFile: bFile!.id })).statusCode).toBe(403);
    expect(await proposalFiles(b.id)).toHaveLength(2);
  });

  it('gives one effect for 20 identical requests at once', async () => {
    const { contest, talent, id } = await imageProposal();
    const [first] = await proposalFiles(id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(talent, '/participation/file/withdraw', { idParticipation: id, idFile: first!.id })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await proposalFiles(id)).toHaveLength(1);
    expect((await contestRow(contest.id)).participationsCount).toBe(1);
  });
});

describe('editing a text proposal', () => {
  it('rewords it while the contest is open, and never afterwards', async () => {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: slogan });
    const talent = await buildUser(t.ctx, { withProvider: true });
    const id = await participationOf(t, talent, contest.id, 'Premier jet');
    const res = await post(talent, '/participation/update/text', { idParticipation: id, inputText: '  Le pain d’ici  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(F.textUpdated);
    expect((await participationRow(id)).inputText).toBe('Le pain d’ici');

    const empty = await post(talent, '/participation/update/text', { idParticipation: id, inputText: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(F.textRequired);
    const long = await post(talent, '/participation/update/text', { idParticipation: id, inputText: 'a'.repeat(TEXT_PROPOSAL_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect((await post(talent, '/participation/update/text', { idParticipation: id, inputText: 'a'.repeat(TEXT_PROPOSAL_MAX) })).statusCode).toBe(200);

    const other = await buildUser(t.ctx, { withProvider: true });
    expect((await post(other, '/participation/update/text', { idParticipation: id, inputText: 'Volé' })).statusCode).toBe(403);
    expect((await post(organiser, '/participation/update/text', { idParticipation: id, inputText: 'Volé' })).statusCode).toBe(403);

    // The contest ends (as the end job would close it; moving the clock a week would also end the sessions).
    await t.ctx.db.update(contests).set({ status: 3, endDate: new Date(t.clock.now().getTime() - 60_000) }).where(eq(contests.id, contest.id));
    const late = await post(talent, '/participation/update/text', { idParticipation: id, inputText: 'Trop tard' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message.message).toBe(F.editOnlyOpen);
    expect((await participationRow(id)).inputText).toBe('a'.repeat(TEXT_PROPOSAL_MAX));
  });

  it('during a final is the finalists’ alone: a talent not chosen keeps their text as it was', async () => {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: slogan });
    const finalist = await buildUser(t.ctx, { withProvider: true });
    const talent = await buildUser(t.ctx, { withProvider: true });
    const chosen = await participationOf(t, finalist, contest.id, 'Le goût d’ici');
    const id = await participationOf(t, talent, contest.id, 'Premier jet');
    await t.ctx.db.update(participations).set({ isFinalist: true }).where(eq(participations.id, chosen));
    await t.ctx.db.update(contests).set({ hasFinalRound: true, finalRoundStartedAt: t.clock.now(), finalistsCount: 1 }).where(eq(contests.id, contest.id));

    const res = await post(talent, '/participation/update/text', { idParticipation: id, inputText: 'Pendant la finale' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe(MESSAGES.formats.finalistsOnly);
    expect((await participationRow(id)).inputText).toBe('Premier jet');
    expect((await post(finalist, '/participation/update/text', { idParticipation: chosen, inputText: 'Le goût d’ici, en finale' })).statusCode).toBe(200);
  });

  it('is refused for a contest that expects files', async () => {
    const { talent, id } = await imageProposal();
    const res = await post(talent, '/participation/update/text', { idParticipation: id, inputText: 'Un texte' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(MESSAGES.participations.textOnlyForText);
  });

  it('a withdrawn text proposal leaves the organiser’s page and its count', async () => {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: slogan });
    const talent = await buildUser(t.ctx, { withProvider: true });
    const id = await participationOf(t, talent, contest.id, 'Un slogan');
    expect((await post(talent, '/participation/withdraw', { idParticipation: id })).statusCode).toBe(200);
    expect((await proposalsPage(contest.id)).json().results.total).toBe(0);
    expect((await contestRow(contest.id)).participationsCount).toBe(0);
    const edit = await post(talent, '/participation/update/text', { idParticipation: id, inputText: 'Revenu' });
    expect(edit.statusCode).toBe(409);
  });
});
