import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { buildContest, buildUser, type TestUser } from '../test/factories';
import { connect, listeningPort, partialFiles, requestHead, sleep, type RawConnection } from '../test/raw-client';
import { files } from '../db/schema';
import { fakePng, multipartBody } from '../modules/files/test-helpers';
import { participationOf } from '../modules/participations/test-helpers';

// Short bounds so that the cuts happen within the test: the production defaults are 20 s for
// the headers, an hour for a whole request, and 30 s windows for a body's progress.
const HEADERS_S = 1;
const REQUEST_S = 5;
const WINDOW_S = 1;

let t: TestApp;
let port: number;
let organiser: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { HEADERS_TIMEOUT_SECONDS: HEADERS_S, REQUEST_TIMEOUT_SECONDS: REQUEST_S, BODY_STALL_SECONDS: WINDOW_S } });
  port = await listeningPort(t);
  organiser = await buildUser(t.ctx, { withProvider: true });
});
afterAll(() => t.close());

async function proposalUpload(size: number) {
  const contest = await buildContest(t.ctx, organiser);
  const talent = await buildUser(t.ctx, { withProvider: true });
  const id = await participationOf(t, talent, contest.id);
  const body = multipartBody([{ name: 'fileParticipation', filename: 'lent.png', content: fakePng(size) }]);
  const head = requestHead('POST', `/api/participation/addFile/${id}`, { ...talent.headers, ...body.headers, 'content-length': String(body.payload.length) });
  return { id, head, payload: body.payload };
}

/** Sends `bytes` a few at a time every `everyMs` until the server closes the connection or `maxMs` passes. */
async function trickle(conn: RawConnection, bytes: Buffer, step: number, everyMs: number, maxMs: number): Promise<number> {
  const started = Date.now();
  for (let at = 0; at < bytes.length && !conn.isClosed() && Date.now() - started < maxMs; at += step) {
    await conn.write(bytes.subarray(at, at + step));
    await sleep(everyMs);
  }
  return Date.now() - started;
}

const rowsOf = (participationId: number) => t.ctx.db.select().from(files).where(eq(files.participationId, participationId));

describe('slow requests are cut', () => {
  it('headers sent a byte at a time are cut once their time is up', async () => {
    const conn = await connect(port);
    const started = Date.now();
    await conn.write('POST /api/contact HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    await trickle(conn, Buffer.from(`x-lent: ${'a'.repeat(200)}\r\n`), 1, 200, 10_000);
    await conn.closed;
    expect(Date.now() - started).toBeLessThan((HEADERS_S + 1.5) * 1000);
  });

  it('an upload whose body trickles a byte at a time is cut within two windows, and its partial file removed', async () => {
    const { id, head, payload } = await proposalUpload(300_000);
    const conn = await connect(port);
    await conn.write(head);
    // Enough of the file for its type to be read and its temporary file to be opened.
    await conn.write(payload.subarray(0, 20_000));
    for (let i = 0; i < 80 && partialFiles(t.dataDir).length === 0; i++) await sleep(25);
    expect(partialFiles(t.dataDir)).toHaveLength(1);
    const elapsed = await trickle(conn, payload.subarray(20_000), 1, 300, 10_000);
    await conn.closed;
    expect(elapsed).toBeLessThan(2 * WINDOW_S * 1000 + 1000);
    for (let i = 0; i < 40 && partialFiles(t.dataDir).length > 0; i++) await sleep(25);
    expect(partialFiles(t.dataDir)).toEqual([]);
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('an upload that keeps flowing at a modest pace is received in full', async () => {
    const { id, head, payload } = await proposalUpload(400_000);
    const conn = await connect(port);
    await conn.write(head);
    await trickle(conn, payload, 32 * 1024, 150, 10_000);
    await conn.answered;
    expect(conn.status()).toBe(200);
    expect(await rowsOf(id)).toHaveLength(1);
    conn.socket.destroy();
  });

  it('a request still sending when its whole time is up is cut, even while it progresses', async () => {
    const { id, head, payload } = await proposalUpload(3_000_000);
    const conn = await connect(port);
    await conn.write(head);
    const elapsed = await trickle(conn, payload, 20 * 1024, 150, 15_000);
    await conn.closed;
    expect(elapsed).toBeGreaterThanOrEqual(REQUEST_S * 1000 - 500);
    expect(elapsed).toBeLessThan(REQUEST_S * 1000 + 1500);
    for (let i = 0; i < 40 && partialFiles(t.dataDir).length > 0; i++) await sleep(25);
    expect(partialFiles(t.dataDir)).toEqual([]);
    expect(await rowsOf(id)).toHaveLength(0);
  });
});
