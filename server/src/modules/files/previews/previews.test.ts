/**
 * Marked previews: the mark is really on the picture, a proposal shows « aperçu en
 * préparation » until its preview is made, then the preview (sound with its waveform, video
 * with its poster); a preview that cannot be made is said so, in French, and the original is
 * still never shown in its place. A sound or a video whose first seconds do not decode is
 * refused as it is received (probe.ts). Text proposals are shown in full, never indexed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT, MESSAGES, SUB_CATEGORIES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../../test/factories';
import { files } from '../../../db/schema';
import { participationOf, uploadProposal } from '../../participations/test-helpers';
import { markLabel } from './mark';
import { IMAGE_PREVIEW_WIDTH, renderImage } from './render-image';
import { processPreview } from './job';
import { proposalSamples, type Samples } from './samples';

const PV = MESSAGES.previews;

/** MPEG-1 Layer III, 128 kb/s, 44.1 kHz, no padding: each frame is 417 bytes, header included. */
const MP3_FRAME_HEADER = Buffer.from('fffb9064', 'hex');
const MP3_FRAME_BYTES = 417;

/** Valid MP3 frame headers, each followed by bytes that are no sound (the same on every run). */
function mp3WithGarbageFrames(frames = 400): Buffer {
  let seed = Buffer.from('créadéfi');
  const frame = () => {
    const body: Buffer[] = [];
    for (let n = 0; n < MP3_FRAME_BYTES - 4; n += 32) body.push((seed = createHash('sha256').update(seed).digest()));
    return Buffer.concat([MP3_FRAME_HEADER, Buffer.concat(body).subarray(0, MP3_FRAME_BYTES - 4)]);
  };
  return Buffer.concat(Array.from({ length: frames }, frame));
}

/** An MP4 header and nothing playable behind it. */
function mp4WithoutFrames(): Buffer {
  const junk = Buffer.alloc(20_000);
  Buffer.from('00000018667479706973366d0000020069736f6d69736f32', 'hex').copy(junk);
  return junk;
}

describe('the mark on an image preview', () => {
  /** A photograph-like picture: gradients and shapes, no flat area to hide the mark. */
  const picture = () =>
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#e63946"/></linearGradient></defs><rect width="960" height="720" fill="url(#g)"/><circle cx="480" cy="360" r="220" fill="#f1c453"/></svg>`))
      .png()
      .toBuffer();

  async function pixels(image: Buffer) {
    return sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  }

  it('differs from the same picture downscaled without mark, all over the picture', async () => {
    const original = await picture();
    const marked = await pixels(await renderImage(original, 'image/png', markLabel(12)));
    const plain = await pixels(await sharp(original).resize({ width: IMAGE_PREVIEW_WIDTH }).webp({ quality: 80 }).toBuffer());
    expect(marked.info).toMatchObject({ width: 480, height: 360 });
    const { width, height, channels } = marked.info;
    // Per quarter of the picture, the share of pixels the mark changed visibly.
    const changed = [0, 0, 0, 0];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * channels;
        const delta = Math.max(...[0, 1, 2].map((c) => Math.abs(marked.data[i + c]! - plain.data[i + c]!)));
        if (delta > 40) changed[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]!++;
      }
    }
    const quarter = (width * height) / 4;
    for (const n of changed) expect(n / quarter).toBeGreaterThan(0.03);
  });

  it('names the proposal: two numbers give two different marks', async () => {
    const original = await picture();
    const [a, b] = await Promise.all([renderImage(original, 'image/png', markLabel(12)), renderImage(original, 'image/png', markLabel(13))]);
    const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
    expect(pa.data.equals(pb.data)).toBe(false);
    expect(markLabel(12)).toBe('Créadéfi · n° 12');
  });
});

describe('preview status, over the API', () => {
  let t: TestApp;
  let organiser: TestUser;
  let samples: Samples;
  beforeAll(async () => {
    // No worker: the test makes each preview itself, to see the proposal before and after.
    t = await createTestApp({ previewWorker: false });
    organiser = await buildUser(t.ctx, { withProvider: true });
    samples = await proposalSamples();
  });
  afterAll(() => t.close());

  async function upload(format: number, content: Buffer, filename: string) {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: SUB_CATEGORIES.find((s) => s.format === format)!.id });
    const talent = await buildUser(t.ctx, { withProvider: true });
    const participationId = await participationOf(t, talent, contest.id);
    return { contest, talent, participationId, res: await uploadProposal(t, talent, participationId, { filename, content }) };
  }

  async function send(format: number, content: Buffer, filename: string) {
    const { res, ...sent } = await upload(format, content, filename);
    expect(res.statusCode, res.body).toBe(200);
    return { ...sent, file: res.json().results.file as { id: number } & Record<string, unknown> };
  }

  const storedFiles = () => {
    const root = path.join(t.dataDir, 'uploads');
    return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).length : 0;
  };

  it('an MP3 whose frames hold no sound is refused as it is received, why said in French, nothing kept', async () => {
    const before = storedFiles();
    const { res, participationId } = await upload(FORMAT.audio, mp3WithGarbageFrames(), 'jingle.mp3');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: { message: PV.undecodableAudio, code: 422 } });
    expect(await t.ctx.db.select().from(files).where(eq(files.participationId, participationId))).toEqual([]);
    expect(storedFiles()).toBe(before);
  });

  it('a video without a frame that decodes is refused as it is received, nothing kept', async () => {
    const before = storedFiles();
    const { res, participationId } = await upload(FORMAT.video, mp4WithoutFrames(), 'clip.mp4');
    expect(res.statusCode).toBe(422);
    expect(res.json().message.message).toBe(PV.undecodableVideo);
    expect(await t.ctx.db.select().from(files).where(eq(files.participationId, participationId))).toEqual([]);
    expect(storedFiles()).toBe(before);
  });
  const get = (url: string, user: TestUser, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } });
  const proposalsOf = async (contestId: number) => (await get(`/api/concours/${contestId}/participations`, organiser)).json().results.participations[0].fileParticipants[0];

  it('a sound shows « aperçu en préparation », then its low-quality preview with its waveform', async () => {
    const { contest, talent, file } = await send(FORMAT.audio, samples['audio/wav']!, 'jingle.wav');
    expect(file).toMatchObject({ previewStatus: 'pending', inline: null, preview: null, waveform: null });
    const pending = await get(`/api/files/${file.id}/preview`, organiser);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message.message).toBe(PV.pending);
    // The author waits for it too: the page never falls back on the original.
    expect((await get(`/api/files/${file.id}/preview`, talent)).statusCode).toBe(409);
    expect(await proposalsOf(contest.id)).toMatchObject({ previewStatus: 'pending', inline: null });

    expect(await processPreview(t.ctx, file.id)).toBe('ready');
    const shown = await proposalsOf(contest.id);
    expect(shown).toMatchObject({ previewStatus: 'ready', inline: `/api/files/${file.id}/preview`, inlineMime: 'audio/mpeg', preview: null });
    expect(shown.waveform).toHaveLength(400);
    expect(Math.max(...shown.waveform)).toBe(1);
    const whole = await get(shown.inline, organiser);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(samples['audio/wav']!)).toBe(false);
    const ranged = await get(shown.inline, organiser, { range: 'bytes=100-199' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    // Done once: a second job for the same file changes nothing.
    expect(await processPreview(t.ctx, file.id)).toBe('skipped');
  });

  it('a video gets a small marked preview and a poster', async () => {
    const { contest, file } = await send(FORMAT.video, samples['video/mp4']!, 'clip.mp4');
    expect((await get(`/api/files/${file.id}/poster`, organiser)).statusCode).toBe(409);
    expect(await processPreview(t.ctx, file.id)).toBe('ready');
    const shown = await proposalsOf(contest.id);
    expect(shown).toMatchObject({ inline: `/api/files/${file.id}/preview`, inlineMime: 'video/mp4', preview: `/api/files/${file.id}/poster` });
    const poster = await get(shown.preview, organiser);
    expect(poster.statusCode).toBe(200);
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160, height: 120 });
    const video = await get(shown.inline, organiser);
    expect(video.headers['content-type']).toBe('video/mp4');
  });

  it('a PDF is shown as its marked pages', async () => {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: SUB_CATEGORIES.find((s) => s.format === FORMAT.text)!.id });
    const talent = await buildUser(t.ctx, { withProvider: true });
    const participationId = await participationOf(t, talent, contest.id, 'Un slogan');
    const file = (await uploadProposal(t, talent, participationId, { filename: 'slogan.pdf', content: samples['application/pdf']! })).json().results.file;
    expect(await processPreview(t.ctx, file.id)).toBe('ready');
    const pages = await get(`/api/files/${file.id}/preview`, organiser);
    expect(pages.headers['content-type']).toBe('image/webp');
    expect(await sharp(pages.rawPayload).metadata()).toMatchObject({ width: 800 });
  });

  it('a file the decoders cannot read ends « failed », said in French, its original still kept from the page', async () => {
    // Taken at upload, then spoilt where it is stored (a disk fault): its preview cannot be made.
    // A few bytes after the film make it another file than the sample the other tests send.
    const { talent, file } = await send(FORMAT.video, Buffer.concat([samples['video/mp4']!, Buffer.alloc(16)]), 'abime.mp4');
    const junk = mp4WithoutFrames();
    const [stored] = await t.ctx.db.select().from(files).where(eq(files.id, file.id));
    await t.ctx.files.write(stored!.storageKey, Readable.from([junk]), { maxBytes: junk.length });
    expect(await processPreview(t.ctx, file.id)).toBe('failed');
    for (const user of [organiser, talent]) {
      const res = await get(`/api/files/${file.id}/preview`, user);
      expect(res.statusCode).toBe(422);
      expect(res.json().message.message).toBe(PV.failed);
    }
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({ previewStatus: 'failed', previewKey: null });
    // Its author still has it.
    const original = await get(`/api/files/${file.id}`, talent);
    expect(original.rawPayload.equals(junk)).toBe(true);
  });

  it('a preview that cannot be made is told to its author at once, with the page where the file is replaced', async () => {
    const { contest, talent, file } = await send(FORMAT.audio, Buffer.concat([samples['audio/mpeg']!, Buffer.alloc(16)]), 'lent.mp3');
    // A machine too slow for the preview's time limit.
    expect(await processPreview(t.ctx, file.id, { limits: { audio: { timeoutMs: 50, maxOldSpaceMb: 128 } } })).toBe('failed');
    const told = (await get('/api/notifications?page=1&pageSize=20', talent)).json().results.notifications;
    expect(told).toEqual([expect.objectContaining({ kind: 'preview_failed', text: MESSAGES.notifications.previewFailed('lent.mp3', contest.companyName), link: `/details-concours/${contest.id}`, read: false })]);
    // Said once: the same job again changes nothing.
    expect(await processPreview(t.ctx, file.id)).toBe('skipped');
    expect((await get('/api/notifications?page=1&pageSize=20', talent)).json().results.notifications).toHaveLength(1);
  });

  it('a preview that passes its time limit is stopped and ends « failed »', async () => {
    const { file } = await send(FORMAT.audio, samples['audio/mpeg']!, 'long.mp3');
    expect(await processPreview(t.ctx, file.id, { limits: { audio: { timeoutMs: 50, maxOldSpaceMb: 128 } } })).toBe('failed');
    expect((await get(`/api/files/${file.id}/preview`, organiser)).statusCode).toBe(422);
  });

  it('the same preview asked several times at once (jobs sent again, instances racing) ends ready once, with one preview stored', async () => {
    const { file } = await send(FORMAT.image, samples['image/png']!, 'logo.png');
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => processPreview(t.ctx, file.id)));
    expect(outcomes).toContain('ready');
    expect(outcomes.every((o) => o === 'ready' || o === 'skipped')).toBe(true);
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({ previewStatus: 'ready', previewKey: `${row!.storageKey}-preview`, previewMime: 'image/webp', posterKey: null });
    expect(await t.ctx.files.stat(row!.previewKey!)).not.toBeNull();
    const shown = await get(`/api/files/${file.id}/preview`, organiser);
    expect(await sharp(shown.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200 });
  });

  it('a text proposal is shown in full to the organiser, and no API answer may be indexed', async () => {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: SUB_CATEGORIES.find((s) => s.format === FORMAT.text)!.id });
    const talent = await buildUser(t.ctx, { withProvider: true });
    const text = 'Une idée entière, '.repeat(40);
    await participationOf(t, talent, contest.id, text);
    const res = await get(`/api/concours/${contest.id}/participations`, organiser);
    expect(res.json().results.participations[0].inputText).toBe(text.trim());
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
  });
});
