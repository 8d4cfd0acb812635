import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { connect, listeningPort, partialFiles, requestHead, sleep, type RawConnection } from '../../test/raw-client';
import { participationOf, uploadProposal } from '../participations/test-helpers';
import { fakePng, multipartBody } from './test-helpers';

let t: TestApp;
let port: number;
let organiser: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOADS_PER_MEMBER: 2, UPLOADS_AT_ONCE: 3 } });
  port = await listeningPort(t);
  organiser = await buildUser(t.ctx, { withProvider: true });
});
afterAll(() => t.close());

async function talentIn(): Promise<{ talent: TestUser; id: number }> {
  const contest = await buildContest(t.ctx, organiser);
  const talent = await buildUser(t.ctx, { withProvider: true });
  return { talent, id: await participationOf(t, talent, contest.id) };
}

/** An upload that sends its first bytes and then waits: it holds its place until its socket closes. */
async function heldUpload(talent: TestUser, id: number): Promise<RawConnection> {
  const body = multipartBody([{ name: 'fileParticipation', filename: 'attente.png', content: fakePng(2_000_000) }]);
  const conn = await connect(port);
  await conn.write(requestHead('POST', `/api/participation/addFile/${id}`, { ...talent.headers, ...body.headers, 'content-length': String(body.payload.length) }));
  await conn.write(body.payload.subarray(0, 100_000));
  return conn;
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  for (let waited = 0; !check() && waited < ms; waited += 25) await sleep(25);
}

describe('uploads at once', () => {
  it('a member may send only so many files at once, the server only so many in all; a closed upload frees its place', async () => {
    const a = await talentIn();
    const b = await talentIn();
    const c = await talentIn();
    const held = [await heldUpload(a.talent, a.id), await heldUpload(a.talent, a.id)];
    await until(() => partialFiles(t.dataDir).length === 2);
    expect(partialFiles(t.dataDir)).toHaveLength(2);

    const third = await uploadProposal(t, a.talent, a.id, { filename: 'trois.png', content: fakePng(2000) });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('30');
    expect(third.json().message.message).toBe(MESSAGES.participations.uploadsAtOnce(2));

    held.push(await heldUpload(b.talent, b.id));
    await until(() => partialFiles(t.dataDir).length === 3);
    const busy = await uploadProposal(t, c.talent, c.id, { filename: 'c.png', content: fakePng(2000) });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('30');
    expect(busy.json().message.message).toBe(MESSAGES.participations.uploadsBusy);

    for (const conn of held) conn.socket.destroy();
    await until(() => partialFiles(t.dataDir).length === 0);
    expect(partialFiles(t.dataDir)).toEqual([]);
    // The places are given back once the connections are gone.
    let again = await uploadProposal(t, a.talent, a.id, { filename: 'ensuite.png', content: fakePng(2000) });
    for (let i = 0; i < 40 && again.statusCode !== 200; i++) {
      await sleep(25);
      again = await uploadProposal(t, a.talent, a.id, { filename: 'ensuite.png', content: fakePng(2000) });
    }
    expect(again.statusCode).toBe(200);
    expect((await uploadProposal(t, c.talent, c.id, { filename: 'c.png', content: fakePng(2000) })).statusCode).toBe(200);
  });

});
