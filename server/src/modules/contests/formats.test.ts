import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FINAL_ROUND_DURATION_MS, formatEuros, MAX_FINALISTS, MESSAGES, NDA_TEXT, NDA_VERSION, PRIVATE_CONTEST_PRICE_CENTS, SUB_CATEGORIES } from '@creadefi/domain';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { contestNdaAcceptances, contests, notifications, openContestCounts, participations } from '../../db/schema';
import { participate, participationOf, uploadProposal } from '../participations/test-helpers';
import { realPng } from '../files/test-helpers';

const F = MESSAGES.formats;

let t: TestApp;
let organiser: TestUser;
let talent: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  talent = await buildUser(t.ctx, { withProvider: true });
  admin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const post = (url: string, user: TestUser | null, payload: unknown = {}) => t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload: payload as Record<string, unknown> });

/** A sub-category of its own per scenario (taking images, like logos), so that listings and counts speak of it alone. */
const subOf = (n: number) => SUB_CATEGORIES.filter((s) => s.format === SUB_CATEGORIES[0]!.format && s.id !== 1)[n]!;

describe('the guaranteed prize', () => {
  it('is shown on every published card and contest page, the prize being paid before publication', async () => {
    const sub = subOf(2);
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: sub.id });
    const listing = await post('/api/concours/orderBy/any', talent, { idSubCategory: sub.id });
    expect(listing.json().results.concours.map((c: { id: number; guaranteed: boolean }) => [c.id, c.guaranteed])).toEqual([[contest.id, true]]);
    expect((await get(`/api/concours/read/${contest.id}`, talent)).json().results.concours.guaranteed).toBe(true);
    const unpaid = await buildContest(t.ctx, organiser, { subCategoryId: sub.id, status: 1 });
    expect((await get(`/api/concours/read/${unpaid.id}`, organiser)).json().results.concours.guaranteed).toBe(false);
  });
});

describe('creating a contest with formats', () => {
  const brief = { companyName: 'Atelier Secret', companySkills: 'Parfums', target: 'Adultes', message: 'Un flacon confidentiel.', idSubCategory: 1 };
  it('asks 49 € more for a private contest, and keeps the formats chosen', async () => {
    const base = SUB_CATEGORIES[0]!.priceCents;
    const low = await post('/api/concours/create', organiser, { ...brief, cost: base, isPrivate: true });
    expect(low.statusCode).toBe(400);
    expect(low.json().message.message).toBe(MESSAGES.contests.costTooLow(formatEuros(base + PRIVATE_CONTEST_PRICE_CENTS)));
    const ok = await post('/api/concours/create', organiser, { ...brief, cost: base + PRIVATE_CONTEST_PRICE_CENTS, isPrivate: true, proposalsOpen: true, hasFinalRound: true });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().results.newConcours.formats).toMatchObject({ isPrivate: true, proposalsOpen: true, hasFinalRound: true, teaser: false });
    const blind = await post('/api/concours/create', organiser, { ...brief, cost: base });
    expect(blind.json().results.newConcours.formats).toMatchObject({ isPrivate: false, proposalsOpen: false, hasFinalRound: false });
    expect((await post('/api/concours/create', organiser, { ...brief, cost: base, isPrivate: 'oui' })).statusCode).toBe(400);
  });
});

describe('a private contest', () => {
  let sub: (typeof SUB_CATEGORIES)[number];
  let secret: typeof contests.$inferSelect;
  let publicOne: typeof contests.$inferSelect;
  let author: TestUser;
  let fileId: number;
  beforeAll(async () => {
    sub = subOf(3);
    publicOne = await buildContest(t.ctx, organiser, { subCategoryId: sub.id });
    secret = await buildContest(t.ctx, organiser, { subCategoryId: sub.id, isPrivate: true, proposalsOpen: true, companyName: 'Maison Confidentielle', message: 'Nouveau parfum secret', target: 'Cible secrète' });
    author = await buildUser(t.ctx, { withProvider: true });
    await t.ctx.db.insert(contestNdaAcceptances).values({ contestId: secret.id, userId: author.id, textVersion: NDA_VERSION, textSha256: 'x' });
    const participationId = await participationOf(t, author, secret.id);
    fileId = (await uploadProposal(t, author, participationId, { filename: 'flacon.png', content: await realPng(600, 400) })).json().results.file.id;
    await t.previewsDone();
  });

  const leaks = (body: string) => ['Maison Confidentielle', 'Nouveau parfum secret', 'Cible secrète'].filter((s) => body.includes(s));

  it('is in no listing, page or count for a talent who has not accepted its agreement, nor for the one who has', async () => {
    for (const viewer of [talent, author]) {
      const listing = await post('/api/concours/orderBy/any', viewer, { idSubCategory: sub.id, pageSize: 50 });
      expect(listing.json().results.concours.map((c: { id: number }) => c.id)).toEqual([publicOne.id]);
      expect(listing.json().results.total).toBe(1);
      const all = await post('/api/concours/orderBy/any', viewer, { pageSize: 50, selector: 'createdAt' });
      expect(all.json().results.concours.map((c: { id: number }) => c.id)).not.toContain(secret.id);
      const category = await get(`/api/concours/read/category/${sub.idCategory}`, viewer);
      expect(category.json().results.concours.map((c: { id: number }) => c.id)).not.toContain(secret.id);
    }
    const [count] = await t.ctx.db.select().from(openContestCounts).where(and(eq(openContestCounts.subCategoryId, sub.id)));
    expect(count!.n).toBe(1);
  });

  it('shows a teaser without the brief to a talent without the agreement, and nothing to a visitor', async () => {
    expect((await get(`/api/concours/read/${secret.id}`, null)).statusCode).toBe(401);
    const res = await get(`/api/concours/read/${secret.id}`, talent);
    expect(res.statusCode).toBe(200);
    expect(leaks(res.body)).toEqual([]);
    const c = res.json().results.concours;
    expect(c).toMatchObject({ companyName: '', message: '', participations: 0, formats: { isPrivate: true, teaser: true, ndaAccepted: false } });
    expect(c.idConcoureur).toBe(0);
  });

  it('keeps its proposals, previews and participation from a talent without the agreement', async () => {
    const gallery = await get(`/api/concours/${secret.id}/galerie`, talent);
    expect(gallery.statusCode).toBe(403);
    expect(gallery.json().message.message).toBe(F.ndaRequired);
    expect((await get(`/api/concours/${secret.id}/participations`, talent)).statusCode).toBe(403);
    for (const url of [`/api/files/${fileId}`, `/api/files/${fileId}/preview`]) {
      const res = await get(url, talent);
      expect(res.statusCode).toBe(403);
      expect(leaks(res.body)).toEqual([]);
    }
    const joined = await participate(t, talent, secret.id);
    expect(joined.statusCode).toBe(403);
    expect(joined.json().message.message).toBe(F.ndaRequired);
    const written = await post('/api/message/create', talent, { idConcours: secret.id, message: 'Bonjour, de quoi s’agit-il ?' });
    expect(written.statusCode).toBe(403);
    expect(written.json().message.message).toBe(F.ndaRequired);
    for (const url of [`/api/concours/${secret.id}/galerie`, `/api/files/${fileId}/preview`]) expect((await get(url, null)).statusCode).toBe(401);
  });

  it('records one acceptance however many times it is sent at once, then shows the brief', async () => {
    const reader = await buildUser(t.ctx, { withProvider: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(`/api/concours/${secret.id}/nda`, reader)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const rows = await t.ctx.db.select().from(contestNdaAcceptances).where(and(eq(contestNdaAcceptances.contestId, secret.id), eq(contestNdaAcceptances.userId, reader.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ textVersion: NDA_VERSION, textSha256: createHash('sha256').update(NDA_TEXT).digest('hex') });
    expect(rows[0]!.acceptedAt).toBeInstanceOf(Date);
    const page = (await get(`/api/concours/read/${secret.id}`, reader)).json().results.concours;
    expect(page).toMatchObject({ companyName: 'Maison Confidentielle', message: 'Nouveau parfum secret', formats: { teaser: false, ndaAccepted: true } });
    // Accepted: the open contest's previews, and joining, are theirs; the original never.
    expect((await get(`/api/concours/${secret.id}/galerie`, reader)).json().results.proposals.map((p: { previews: number[] }) => p.previews)).toEqual([[fileId]]);
    expect((await get(`/api/files/${fileId}/preview`, reader)).statusCode).toBe(200);
    expect((await get(`/api/files/${fileId}`, reader)).statusCode).toBe(403);
    expect((await participate(t, reader, secret.id)).statusCode).toBe(200);
    // Still never listed, even for them.
    const listing = await post('/api/concours/orderBy/any', reader, { idSubCategory: sub.id });
    expect(listing.json().results.concours.map((c: { id: number }) => c.id)).toEqual([publicOne.id]);
  });

  it('needs no agreement from its organiser, and an admin reads it whole', async () => {
    expect((await post(`/api/concours/${secret.id}/nda`, organiser)).statusCode).toBe(400);
    expect((await get(`/api/concours/read/${secret.id}`, organiser)).json().results.concours.companyName).toBe('Maison Confidentielle');
    expect((await get(`/api/concours/read/${secret.id}`, admin)).json().results.concours.companyName).toBe('Maison Confidentielle');
    expect((await post(`/api/concours/${publicOne.id}/nda`, talent)).json().message.message).toBe(F.ndaNotPrivate);
    expect((await post('/api/concours/999999/nda', talent)).statusCode).toBe(404);
    const unpaid = await buildContest(t.ctx, organiser, { isPrivate: true, status: 1 });
    expect((await post(`/api/concours/${unpaid.id}/nda`, talent)).statusCode).toBe(404);
    expect((await get(`/api/concours/read/${unpaid.id}`, talent)).statusCode).toBe(404);
  });
});

describe('an open contest', () => {
  let open: typeof contests.$inferSelect;
  let blind: typeof contests.$inferSelect;
  let original: Buffer;
  let openFile: number;
  let blindFile: number;
  beforeAll(async () => {
    open = await buildContest(t.ctx, organiser, { proposalsOpen: true });
    blind = await buildContest(t.ctx, organiser);
    const author = await buildUser(t.ctx, { withProvider: true });
    original = await realPng(900, 600);
    openFile = (await uploadProposal(t, author, await participationOf(t, author, open.id), { filename: 'logo.png', content: original })).json().results.file.id;
    blindFile = (await uploadProposal(t, author, await participationOf(t, author, blind.id), { filename: 'logo.png', content: original })).json().results.file.id;
    await t.previewsDone();
  });

  it('shows another talent the previews, never the original bytes, on every file route', async () => {
    const gallery = await get(`/api/concours/${open.id}/galerie`, talent);
    expect(gallery.statusCode).toBe(200);
    const [proposal] = gallery.json().results.proposals;
    expect(proposal.previews).toEqual([openFile]);
    expect(gallery.body).not.toContain('logo.png');
    const preview = await get(`/api/files/${openFile}/preview`, talent);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.rawPayload.equals(original)).toBe(false);
    expect(preview.rawPayload.includes(original.subarray(0, 64))).toBe(false);
    const download = await get(`/api/files/${openFile}`, talent);
    expect(download.statusCode).toBe(403);
    expect(download.rawPayload.includes(original.subarray(0, 64))).toBe(false);
    for (const url of [`/api/files/${openFile}?download=1`, `/api/files/${openFile}/preview?original=1`]) {
      const res = await get(url, talent);
      expect(res.rawPayload.includes(original.subarray(0, 64))).toBe(false);
    }
  });

  it('stays blind by default: no gallery, no preview for another talent', async () => {
    const gallery = await get(`/api/concours/${blind.id}/galerie`, talent);
    expect(gallery.statusCode).toBe(403);
    expect(gallery.json().message.message).toBe(F.galleryBlind);
    expect((await get(`/api/files/${blindFile}/preview`, talent)).statusCode).toBe(403);
  });
});

describe('the final round', () => {
  async function qualified(n: number) {
    const contest = await buildContest(t.ctx, organiser, { hasFinalRound: true });
    const talents: { user: TestUser; participationId: number }[] = [];
    for (let i = 0; i < n; i++) {
      const user = await buildUser(t.ctx, { withProvider: true });
      talents.push({ user, participationId: await buildProposal(t.ctx, contest.id, user) });
    }
    await t.ctx.db.update(contests).set({ status: 3, endedAt: t.ctx.clock() }).where(eq(contests.id, contest.id));
    return { contest, talents };
  }
  const add = (user: TestUser, idConcours: number, idParticipation: number) => post('/api/concours/finalist/add', user, { idConcours, idParticipation });

  it('takes up to six finalists, chosen by the organiser once the qualifying period is over', async () => {
    const { contest, talents } = await qualified(7);
    expect((await add(talents[0]!.user, contest.id, talents[0]!.participationId)).statusCode).toBe(403);
    for (const { participationId } of talents.slice(0, MAX_FINALISTS)) expect((await add(organiser, contest.id, participationId)).statusCode).toBe(200);
    // Choosing one again changes nothing.
    expect((await add(organiser, contest.id, talents[0]!.participationId)).json().results.finalists).toBe(MAX_FINALISTS);
    const seventh = await add(organiser, contest.id, talents[6]!.participationId);
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json().message.message).toBe(F.tooManyFinalists);
    const other = await buildContest(t.ctx, organiser, { hasFinalRound: true });
    expect((await add(organiser, other.id, talents[6]!.participationId)).statusCode).toBe(409);
    expect((await post('/api/concours/finalist/delete', organiser, { idConcours: contest.id, idParticipation: talents[0]!.participationId })).json().results.finalists).toBe(5);
    expect((await add(organiser, contest.id, talents[6]!.participationId)).statusCode).toBe(200);
  });

  it('never passes six finalists when they are chosen at once', async () => {
    const { contest, talents } = await qualified(10);
    const answers = await Promise.all(talents.map((p) => add(organiser, contest.id, p.participationId)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MAX_FINALISTS);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(10 - MAX_FINALISTS);
    const chosen = await t.ctx.db.select().from(participations).where(and(eq(participations.contestId, contest.id), eq(participations.isFinalist, true)));
    expect(chosen).toHaveLength(MAX_FINALISTS);
    const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(row!.finalistsCount).toBe(MAX_FINALISTS);
  });

  it('refuses finalists to a contest without a final round or still in its qualifying period', async () => {
    const plain = await buildContest(t.ctx, organiser, { status: 3 });
    const p = await buildProposal(t.ctx, plain.id, talent);
    expect((await add(organiser, plain.id, p)).json().message.message).toBe(F.noFinalRound);
    const running = await buildContest(t.ctx, organiser, { hasFinalRound: true });
    const q = await buildProposal(t.ctx, running.id, talent);
    expect((await add(organiser, running.id, q)).json().message.message).toBe(F.notQualifyingEnded);
    expect((await post(`/api/concours/${running.id}/finale`, organiser)).statusCode).toBe(409);
  });

  it('opens the final round to its finalists only, three days, and tells everyone where they stand', async () => {
    const { contest, talents } = await qualified(3);
    expect((await post(`/api/concours/${contest.id}/finale`, organiser)).json().message.message).toBe(F.noFinalist);
    await add(organiser, contest.id, talents[0]!.participationId);
    expect((await post(`/api/concours/${contest.id}/finale`, talents[0]!.user)).statusCode).toBe(403);
    const started = await post(`/api/concours/${contest.id}/finale`, organiser);
    expect(started.statusCode, started.body).toBe(200);
    const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(row!.status).toBe(2);
    expect(row!.endDate!.getTime() - row!.finalRoundStartedAt!.getTime()).toBe(FINAL_ROUND_DURATION_MS);
    // The finalists are fixed from now on.
    expect((await add(organiser, contest.id, talents[1]!.participationId)).json().message.message).toBe(F.finalRoundAlreadyStarted);

    const kinds = async (user: TestUser) => (await t.ctx.db.select({ kind: notifications.kind }).from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.contestId, contest.id)))).map((n) => n.kind);
    expect(await kinds(talents[0]!.user)).toEqual(['finalist_chosen']);
    expect(await kinds(talents[1]!.user)).toEqual(['finalist_not_chosen']);

    const png = { filename: 'finale.png', content: await realPng(300, 300) };
    const refused = await uploadProposal(t, talents[1]!.user, talents[1]!.participationId, png);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message.message).toBe(F.finalistsOnly);
    const newcomer = await participate(t, talent, contest.id);
    expect(newcomer.statusCode).toBe(403);
    expect(newcomer.json().message.message).toBe(F.finalistsOnly);
    expect((await post('/api/participation/withdraw', talents[1]!.user, { idParticipation: talents[1]!.participationId })).statusCode).toBe(403);
    const accepted = await uploadProposal(t, talents[0]!.user, talents[0]!.participationId, png);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
