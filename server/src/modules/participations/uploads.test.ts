import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SUB_CATEGORIES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { contests, files, participations } from '../../db/schema';
import { fakePng, multipartBody, pdfBytes, realJpeg, realPng, storedFiles } from '../files/test-helpers';
import { participationOf, uploadProposal } from './test-helpers';

let t: TestApp;
let organiser: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
});
afterAll(() => t.close());

const sub = (slug: string) => SUB_CATEGORIES.find((s) => s.slug === slug)!.id;

async function talentIn(overrides: Parameters<typeof buildContest>[2] = {}) {
  const contest = await buildContest(t.ctx, organiser, overrides);
  const talent = await buildUser(t.ctx, { withProvider: true });
  const id = await participationOf(t, talent, contest.id, overrides.subCategoryId === sub('slogan') ? 'Un slogan' : undefined);
  return { contest, talent, id };
}

const fileRows = (participationId: number) => t.ctx.db.select().from(files).where(eq(files.participationId, participationId));

async function listening(): Promise<AddressInfo> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t.app.server.address() as AddressInfo;
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe('POST /api/participation/addFile/:idParticipation — who and when', () => {
  it('refuses visitors, other talents and the organiser', async () => {
    const { id } = await talentIn();
    const png = await realPng(40, 40);
    expect((await uploadProposal(t, null, id, { filename: 'a.png', content: png })).statusCode).toBe(401);
    const other = await buildUser(t.ctx, { withProvider: true });
    const res = await uploadProposal(t, other, id, { filename: 'a.png', content: png });
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe("Vous n'avez pas accès à cette participation.");
    expect((await uploadProposal(t, organiser, id, { filename: 'a.png', content: png })).statusCode).toBe(403);
    expect(await fileRows(id)).toHaveLength(0);
  });

  it('refuses once the contest is no longer open', async () => {
    const { contest, talent, id } = await talentIn();
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, contest.id));
    const res = await uploadProposal(t, talent, id, { filename: 'a.png', content: await realPng(40, 40) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe("Ce concours n'accepte plus de participations.");
  });

  it('needs the commitment: an empty participation made by messaging cannot take files', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const talent = await buildUser(t.ctx, { withProvider: true });
    const [empty] = await t.ctx.db.insert(participations).values({ contestId: contest.id, userId: talent.id }).returning();
    const res = await uploadProposal(t, talent, empty!.id, { filename: 'a.png', content: await realPng(40, 40) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(MESSAGES.participations.commitmentRequired);
  });

  it('refuses an idConcours that is not the participation’s contest', async () => {
    const { talent, id } = await talentIn();
    const other = await buildContest(t.ctx, organiser);
    const res = await uploadProposal(t, talent, id, { filename: 'a.png', content: await realPng(40, 40) }, [{ name: 'idConcours', value: String(other.id) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe("Cette participation n'appartient pas à ce concours.");
    expect(await fileRows(id)).toHaveLength(0);
  });
});

describe('uploads — types are read from the bytes', () => {
  it('stores a PNG, then makes its 480 px marked WebP preview, and keeps the original name', async () => {
    const { contest, talent, id } = await talentIn();
    const before = storedFiles(t.dataDir).length;
    const res = await uploadProposal(t, talent, id, { filename: 'Logo été.png', content: await realPng(1200, 900), contentType: 'image/png' }, [{ name: 'idConcours', value: String(contest.id) }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Le fichier a bien été ajouté');
    const file = res.json().results.file;
    expect(file).toMatchObject({ filename: 'Logo été.png', mime: 'image/png', kind: 'participation', isFinalFile: false, filepath: `/api/files/${file.id}`, preview: null, inline: null, previewStatus: 'pending' });
    await t.previewsDone();
    const [row] = await fileRows(id);
    expect(row!.previewKey).toBe(`${row!.storageKey}-preview`);
    expect(row!.previewStatus).toBe('ready');
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.storageKey).not.toContain('Logo');
    expect(storedFiles(t.dataDir).length).toBe(before + 2);

    const preview = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}/preview`, headers: talent.headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(480);
  });

  it('accepts a JPEG whatever its name says', async () => {
    const { talent, id } = await talentIn();
    const res = await uploadProposal(t, talent, id, { filename: 'photo', content: await realJpeg(), contentType: 'application/octet-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.file.mime).toBe('image/jpeg');
  });

  it('a PNG sharp cannot read is kept, its preview failed', async () => {
    const { talent, id } = await talentIn();
    const res = await uploadProposal(t, talent, id, { filename: 'abime.png', content: fakePng(10_000) });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.file).toMatchObject({ preview: null, inline: null, previewStatus: 'pending' });
    await t.previewsDone();
    const [row] = await fileRows(id);
    expect(row).toMatchObject({ previewKey: null, previewStatus: 'failed' });
  });

  it('refuses PDF bytes named .png, and a script named .jpg, storing nothing', async () => {
    const { talent, id } = await talentIn();
    const before = storedFiles(t.dataDir);
    const pdf = await uploadProposal(t, talent, id, { filename: 'logo.png', content: pdfBytes(), contentType: 'image/png' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message.message).toBe(MESSAGES.participations.wrongType('PNG ou JPEG'));
    const script = await uploadProposal(t, talent, id, { filename: 'photo.jpg', content: Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'), contentType: 'image/jpeg' });
    expect(script.statusCode).toBe(415);
    const empty = await uploadProposal(t, talent, id, { filename: 'vide.png', content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(415);
    expect(await fileRows(id)).toHaveLength(0);
    expect(storedFiles(t.dataDir)).toEqual(before);
    const [p] = await t.ctx.db.select().from(participations).where(eq(participations.id, id));
    expect(p!.isParticipating).toBe(false);
  });

  it('GIF contests take GIFs only, with an animated-capable preview', async () => {
    const { talent, id } = await talentIn({ subCategoryId: sub('gif') });
    const png = await uploadProposal(t, talent, id, { filename: 'a.png', content: await realPng(40, 40) });
    expect(png.statusCode).toBe(415);
    expect(png.json().message.message).toBe(MESSAGES.participations.wrongType('GIF'));
    const gif = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#FC5165' } }).gif().toBuffer();
    const res = await uploadProposal(t, talent, id, { filename: 'anim.gif', content: gif });
    expect(res.statusCode).toBe(200);
    await t.previewsDone();
    const [row] = await fileRows(id);
    expect(row).toMatchObject({ previewStatus: 'ready', previewMime: 'image/webp' });
  });

  it('text format: one PDF (recognised by its bytes), nothing else', async () => {
    const { talent, id } = await talentIn({ subCategoryId: sub('slogan') });
    const png = await uploadProposal(t, talent, id, { filename: 'a.png', content: await realPng(40, 40) });
    expect(png.statusCode).toBe(415);
    expect(png.json().message.message).toBe(MESSAGES.participations.wrongType('PDF'));
    // A few bytes before the header are allowed by PDF readers, and by the server.
    const pdf = Buffer.concat([Buffer.from('\n\n'), pdfBytes()]);
    const first = await uploadProposal(t, talent, id, { filename: 'slogan', content: pdf });
    expect(first.statusCode).toBe(200);
    expect(first.json().results.file).toMatchObject({ mime: 'application/pdf', preview: null });
    const second = await uploadProposal(t, talent, id, { filename: 'slogan2.pdf', content: pdfBytes() });
    expect(second.statusCode).toBe(400);
    expect(second.json().message.message).toBe('Vous pouvez envoyer un seul fichier.');
    expect(await fileRows(id)).toHaveLength(1);
  });
});

describe('uploads — limits', () => {
  it('refuses a 6th file', async () => {
    const { talent, id } = await talentIn();
    for (let i = 1; i <= 5; i++) {
      const res = await uploadProposal(t, talent, id, { filename: `p${i}.png`, content: fakePng(2000) });
      expect(res.statusCode, `file ${i}`).toBe(200);
    }
    const sixth = await uploadProposal(t, talent, id, { filename: 'p6.png', content: fakePng(2000) });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message.message).toBe('Vous pouvez envoyer au plus 5 fichiers.');
    expect(await fileRows(id)).toHaveLength(5);
  });

  it('refuses images past 50 Mo in total with the French message, keeping what came before', async () => {
    const { talent, id } = await talentIn();
    const first = await uploadProposal(t, talent, id, { filename: 'grand.png', content: fakePng(30_000_000) });
    expect(first.statusCode).toBe(200);
    const filesBefore = storedFiles(t.dataDir);
    const second = await uploadProposal(t, talent, id, { filename: 'trop.png', content: fakePng(25_000_000) });
    expect(second.statusCode).toBe(413);
    expect(second.json().message.message).toBe('La taille de vos fichiers est de 55 Mo, alors que le maximum autorisé est de 50 Mo');
    expect(await fileRows(id)).toHaveLength(1);
    expect(storedFiles(t.dataDir)).toEqual(filesBefore);
  });

  it('refuses two files in one request and a request without a file', async () => {
    const { talent, id } = await talentIn();
    const before = storedFiles(t.dataDir);
    const two = multipartBody([
      { name: 'fileParticipation', filename: 'a.png', content: fakePng(3000) },
      { name: 'fileParticipation', filename: 'b.png', content: fakePng(3000) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: `/api/participation/addFile/${id}`, headers: { ...talent.headers, ...two.headers }, payload: two.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe('Vous pouvez envoyer un seul fichier.');

    const none = multipartBody([{ name: 'idConcours', value: '1' }]);
    const res2 = await t.app.inject({ method: 'POST', url: `/api/participation/addFile/${id}`, headers: { ...talent.headers, ...none.headers }, payload: none.payload });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().message.message).toBe('Aucun fichier reçu.');

    const wrongField = multipartBody([{ name: 'file', filename: 'a.png', content: fakePng(3000) }]);
    const res3 = await t.app.inject({ method: 'POST', url: `/api/participation/addFile/${id}`, headers: { ...talent.headers, ...wrongField.headers }, payload: wrongField.payload });
    expect(res3.statusCode).toBe(400);

    const json = await t.app.inject({ method: 'POST', url: `/api/participation/addFile/${id}`, headers: talent.headers, payload: { fileParticipation: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(await fileRows(id)).toHaveLength(0);
    expect(storedFiles(t.dataDir)).toEqual(before);
  });

  it('over HTTP, a refusal decided mid-stream still reaches the client', async () => {
    const { talent, id } = await talentIn();
    const { port } = await listening();
    const before = storedFiles(t.dataDir);
    // PDF bytes named .png, 8 Mo: refused after the first 4 Ko while the client still sends.
    const content = Buffer.concat([pdfBytes(), Buffer.alloc(8_000_000)]);
    const body = multipartBody([{ name: 'fileParticipation', filename: 'faux.png', content }]);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: `/api/participation/addFile/${id}`, headers: { ...talent.headers, ...body.headers, 'content-length': String(body.payload.length) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body.payload);
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body).message.message).toBe(MESSAGES.participations.wrongType('PNG ou JPEG'));
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await fileRows(id)).toHaveLength(0);
  });

  it('a transfer cut half-way leaves no file on disk and no row', async () => {
    const { talent, id } = await talentIn();
    const { port } = await listening();
    const before = storedFiles(t.dataDir);
    const body = multipartBody([{ name: 'fileParticipation', filename: 'coupe.png', content: fakePng(4_000_000) }]);
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: `/api/participation/addFile/${id}`, headers: { ...talent.headers, ...body.headers, 'content-length': String(body.payload.length) } });
    req.on('error', () => {});
    req.write(body.payload.subarray(0, 1_500_000));
    // The bytes go to a temporary file as they arrive: nothing is held in memory.
    expect(await waitFor(() => storedFiles(t.dataDir).some((f) => f.startsWith('.tmp/')))).toBe(true);
    req.destroy();
    expect(await waitFor(() => storedFiles(t.dataDir).length === before.length)).toBe(true);
    expect(storedFiles(t.dataDir)).toEqual(before);
    expect(await fileRows(id)).toHaveLength(0);
    const [p] = await t.ctx.db.select().from(participations).where(eq(participations.id, id));
    expect(p!.isParticipating).toBe(false);
  });
});
