import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type AdminReportDto, type ParticipationDto } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { contentAuthors, files, notifications, participations, reports } from '../../db/schema';
import { storedFiles } from '../files/test-helpers';
import { participationOf, uploadProposal } from '../participations/test-helpers';
import { disguisedCopy, drawImage } from './test-images';

let t: TestApp;
let organiser: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  admin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const image = (seed: number) => drawImage(seed, 320, 240);
/** Every test draws its own pictures: seeds never shared between tests. */
let nextSeed = 100;
const seed = () => nextSeed++;

async function talentIn(contestId: number): Promise<{ talent: TestUser; id: number }> {
  const talent = await buildUser(t.ctx, { withProvider: true });
  return { talent, id: await participationOf(t, talent, contestId) };
}

async function send(user: TestUser, participationId: number, content: Buffer, filename = 'proposition.png') {
  return uploadProposal(t, user, participationId, { filename, content });
}

async function sent(user: TestUser, participationId: number, content: Buffer): Promise<number> {
  const res = await send(user, participationId, content);
  if (res.statusCode !== 200) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  return res.json().results.file.id as number;
}

async function proposalsPage(contestId: number, user = organiser): Promise<ParticipationDto[]> {
  const res = await get(`/api/concours/${contestId}/participations`, user);
  expect(res.statusCode).toBe(200);
  return res.json().results.participations as ParticipationDto[];
}

/** An open contest where a second talent sends a disguised copy of the first one's image. */
async function nearCopyPair(overrides: Parameters<typeof buildContest>[2] = {}) {
  const contest = await buildContest(t.ctx, organiser, overrides);
  const first = await talentIn(contest.id);
  const original = await image(seed());
  const originalFile = await sent(first.talent, first.id, original);
  const copier = await talentIn(contest.id);
  const copyFile = await sent(copier.talent, copier.id, await disguisedCopy(original));
  return { contest, first, copier, originalFile, copyFile };
}

const numberOf = async (participationId: number) => (await t.ctx.db.select({ number: participations.number }).from(participations).where(eq(participations.id, participationId)))[0]!.number;

describe('an exact copy of another talent’s file', () => {
  it('is refused in the same contest with the French message, and nothing of it is kept', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const first = await talentIn(contest.id);
    const copier = await talentIn(contest.id);
    const original = await image(seed());
    await sent(first.talent, first.id, original);
    const before = storedFiles(t.dataDir).length;

    const res = await send(copier.talent, copier.id, original, 'ma-creation.png');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toEqual({ message: MESSAGES.originality.exactCopy, code: 409 });
    expect(await t.ctx.db.select().from(files).where(eq(files.participationId, copier.id))).toHaveLength(0);
    expect(storedFiles(t.dataDir)).toHaveLength(before);
    // Refused, the copy did not enter the contest either.
    const [row] = await t.ctx.db.select().from(participations).where(eq(participations.id, copier.id));
    expect(row!.isParticipating).toBe(false);
    expect((await proposalsPage(contest.id)).map((p) => p.id)).toEqual([first.id]);
  });

  it('is refused in another contest too', async () => {
    const one = await buildContest(t.ctx, organiser);
    const other = await buildContest(t.ctx, await buildUser(t.ctx, { withProvider: true }));
    const first = await talentIn(one.id);
    const copier = await talentIn(other.id);
    const original = await image(seed());
    await sent(first.talent, first.id, original);
    const before = storedFiles(t.dataDir).length;
    const res = await send(copier.talent, copier.id, original);
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe(MESSAGES.originality.exactCopy);
    expect(storedFiles(t.dataDir)).toHaveLength(before);
  });

  it('is the talent’s own work when they sent it first: allowed elsewhere, and again in their proposal', async () => {
    const one = await buildContest(t.ctx, organiser);
    const other = await buildContest(t.ctx, organiser);
    const talent = await buildUser(t.ctx, { withProvider: true });
    const own = await image(seed());
    await sent(talent, await participationOf(t, talent, one.id), own);
    const second = await participationOf(t, talent, other.id);
    await sent(talent, second, own);
    await sent(talent, second, own);
    expect(await t.ctx.db.select().from(files).where(eq(files.participationId, second))).toHaveLength(2);
    const [author] = await t.ctx.db.select().from(contentAuthors).where(eq(contentAuthors.userId, talent.id));
    expect(author).toBeDefined();
  });

  it('keeps belonging to its first sender after they withdraw it', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const first = await talentIn(contest.id);
    const copier = await talentIn(contest.id);
    const original = await image(seed());
    const fileId = await sent(first.talent, first.id, original);
    const withdrawn = await t.app.inject({ method: 'POST', url: '/api/participation/file/withdraw', headers: first.talent.headers, payload: { idParticipation: first.id, idFile: fileId } });
    expect(withdrawn.statusCode).toBe(200);
    expect((await send(copier.talent, copier.id, original)).statusCode).toBe(409);
  });

  it('sent by two talents at the same moment: exactly one is taken', async () => {
    for (let round = 0; round < 4; round++) {
      const contests = [await buildContest(t.ctx, organiser), await buildContest(t.ctx, organiser)];
      // Round by round: two contests (no shared lock), then one contest (its lock orders them).
      const senders = await Promise.all([talentIn(contests[0]!.id), talentIn(contests[round % 2]!.id), talentIn(contests[1]!.id)]);
      const content = await image(seed());
      await t.previewsDone();
      const before = storedFiles(t.dataDir).length;
      const answers = await Promise.all(senders.map((s) => send(s.talent, s.id, content)));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      const rows = await t.ctx.db.select().from(files).where(inArray(files.participationId, senders.map((s) => s.id)));
      expect(rows).toHaveLength(1);
      const winner = senders[answers.findIndex((a) => a.statusCode === 200)]!;
      expect(rows[0]!.participationId).toBe(winner.id);
      const [author] = await t.ctx.db.select().from(contentAuthors).where(eq(contentAuthors.sha256, rows[0]!.sha256));
      expect(author!.userId).toBe(winner.talent.id);
      // The original and its preview only, once the preview is made.
      await t.previewsDone();
      expect(storedFiles(t.dataDir)).toHaveLength(before + 2);
    }
  });
});

describe('a near copy', () => {
  it('of another talent’s proposal in the same contest is taken and flagged with that proposal’s number', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const unrelated = await talentIn(contest.id);
    await sent(unrelated.talent, unrelated.id, await image(seed()));
    const first = await talentIn(contest.id);
    const original = await image(seed());
    await sent(first.talent, first.id, original);
    const copier = await talentIn(contest.id);
    const res = await send(copier.talent, copier.id, await disguisedCopy(original), 'logo.jpg');
    expect(res.statusCode).toBe(200);

    const firstNumber = await numberOf(first.id);
    expect(firstNumber).toBe(2);
    const page = await proposalsPage(contest.id);
    const byId = new Map(page.map((p) => [p.id, p]));
    expect(byId.get(copier.id)!.lookalikes).toEqual([{ kind: 'contest', number: firstNumber }]);
    expect(byId.get(first.id)!.lookalikes).toEqual([]);
    expect(byId.get(unrelated.id)!.lookalikes).toEqual([]);
    expect(MESSAGES.originality.resemblesNumber(firstNumber!)).toBe('Ressemble fortement à la proposition n° 2');

    // The viewer's single read says the same to the organiser and to an admin.
    for (const reader of [organiser, admin]) {
      const one = await get(`/api/participation/${copier.id}`, reader);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().results.participation.lookalikes).toEqual([{ kind: 'contest', number: firstNumber }]);
    }
  });

  it('is never shown to talents: not to its author, and others cannot read it at all', async () => {
    const { contest, first, copier } = await nearCopyPair();
    expect((await get(`/api/participation/${copier.id}`, organiser)).json().results.participation.lookalikes).toHaveLength(1);

    const own = await get(`/api/participation/${copier.id}`, copier.talent);
    expect(own.statusCode).toBe(200);
    expect(own.json().results.participation.lookalikes).toEqual([]);
    const mine = await get(`/api/concours/${contest.id}/ma-participation`, copier.talent);
    expect(mine.json().results.participation.lookalikes).toEqual([]);
    expect(own.body).not.toContain('Ressemble');

    const other = await get(`/api/participation/${copier.id}`, first.talent);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('lookalikes');
    expect((await get(`/api/concours/${contest.id}/participations`, first.talent)).statusCode).toBe(403);
  });

  it('of a proposal that won another contest is flagged without a word about that contest', async () => {
    const elsewhereOrganiser = await buildUser(t.ctx, { withProvider: true });
    const elsewhere = await buildContest(t.ctx, elsewhereOrganiser, { companyName: 'Maison Secrète' });
    const winner = await talentIn(elsewhere.id);
    const won = await image(seed());
    await sent(winner.talent, winner.id, won);
    const chosen = await t.app.inject({ method: 'POST', url: '/api/concours/winner/add', headers: elsewhereOrganiser.headers, payload: { idConcours: elsewhere.id, idParticipationWinner: winner.id } });
    expect(chosen.statusCode).toBe(200);

    const contest = await buildContest(t.ctx, organiser);
    const copier = await talentIn(contest.id);
    expect((await send(copier.talent, copier.id, await disguisedCopy(won))).statusCode).toBe(200);
    const res = await get(`/api/concours/${contest.id}/participations`, organiser);
    const flagged = (res.json().results.participations as ParticipationDto[]).find((p) => p.id === copier.id)!;
    expect(flagged.lookalikes).toEqual([{ kind: 'wonElsewhere' }]);
    expect(res.body).not.toContain('Maison Secrète');
    expect(res.body).not.toContain(winner.talent.pseudo);
  });

  it('of the talent’s own winning proposal elsewhere is their own work: not flagged', async () => {
    const elsewhere = await buildContest(t.ctx, organiser);
    const talent = await buildUser(t.ctx, { withProvider: true });
    const wonId = await participationOf(t, talent, elsewhere.id);
    const won = await image(seed());
    await sent(talent, wonId, won);
    await t.ctx.db.update(participations).set({ isWinner: true, winnerAt: t.ctx.clock() }).where(eq(participations.id, wonId));
    const contest = await buildContest(t.ctx, organiser);
    const again = await participationOf(t, talent, contest.id);
    await sent(talent, again, await disguisedCopy(won));
    expect((await proposalsPage(contest.id))[0]!.lookalikes).toEqual([]);
  });

  it('of a proposal that did not win in another contest is not flagged', async () => {
    const elsewhere = await buildContest(t.ctx, organiser);
    const other = await talentIn(elsewhere.id);
    const picture = await image(seed());
    await sent(other.talent, other.id, picture);
    const contest = await buildContest(t.ctx, organiser);
    const copier = await talentIn(contest.id);
    await sent(copier.talent, copier.id, await disguisedCopy(picture));
    expect((await proposalsPage(contest.id))[0]!.lookalikes).toEqual([]);
  });
});

describe('an unrelated image', () => {
  it('is not flagged, and opens no report', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const a = await talentIn(contest.id);
    const b = await talentIn(contest.id);
    await sent(a.talent, a.id, await image(seed()));
    await sent(b.talent, b.id, await image(seed()));
    expect((await proposalsPage(contest.id)).map((p) => p.lookalikes)).toEqual([[], []]);
    expect(await t.ctx.db.select().from(reports).where(inArray(reports.participationId, [a.id, b.id]))).toHaveLength(0);
  });
});

describe('the admins’ reports queue', () => {
  it('holds an automatic report with both previews, which only admins may read', async () => {
    const { contest, first, copier, originalFile, copyFile } = await nearCopyPair({ companyName: 'Atelier Copie' });

    const res = await get('/api/admin/reports?pageSize=100', admin);
    expect(res.statusCode).toBe(200);
    const report = (res.json().results.reports as AdminReportDto[]).find((r) => r.participation.id === copier.id)!;
    expect(report).toMatchObject({
      status: 'open',
      reason: 'plagiarism',
      reporter: null,
      participation: { id: copier.id, number: await numberOf(copier.id), previewFileId: copyFile },
      contest: { id: contest.id, companyName: 'Atelier Copie' },
      author: { id: copier.talent.id },
      resemblance: { similar: { participationId: first.id, number: await numberOf(first.id), previewFileId: originalFile, contest: { id: contest.id }, sameContest: true } },
    });
    expect(report.resemblance!.distance).toBeLessThanOrEqual(6);
    await t.previewsDone();
    for (const fileId of [copyFile, originalFile]) expect((await get(`/api/files/${fileId}/preview`, admin)).statusCode).toBe(200);
    // The organiser's own report mark stays theirs: the automatic one does not set it.
    expect((await proposalsPage(contest.id)).find((p) => p.id === copier.id)!.reported).toBe(false);

    expect((await get('/api/admin/reports', organiser)).statusCode).toBe(403);
    expect((await get('/api/admin/reports', copier.talent)).statusCode).toBe(403);
  });

  it('is closed like any report: dismissing it tells nobody and keeps the organiser’s flag', async () => {
    const { contest, copier } = await nearCopyPair();
    const [report] = await t.ctx.db.select().from(reports).where(eq(reports.participationId, copier.id));
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${report!.id}/dismiss`, headers: admin.headers, payload: { reason: 'Deux interprétations du même brief.' } });
    expect(res.statusCode).toBe(200);
    const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.participationId, copier.id), eq(notifications.kind, 'report_dismissed')));
    expect(told).toHaveLength(0);
    expect((await proposalsPage(contest.id)).find((p) => p.id === copier.id)!.lookalikes).toHaveLength(1);
  });
});
