import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrganiser, buildPaidContest, buildUser, type TestUser } from '../../test/factories';
import { pollVotes, polls } from '../../db/schema';
import { participationOf } from '../participations/test-helpers';
import { imageProposal } from './test-helpers';
import { POLL_VOTES_PER_WINDOW } from './routes';

let t: TestApp;
let organiser: TestUser & { ownerId: string; payerId: string };
let contestId: number;
let proposals: Awaited<ReturnType<typeof imageProposal>>[];
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx);
  contestId = (await buildPaidContest(t.ctx, organiser, { companyName: 'Maison Ardoise' })).id;
  proposals = [];
  for (let i = 0; i < 9; i++) proposals.push(await imageProposal(t, organiser, contestId));
});
afterAll(() => t.close());

let ipCounter = 1;
/** Each browser of a test its own address unless told, so that the per-address limit is tested apart. */
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const voter = () => randomBytes(16).toString('base64url');
const createPoll = (user: TestUser, ids: number[], id = contestId) => t.app.inject({ method: 'POST', url: `/api/concours/${id}/polls`, headers: user.headers, payload: { participations: ids } });
const vote = (token: string, payload: object, remoteAddress = freshIp()) => t.app.inject({ method: 'POST', url: `/api/polls/${token}/vote`, payload, remoteAddress });
const results = (token: string, user?: TestUser) => t.app.inject({ method: 'GET', url: `/api/polls/${token}/results`, headers: user?.headers ?? {} });
const ids = (n: number) => proposals.slice(0, n).map((p) => p.participationId);

async function newPoll(n = 3): Promise<string> {
  const res = await createPoll(organiser, ids(n));
  expect(res.statusCode).toBe(200);
  return res.json().results.token as string;
}

describe('polls', () => {
  it('gives the organiser a secret link; a visitor sees previews only, without authors', async () => {
    const token = await newPoll(8);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const res = await t.app.inject({ method: 'GET', url: `/api/polls/${token}` });
    expect(res.statusCode).toBe(200);
    const poll = res.json().results.poll;
    expect(poll.companyName).toBe('Maison Ardoise');
    expect(poll.items).toHaveLength(8);
    for (const p of proposals.slice(0, 8)) expect(res.body).not.toContain(p.talent.pseudo);
    const preview = await t.app.inject({ method: 'GET', url: poll.items[0].previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    // Not the ninth proposal's file, nor through a made-up token.
    expect((await t.app.inject({ method: 'GET', url: `/api/polls/${token}/preview/${proposals[8]!.file.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/polls/${'x'.repeat(32)}/preview/${proposals[0]!.file.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/polls/${'x'.repeat(32)}` })).statusCode).toBe(404);
  });

  it('refuses 9 proposals, a repeated one, another contest’s, one without an image, and anyone but the organiser', async () => {
    const nine = await createPoll(organiser, ids(9));
    expect(nine.statusCode).toBe(400);
    expect(nine.body).toContain('Un sondage compte 8 propositions au plus.');
    expect((await createPoll(organiser, [ids(1)[0]!, ids(1)[0]!])).statusCode).toBe(400);
    const other = await buildPaidContest(t.ctx, organiser);
    const foreign = await imageProposal(t, organiser, other.id);
    const mixed = await createPoll(organiser, [ids(1)[0]!, foreign.participationId]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message.message).toBe('Ces propositions doivent appartenir à ce concours et être visibles.');
    // A proposal without content (a conversation only) is no choice.
    const empty = await participationOf(t, await buildOrganiser(t.ctx), contestId);
    expect((await createPoll(organiser, [ids(1)[0]!, empty])).statusCode).toBe(400);
    expect((await createPoll(proposals[0]!.talent, ids(2))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/concours/${contestId}/polls`, payload: { participations: ids(2) } })).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(polls).where(eq(polls.createdBy, proposals[0]!.talent.id))).toHaveLength(0);
  });

  it('takes one vote per browser, with an optional comment, and shows results to the organiser only', async () => {
    const token = await newPoll(3);
    const browser = voter();
    const first = await vote(token, { idParticipation: ids(1)[0], voter: browser, comment: '  La plus lisible.  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Merci, votre vote est enregistré\u00a0!');
    const second = await vote(token, { idParticipation: ids(2)[1], voter: browser });
    expect(second.statusCode).toBe(409);
    expect(second.json().message.message).toBe('Vous avez déjà voté dans ce sondage depuis ce navigateur.');
    expect((await vote(token, { idParticipation: ids(2)[1], voter: voter() })).statusCode).toBe(200);
    expect((await vote(token, { idParticipation: proposals[8]!.participationId, voter: voter() })).statusCode).toBe(400);
    expect((await vote(token, { idParticipation: ids(1)[0], voter: 'court' })).statusCode).toBe(400);
    expect((await vote(token, { idParticipation: ids(1)[0], voter: voter(), comment: 'x'.repeat(501) })).statusCode).toBe(400);

    expect((await results(token)).statusCode).toBe(401);
    expect((await results(token, proposals[0]!.talent)).statusCode).toBe(403);
    expect((await results(token, await buildUser(t.ctx))).statusCode).toBe(403);
    const res = await results(token, organiser);
    expect(res.statusCode).toBe(200);
    const r = res.json().results.poll;
    expect(r.total).toBe(2);
    expect(r.counts).toEqual([
      { idParticipation: ids(3)[0], votes: 1 },
      { idParticipation: ids(3)[1], votes: 1 },
      { idParticipation: ids(3)[2], votes: 0 },
    ]);
    expect(r.comments).toEqual([expect.objectContaining({ idParticipation: ids(1)[0], comment: 'La plus lisible.' })]);
    const list = (await t.app.inject({ method: 'GET', url: `/api/concours/${contestId}/polls`, headers: organiser.headers })).json().results.polls;
    expect(list).toContainEqual(expect.objectContaining({ token, votes: 2 }));
  });

  it('counts 20 concurrent votes from 20 browsers exactly, and one browser voting 20 times at once once', async () => {
    const token = await newPoll(2);
    const [a, b] = ids(2);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => vote(token, { idParticipation: i < 13 ? a : b, voter: voter() }, '10.9.9.9')));
    expect(answers.map((x) => x.statusCode)).toEqual(Array(20).fill(200));
    const same = voter();
    const repeated = await Promise.all(Array.from({ length: 5 }, () => vote(token, { idParticipation: a, voter: same }, '10.9.9.8')));
    expect(repeated.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(repeated.filter((x) => x.statusCode === 409)).toHaveLength(4);
    const r = (await results(token, organiser)).json().results.poll;
    expect(r.counts).toEqual([
      { idParticipation: a, votes: 14 },
      { idParticipation: b, votes: 7 },
    ]);
    expect(r.total).toBe(21);
  });

  it('limits votes per address', async () => {
    const token = await newPoll(2);
    const ip = '10.8.8.8';
    for (let i = 0; i < POLL_VOTES_PER_WINDOW; i++) expect((await vote(token, { idParticipation: ids(1)[0], voter: voter() }, ip)).statusCode).toBe(200);
    const over = await vote(token, { idParticipation: ids(1)[0], voter: voter() }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await vote(token, { idParticipation: ids(1)[0], voter: voter() }, '10.8.8.9')).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(polls).where(eq(polls.token, token));
    expect(await t.ctx.db.select().from(pollVotes).where(eq(pollVotes.pollId, row!.id))).toHaveLength(POLL_VOTES_PER_WINDOW + 1);
  });
});
