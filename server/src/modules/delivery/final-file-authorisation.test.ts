import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildFinalisedContest, buildOrganiser, buildUser, type FinalisedContest } from '../../test/factories';
import { answerBody, connect, listeningPort, partialBytes, requestHead } from '../../test/raw-client';
import { files } from '../../db/schema';
import { multipartBody, pdfBytes } from '../files/test-helpers';
import { participationOf } from '../participations/test-helpers';

let t: TestApp;
let port: number;
let contest: FinalisedContest;
beforeAll(async () => {
  t = await createTestApp();
  port = await listeningPort(t);
  contest = await buildFinalisedContest(t.ctx, await buildOrganiser(t.ctx), { winners: 1, others: 1 });
});
afterAll(() => t.close());

const MB = 1_000_000;

/**
 * Sends a final file of `size` bytes over a socket, as fast as the server reads it, and
 * watches the temporary folder all along: what the largest partial file ever weighed.
 */
async function sendWatched(headers: Record<string, string>, url: string, parts: Parameters<typeof multipartBody>[0]) {
  const body = multipartBody(parts);
  const conn = await connect(port);
  let peak = 0;
  const watch = setInterval(() => (peak = Math.max(peak, partialBytes(t.dataDir))), 2);
  try {
    await conn.write(requestHead('POST', url, { ...headers, ...body.headers, 'content-length': String(body.payload.length) }));
    for (let at = 0; at < body.payload.length && conn.status() === null && !conn.isClosed(); at += 256 * 1024) {
      await conn.write(body.payload.subarray(at, at + 256 * 1024));
      peak = Math.max(peak, partialBytes(t.dataDir));
    }
    await conn.answered;
  } finally {
    clearInterval(watch);
    conn.socket.destroy();
  }
  return { status: conn.status(), body: answerBody(conn.received()), peak };
}

describe('final files: who may send one is decided before its bytes are read', () => {
  it('a talent who won nothing, naming their participation in the form only, is refused before 1 Mo of the file reaches the disk', async () => {
    const loser = contest.others[0]!;
    const big = Buffer.concat([pdfBytes('final'), Buffer.alloc(30 * MB)]);
    const res = await sendWatched(loser.user.headers, '/api/concours/participant/upload/finalFile', [
      { name: 'idParticipation', value: String(loser.participationId) },
      { name: 'fileFinale', filename: 'final.pdf', content: big },
    ]);
    expect(res.status).toBe(403);
    expect(res.body.message.message).toBe('Seul un gagnant peut envoyer des fichiers finaux, une fois le concours finalisé.');
    expect(res.peak).toBeLessThan(MB);
    expect(await t.ctx.db.select().from(files).where(eq(files.participationId, loser.participationId))).toHaveLength(0);
  });

  it('a file sent before the form names its participation is refused without being read, naming the field', async () => {
    const winner = contest.winners[0]!;
    const res = await sendWatched(winner.user.headers, '/api/concours/participant/upload/finalFile', [
      { name: 'fileFinale', filename: 'final.pdf', content: Buffer.concat([pdfBytes('final'), Buffer.alloc(5 * MB)]) },
      { name: 'idParticipation', value: String(winner.participationId) },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message.message).toBe('Indiquez la participation (idParticipation) avant le fichier final.');
    expect(res.peak).toBeLessThan(MB);
  });

  it('the winner, named in the form before the file, sends it', async () => {
    const winner = contest.winners[0]!;
    const res = await sendWatched(winner.user.headers, '/api/concours/participant/upload/finalFile', [
      { name: 'idParticipation', value: String(winner.participationId) },
      { name: 'fileFinale', filename: 'final.pdf', content: Buffer.concat([pdfBytes('final'), Buffer.alloc(2 * MB)]) },
    ]);
    expect(res.status).toBe(200);
    expect(await t.ctx.db.select().from(files).where(eq(files.participationId, winner.participationId))).toHaveLength(1);
  });
});

describe('a file announced past the limit', () => {
  it('is refused on every upload route from its headers alone, saying the limit in French units', async () => {
    const winner = contest.winners[0]!;
    const talent = await buildUser(t.ctx, { withProvider: true });
    const proposal = await participationOf(t, talent, (await buildContest(t.ctx, await buildOrganiser(t.ctx))).id);
    for (const [url, user] of [
      [`/api/concours/participant/upload/finalFile?idParticipation=${winner.participationId}`, winner.user],
      [`/api/message/add/file/${winner.participationId}`, winner.user],
      [`/api/participation/addFile/${proposal}`, talent],
    ] as const) {
      const conn = await connect(port);
      const boundary = 'xyz';
      await conn.write(requestHead('POST', url, { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(501 * MB) }));
      await conn.write(`--${boundary}\r\nContent-Disposition: form-data; name="fileFinale"; filename="sources.zip"\r\n\r\nPK\x03\x04`);
      await conn.answered;
      conn.socket.destroy();
      expect(conn.status(), url).toBe(413);
      expect(answerBody(conn.received()).message.message, url).toBe('Ce fichier dépasse la taille maximale autorisée de 500 Mo.');
    }
    expect(partialBytes(t.dataDir)).toBe(0);
  });
});
