/**
 * The originals' property: for every type a proposal may have, whoever is not its author nor
 * an admin (the organiser, another talent, a visitor) gets nothing of the original's bytes
 * from any file route (download, preview, poster, any byte range) until the contest is
 * finalised and the proposal has won; the author and admins always download the original.
 * The files are real (made with ffmpeg and sharp), so the previews are the real ones.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT, SUB_CATEGORIES, isFinalised } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../../test/factories';
import { contests, participations } from '../../../db/schema';
import { participationOf, uploadProposal } from '../../participations/test-helpers';
import { proposalSamples } from './samples';

const FORMAT_OF: Record<string, number> = {
  'image/png': FORMAT.image,
  'image/jpeg': FORMAT.image,
  'image/gif': FORMAT.gif,
  'audio/mpeg': FORMAT.audio,
  'audio/wav': FORMAT.audio,
  'video/mp4': FORMAT.video,
  'application/pdf': FORMAT.text,
};
const MIMES = Object.keys(FORMAT_OF);
/** Shorter stretches of bytes (a container's header) may be common to any two files of a type. */
const MIN_COMPARED = 256;

interface Proposal {
  original: Buffer;
  fileId: number;
  participationId: number;
  contestId: number;
}

let t: TestApp;
let organiser: TestUser;
let author: TestUser;
let other: TestUser;
let admin: TestUser;
const proposals = new Map<string, Proposal>();

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  author = await buildUser(t.ctx, { withProvider: true });
  other = await buildUser(t.ctx, { withProvider: true });
  admin = await buildUser(t.ctx, { isAdmin: true });
  const samples = await proposalSamples();
  for (const mime of MIMES) {
    const format = FORMAT_OF[mime]!;
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: SUB_CATEGORIES.find((s) => s.format === format)!.id });
    const participationId = await participationOf(t, author, contest.id, format === FORMAT.text ? 'Un slogan' : undefined);
    const original = samples[mime]!;
    const res = await uploadProposal(t, author, participationId, { filename: `proposition.${mime.split('/')[1]}`, content: original });
    expect(res.statusCode, mime).toBe(200);
    expect(res.json().results.file.mime).toBe(mime);
    proposals.set(mime, { original, fileId: res.json().results.file.id, participationId, contestId: contest.id });
  }
  await t.previewsDone(120_000);
}, 180_000);
afterAll(() => t.close());

const request = fc.record({
  mime: fc.constantFrom(...MIMES),
  status: fc.constantFrom(2, 3, 4, 5),
  isWinner: fc.boolean(),
  viewer: fc.constantFrom('organiser', 'other', 'visitor', 'author', 'admin'),
  route: fc.constantFrom('', '/preview', '/poster'),
  range: fc.option(
    fc.oneof(
      fc.tuple(fc.nat({ max: 4000 }), fc.integer({ min: MIN_COMPARED, max: 100_000 })).map(([start, length]) => `bytes=${start}-${start + length - 1}`),
      fc.nat({ max: 4000 }).map((start) => `bytes=${start}-`),
      fc.integer({ min: MIN_COMPARED, max: 100_000 }).map((n) => `bytes=-${n}`),
    ),
  ),
});

describe('no original leaves before the contest is finalised and the proposal has won', () => {
  it('every preview was made', async () => {
    const statuses = await t.ctx.db.query.files.findMany({ columns: { mime: true, previewStatus: true, previewMime: true } });
    expect(statuses.map((s) => `${s.mime} ${s.previewStatus}`).sort()).toEqual(MIMES.map((m) => `${m} ready`).sort());
  });

  it('holds for every type, status, viewer, route and range', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ mime, status, isWinner, viewer, route, range }) => {
        const p = proposals.get(mime)!;
        await t.ctx.db.update(contests).set({ status }).where(eq(contests.id, p.contestId));
        await t.ctx.db.update(participations).set({ isWinner }).where(eq(participations.id, p.participationId));
        const user = { organiser, other, author, admin, visitor: null }[viewer];
        const res = await t.app.inject({ method: 'GET', url: `/api/files/${p.fileId}${route}`, headers: { ...(user?.headers ?? {}), ...(range ? { range } : {}) } });
        const body = res.rawPayload;

        const mayHaveOriginal = viewer === 'author' || viewer === 'admin' || (viewer === 'organiser' && isWinner && isFinalised(status));
        if (viewer === 'visitor' || viewer === 'other') {
          expect(res.statusCode).toBe(viewer === 'visitor' ? 401 : 403);
          expect(p.original.includes(body)).toBe(false);
          return;
        }
        if (route === '') {
          expect(res.statusCode).toBe(mayHaveOriginal ? 200 : 403);
          expect(body.equals(p.original)).toBe(mayHaveOriginal);
          return;
        }
        // What a page shows is the marked preview, for everyone: never the original, whole or in part.
        expect([200, 206, 404, 416]).toContain(res.statusCode);
        expect(body.equals(p.original)).toBe(false);
        if (body.length >= MIN_COMPARED) expect(p.original.includes(body)).toBe(false);
        if (res.statusCode < 300) expect(res.headers['content-disposition']).toMatch(/^inline; /);
      }),
      { numRuns: 150, seed: 20261127 },
    );
  });

  it('a range of the preview is never a range of the original, for every type', async () => {
    for (const [mime, p] of proposals) {
      await t.ctx.db.update(contests).set({ status: 2 }).where(eq(contests.id, p.contestId));
      const whole = await t.app.inject({ method: 'GET', url: `/api/files/${p.fileId}/preview`, headers: organiser.headers });
      expect(whole.statusCode, mime).toBe(200);
      for (let start = 0; start < whole.rawPayload.length; start += MIN_COMPARED) expect(p.original.includes(whole.rawPayload.subarray(start, start + MIN_COMPARED)), `${mime} at ${start}`).toBe(false);
    }
  });
});
