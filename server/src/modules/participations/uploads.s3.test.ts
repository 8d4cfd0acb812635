/**
 * Proposals uploaded into an S3-compatible store (FILE_STORE=s3): the original and its preview
 * land in the bucket, previews stream back from it, and a refused, too large or cut transfer
 * leaves nothing there — no object, no multipart upload left open.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { files } from '../../db/schema';
import { fakePng, multipartBody, pdfBytes, realPng } from '../files/test-helpers';
import { participationOf, uploadProposal } from './test-helpers';

let s3: TestS3Server;
let t: TestApp;
let organiser: TestUser;
beforeAll(async () => {
  s3 = await startTestS3Server();
  t = await createTestApp({ env: s3.env });
  organiser = await buildUser(t.ctx, { withProvider: true });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function talentIn() {
  const contest = await buildContest(t.ctx, organiser);
  const talent = await buildUser(t.ctx, { withProvider: true });
  return { talent, id: await participationOf(t, talent, contest.id) };
}

const fileRows = (participationId: number) => t.ctx.db.select().from(files).where(eq(files.participationId, participationId));

async function waitFor(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe('uploads with FILE_STORE=s3', () => {
  it('stores a PNG and its preview in the bucket and serves the preview and the original from there', async () => {
    const { talent, id } = await talentIn();
    const res = await uploadProposal(t, talent, id, { filename: 'Logo été.png', content: await realPng(1200, 900) });
    expect(res.statusCode).toBe(200);
    const file = res.json().results.file;
    await t.previewsDone();
    const [row] = await fileRows(id);
    expect(s3.leftovers().sort()).toEqual([row!.storageKey, `${row!.storageKey}-preview`].sort());
    expect(t.ctx.files).toHaveProperty('bucket', s3.settings.bucket);

    const preview = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}/preview`, headers: talent.headers });
    expect(preview.statusCode).toBe(200);
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480 });
    const original = await t.app.inject({ method: 'GET', url: file.filepath, headers: talent.headers });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.length).toBe(row!.sizeBytes);
  });

  it('refused types and a total past the limit leave nothing in the bucket', async () => {
    const { talent, id } = await talentIn();
    const before = s3.leftovers().sort();
    expect((await uploadProposal(t, talent, id, { filename: 'logo.png', content: pdfBytes() })).statusCode).toBe(415);
    const first = await uploadProposal(t, talent, id, { filename: 'grand.png', content: fakePng(30_000_000) });
    expect(first.statusCode).toBe(200);
    const withFirst = s3.leftovers().sort();
    expect(withFirst).toHaveLength(before.length + 1);
    const second = await uploadProposal(t, talent, id, { filename: 'trop.png', content: fakePng(25_000_000) });
    expect(second.statusCode).toBe(413);
    expect(await fileRows(id)).toHaveLength(1);
    expect(s3.leftovers().sort()).toEqual(withFirst);
  });

  it('a transfer cut after parts reached the store aborts its multipart upload and leaves no row', async () => {
    const { talent, id } = await talentIn();
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = s3.leftovers().sort();
    const body = multipartBody([{ name: 'fileParticipation', filename: 'coupe.png', content: fakePng(20_000_000) }]);
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: `/api/participation/addFile/${id}`, headers: { ...talent.headers, ...body.headers, 'content-length': String(body.payload.length) } });
    req.on('error', () => {});
    req.write(body.payload.subarray(0, 8_000_000));
    // The first 5 MiB part is sent to the store as soon as it is complete.
    expect(await waitFor(() => s3.leftovers().some((k) => k.startsWith('upload:')))).toBe(true);
    req.destroy();
    expect(await waitFor(() => s3.leftovers().length === before.length)).toBe(true);
    expect(s3.leftovers().sort()).toEqual(before);
    expect(await fileRows(id)).toHaveLength(0);
  });
});
