import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { contests, files, participations } from '../../db/schema';
import { newStorageKey } from '../../adapters/files/port';
import { participationOf, uploadProposal } from '../participations/test-helpers';
import { pdfBytes, realPng } from './test-helpers';

let t: TestApp;
let organiser: TestUser;
let winner: TestUser;
let loser: TestUser;
let admin: TestUser;
let contestId: number;
let winnerPng: Buffer;
let winnerFile: { id: number; preview: string };
let loserFile: { id: number; preview: string };
let finalFileId: number;

const get = (url: string, user: TestUser | null, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...(user?.headers ?? {}), ...headers } });
const setStatus = (status: number) => t.ctx.db.update(contests).set({ status }).where(eq(contests.id, contestId));

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  winner = await buildUser(t.ctx, { withProvider: true });
  loser = await buildUser(t.ctx, { withProvider: true });
  admin = await buildUser(t.ctx, { isAdmin: true });
  const contest = await buildContest(t.ctx, organiser);
  contestId = contest.id;
  winnerPng = await realPng(900, 600);
  const winnerId = await participationOf(t, winner, contestId);
  winnerFile = (await uploadProposal(t, winner, winnerId, { filename: 'Logo été.png', content: winnerPng })).json().results.file;
  const loserId = await participationOf(t, loser, contestId);
  loserFile = (await uploadProposal(t, loser, loserId, { filename: 'autre.png', content: await realPng(500, 500) })).json().results.file;
  // Previews are made after the upload; the pages link them once ready.
  await t.previewsDone();
  winnerFile.preview = `/api/files/${winnerFile.id}/preview`;
  loserFile.preview = `/api/files/${loserFile.id}/preview`;
  await t.ctx.db.update(participations).set({ isWinner: true }).where(eq(participations.id, winnerId));
  // A final file as the delivery step (issue 5) will store it.
  const key = newStorageKey();
  const pdf = pdfBytes('fichiers finaux');
  const written = await t.ctx.files.write(key, Readable.from([pdf]), { maxBytes: 1_000_000 });
  const [final] = await t.ctx.db
    .insert(files)
    .values({ participationId: winnerId, kind: 'final', storageKey: key, filename: 'sources.pdf', mime: 'application/pdf', sizeBytes: written.size, sha256: written.sha256, uploadedBy: winner.id })
    .returning();
  finalFileId = final!.id;
});
afterAll(() => t.close());

describe('GET /api/files/:id and /preview', () => {
  it('refuses visitors and answers 404 for an unknown file', async () => {
    expect((await get(`/api/files/${winnerFile.id}`, null)).statusCode).toBe(401);
    expect((await get(winnerFile.preview, null)).statusCode).toBe(401);
    const missing = await get('/api/files/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message.message).toBe("Ce fichier n'existe pas.");
  });

  it('the author downloads the original as an attachment, with a safe name and no sniffing', async () => {
    const res = await get(`/api/files/${winnerFile.id}`, winner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Logo ete.png"; filename*=UTF-8''Logo%20%C3%A9t%C3%A9.png`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(Number(res.headers['content-length'])).toBe(winnerPng.length);
    expect(res.rawPayload.equals(winnerPng)).toBe(true);
  });

  it('the organiser sees previews while open but cannot download originals, even a winner’s', async () => {
    await setStatus(2);
    const preview = await get(loserFile.preview, organiser);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['content-disposition']).toMatch(/^inline; /);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    for (const id of [loserFile.id, winnerFile.id, finalFileId]) {
      const res = await get(`/api/files/${id}`, organiser);
      expect(res.statusCode, `file ${id}`).toBe(403);
      expect(res.json().message.message).toBe("Vous n'avez pas accès à ce fichier.");
    }
  });

  it('at status 3 the winner’s final files stay closed to the organiser', async () => {
    await setStatus(3);
    expect((await get(`/api/files/${finalFileId}`, organiser)).statusCode).toBe(403);
  });

  it('once finalised, the organiser downloads the winner’s files and still not a non-winner’s', async () => {
    for (const status of [4, 5]) {
      await setStatus(status);
      expect((await get(`/api/files/${winnerFile.id}`, organiser)).statusCode).toBe(200);
      const final = await get(`/api/files/${finalFileId}`, organiser);
      expect(final.statusCode).toBe(200);
      expect(final.headers['content-type']).toBe('application/pdf');
      expect((await get(`/api/files/${loserFile.id}`, organiser)).statusCode).toBe(403);
      expect((await get(loserFile.preview, organiser)).statusCode).toBe(200);
    }
    await setStatus(2);
  });

  it('other talents see nothing of another’s proposal; admins see everything', async () => {
    for (const url of [`/api/files/${winnerFile.id}`, winnerFile.preview, `/api/files/${finalFileId}`]) {
      expect((await get(url, loser)).statusCode, url).toBe(403);
      expect((await get(url, admin)).statusCode, url).toBe(200);
    }
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await get(winnerFile.preview, winner);
    const again = await get(winnerFile.preview, winner, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('previews are not kept by the browser and their ETag does not reveal the original’s hash', async () => {
    const [row] = await t.ctx.db.select({ sha256: files.sha256 }).from(files).where(eq(files.id, loserFile.id));
    const res = await get(loserFile.preview, organiser);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(String(res.headers.etag)).not.toContain(row!.sha256);
    expect(String(res.headers.etag)).not.toContain(row!.sha256.slice(0, 16));
  });
});
