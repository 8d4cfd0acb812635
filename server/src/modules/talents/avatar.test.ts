import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MESSAGES, formatBytes, AVATAR_MAX_BYTES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { users } from '../../db/schema';
import { fakePng, multipartBody, pdfBytes, realJpeg, realPng, storedFiles } from '../files/test-helpers';
import { AVATAR_FIELD } from './routes';

const T = MESSAGES.talents;

let t: TestApp;
beforeAll(async () => {
  // Enough upload slots for the concurrent replacements to reach the database together.
  t = await createTestApp({ env: { UPLOADS_PER_MEMBER: 25 } });
});
afterAll(() => t.close());

/** Every key in the store, whichever it is (disk, or S3 in avatar.s3.test.ts). */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.ctx.files.listKeys!(new Date(Date.now() + 60_000))) keys.push(key);
  return keys;
}
const photos = async () => (await storedKeys()).filter((k) => k.startsWith('a/'));

function upload(user: TestUser | null, content: Buffer, { filename = 'photo.png', contentType = 'image/png' } = {}) {
  const body = multipartBody([{ name: AVATAR_FIELD, filename, content, contentType }]);
  return t.app.inject({ method: 'PUT', url: '/api/profile/avatar', headers: { ...(user?.headers ?? {}), ...body.headers }, payload: body.payload });
}

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const row = async (user: TestUser) => (await t.ctx.db.select({ key: users.avatarKey, hash: users.avatarHash }).from(users).where(eq(users.id, user.id)))[0]!;

/** A JPEG twice as wide as high, red on the left, blue on the right, marked « turn a quarter clockwise ». */
async function sidewaysJpeg(): Promise<Buffer> {
  const half = (r: number, b: number) => sharp({ create: { width: 200, height: 200, channels: 3, background: { r, g: 0, b } } }).png().toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: await half(255, 0), left: 0, top: 0 },
      { input: await half(0, 255), left: 200, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Inès Roux', Artist: 'Inès Roux' } } })
    .toBuffer();
}

describe('a member’s photo', () => {
  it('is turned upright, cropped to 256 × 256 WebP without metadata, and served to anyone with the immutable header', async () => {
    const member = await buildUser(t.ctx);
    const res = await upload(member, await sidewaysJpeg(), { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(T.avatarSaved);
    const { key, hash } = await row(member);
    const url = res.json().results.avatarUrl as string;
    expect(url).toBe(`/api/talents/${member.pseudo}/avatar?v=${hash}`);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);

    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = sharp(served.rawPayload);
    const meta = await image.metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Roux'))).toBe(false);
    // Upright: the red half is on top, the blue one below.
    const { data } = await image.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3)];
    expect(pixel(20, 20)[0]).toBeGreaterThan(200);
    expect(pixel(235, 20)[0]).toBeGreaterThan(200);
    expect(pixel(20, 235)[2]).toBeGreaterThan(200);
    expect(await t.ctx.files.stat(key!)).not.toBeNull();

    // Without the version, or with an old one, a short while only.
    expect((await get(`/api/talents/${member.pseudo}/avatar`)).headers['cache-control']).toBe('public, max-age=300');
    expect((await get(`/api/talents/${member.pseudo}/avatar?v=0123456789abcdef`)).headers['cache-control']).toBe('public, max-age=300');

    // Every answer that carries the member gives the address.
    expect((await get('/api/user/me', member)).json().results.user.avatarUrl).toBe(url);
    expect((await get('/api/user/talent-profile', member)).json().results.settings.avatarUrl).toBe(url);
    expect((await get(`/api/talents/${member.pseudo}`)).json().results.talent.avatarUrl).toBe(url);
    await buildProposal(t.ctx, (await buildContest(t.ctx, await buildUser(t.ctx))).id, member);
    const listed = (await get('/api/talents?pageSize=50')).json().results.talents as { pseudo: string; avatarUrl: string | null }[];
    expect(listed.find((c) => c.pseudo === member.pseudo)?.avatarUrl).toBe(url);
  });

  it('takes a PNG by its bytes whatever its name says, and WebP too', async () => {
    const member = await buildUser(t.ctx);
    expect((await upload(member, await realPng(300, 200), { filename: 'photo.jpg', contentType: 'image/jpeg' })).statusCode).toBe(200);
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 1, g: 2, b: 3 } } }).webp().toBuffer();
    expect((await upload(member, webp, { filename: 'photo', contentType: 'application/octet-stream' })).statusCode).toBe(200);
  });

  it('refuses other files, too big, unreadable or cut images, and keeps nothing of them', async () => {
    const member = await buildUser(t.ctx);
    const first = await upload(member, await realJpeg(300, 300));
    expect(first.statusCode).toBe(200);
    const before = await row(member);
    const keys = await storedKeys();
    const partial = storedFiles(t.dataDir).length;

    const pdf = await upload(member, pdfBytes(), { filename: 'cv.pdf', contentType: 'application/pdf' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message.message).toBe(T.avatarWrongType);
    const text = await upload(member, Buffer.from('Bonjour, ceci n’est pas une image.\n'.repeat(300)), { filename: 'photo.png', contentType: 'image/png' });
    expect(text.statusCode).toBe(415);
    const gif = await upload(member, await sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 0, g: 0, b: 0 } } }).gif().toBuffer(), { filename: 'photo.png' });
    expect(gif.statusCode).toBe(415);

    const big = await upload(member, fakePng(6_000_000));
    expect(big.statusCode).toBe(413);
    expect(big.json().message.message).toBe(T.avatarTooBig(formatBytes(AVATAR_MAX_BYTES)));
    // Just over the limit, announced as smaller than the framing allowance: refused while it streams.
    expect((await upload(member, fakePng(AVATAR_MAX_BYTES + 1))).statusCode).toBe(413);

    const png = await realPng(800, 600);
    const cut = await upload(member, png.subarray(0, Math.floor(png.length * 0.6)));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message.message).toBe(T.avatarUnreadable);
    const noise = await upload(member, fakePng(20_000));
    expect(noise.statusCode).toBe(400);

    const empty = multipartBody([{ name: 'autre', value: 'x' }]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/avatar', headers: { ...member.headers, ...empty.headers }, payload: empty.payload })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/avatar', headers: { ...member.headers, 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBeGreaterThanOrEqual(400);

    expect(await row(member)).toEqual(before);
    expect(await storedKeys()).toEqual(keys);
    expect(storedFiles(t.dataDir).length).toBe(partial);
  });

  it('needs a session', async () => {
    const res = await upload(null, await realPng(100, 100));
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/avatar' })).statusCode).toBe(401);
  });

  it('replaced 20 times at once, ends with one photo and no stored leftover', async () => {
    const member = await buildUser(t.ctx);
    const existing = (await photos()).length;
    const images = await Promise.all(Array.from({ length: 20 }, (_, i) => realPng(300 + i, 300)));
    const answers = await Promise.all(images.map((image) => upload(member, image)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const { key, hash } = await row(member);
    const after = await photos();
    expect(after.length).toBe(existing + 1);
    expect(after).toContain(key);
    const served = await get(`/api/talents/${member.pseudo}/avatar?v=${hash}`);
    expect(served.statusCode).toBe(200);
  });

  it('is replaced then removed, its stored file deleted each time', async () => {
    const member = await buildUser(t.ctx);
    await upload(member, await realPng(300, 300));
    const first = await row(member);
    expect((await upload(member, await sidewaysJpeg())).statusCode).toBe(200);
    const second = await row(member);
    expect(second.key).not.toBe(first.key);
    expect(second.hash).not.toBe(first.hash);
    expect(await t.ctx.files.stat(first.key!)).toBeNull();

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/profile/avatar', headers: member.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(T.avatarRemoved);
    expect(await row(member)).toEqual({ key: null, hash: null });
    expect(await t.ctx.files.stat(second.key!)).toBeNull();
    const gone = await get(`/api/talents/${member.pseudo}/avatar?v=${second.hash}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message.message).toBe(T.avatarNone);
    expect((await get('/api/user/talent-profile', member)).json().results.settings.avatarUrl).toBeNull();
    // Removing again is not an error.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/avatar', headers: member.headers })).statusCode).toBe(200);
  });

  it('is not served for a suspended member, nor for a pseudo spelt otherwise', async () => {
    const member = await buildUser(t.ctx);
    await upload(member, await realPng(300, 300));
    const { hash } = await row(member);
    expect((await get(`/api/talents/${member.pseudo.toUpperCase()}/avatar?v=${hash}`)).statusCode).toBe(404);
    await t.ctx.db.update(users).set({ suspendedAt: t.clock.now() }).where(eq(users.id, member.id));
    const res = await get(`/api/talents/${member.pseudo}/avatar?v=${hash}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message.message).toBe(T.avatarNone);
    expect((await get('/api/talents/personne-inconnue/avatar')).statusCode).toBe(404);
  });
});
