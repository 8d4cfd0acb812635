import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrganiser, buildPaidContest, buildUser, mailsSent, type TestUser } from '../../test/factories';
import { pollVoteRequests, pollVotes, polls } from '../../db/schema';
import { participationOf } from '../participations/test-helpers';
import { imageProposal } from './test-helpers';
import { POLL_VOTES_PER_WINDOW } from './routes';
import { POLL_VOTE_LINK_TTL_MS } from './polls';

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
const vote = (token: string, payload: object, remoteAddress = freshIp(), member?: TestUser) =>
  t.app.inject({ method: 'POST', url: `/api/polls/${token}/vote`, payload, remoteAddress, headers: member?.headers ?? {} });
/** Follows a mailed link as its web page does. */
const confirm = (link: string) => t.app.inject({ method: 'POST', url: '/api/poll-votes/confirm', payload: { token: link.split('/').pop() } });
const linksTo = async (email: string) => (await t.outbox.list(1000)).filter((m) => m.to === email).map((m) => m.link!);
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

  it('counts a member’s vote as theirs, with an optional comment, and shows results to the organiser only', async () => {
    const token = await newPoll(3);
    const member = await buildUser(t.ctx);
    const first = await vote(token, { idParticipation: ids(1)[0], comment: '  La plus lisible.  ' }, freshIp(), member);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Merci, votre vote est enregistré\u00a0!', results: { pending: false } });
    const second = await vote(token, { idParticipation: ids(2)[1] }, freshIp(), member);
    expect(second.statusCode).toBe(409);
    expect(second.json().message.message).toBe('Vous avez déjà voté dans ce sondage.');
    expect((await vote(token, { idParticipation: ids(2)[1] }, freshIp(), await buildUser(t.ctx))).statusCode).toBe(200);
    expect((await vote(token, { idParticipation: proposals[8]!.participationId }, freshIp(), await buildUser(t.ctx))).statusCode).toBe(400);
    expect((await vote(token, { idParticipation: ids(1)[0], comment: 'x'.repeat(501) }, freshIp(), await buildUser(t.ctx))).statusCode).toBe(400);

    expect((await results(token)).statusCode).toBe(401);
    expect((await results(token, proposals[0]!.talent)).statusCode).toBe(403);
    expect((await results(token, await buildUser(t.ctx))).statusCode).toBe(403);
    const res = await results(token, organiser);
    expect(res.statusCode).toBe(200);
    const r = res.json().results.poll;
    expect(r.total).toBe(2);
    expect(r.refused).toBe(1);
    expect(r.counts).toEqual([
      { idParticipation: ids(3)[0], votes: 1 },
      { idParticipation: ids(3)[1], votes: 1 },
      { idParticipation: ids(3)[2], votes: 0 },
    ]);
    expect(r.comments).toEqual([expect.objectContaining({ idParticipation: ids(1)[0], comment: 'La plus lisible.' })]);
    const list = (await t.app.inject({ method: 'GET', url: `/api/concours/${contestId}/polls`, headers: organiser.headers })).json().results.polls;
    expect(list).toContainEqual(expect.objectContaining({ token, votes: 2 }));
  });

  it('counts none of 60 votes from 60 addresses whose voter the browser names', async () => {
    const token = await newPoll(2);
    const answers = await Promise.all(Array.from({ length: 60 }, () => vote(token, { idParticipation: ids(1)[0], voter: voter() })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(400));
    expect(answers[0]!.json().message.message).toBe('Saisissez votre adresse e-mail pour voter, ou connectez-vous.');
    expect((await results(token, organiser)).json().results.poll.total).toBe(0);
  });

  it('counts 60 votes from 60 addresses with one e-mail address once, however many links are followed', async () => {
    const token = await newPoll(2);
    const email = 'bourreur@example.com';
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => vote(token, { idParticipation: ids(1)[0], voter: voter(), email: i % 2 ? email : `  ${email.toUpperCase()} ` })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(200));
    expect(answers[0]!.json().results).toEqual({ pending: true });
    await mailsSent(t.ctx.queue);
    // The address gets its share of mails in an hour (as for every mail-sending request), no more.
    const links = await linksTo(email);
    expect(links).toHaveLength(5);
    const followed = await Promise.all(links.map(confirm));
    expect(followed.filter((f) => f.statusCode === 200)).toHaveLength(1);
    expect(followed.filter((f) => f.statusCode === 409).map((f) => f.json().message.message)).toEqual(Array(4).fill('Cette adresse e-mail a déjà voté dans ce sondage\u00a0: ce vote n’est pas compté.'));
    const r = (await results(token, organiser)).json().results.poll;
    expect(r.total).toBe(1);
    expect(r.refused).toBe(4);
  });

  it('counts one member voting 20 times at once once, and refuses them as a visitor with their address', async () => {
    const token = await newPoll(2);
    const member = await buildUser(t.ctx);
    const answers = await Promise.all(Array.from({ length: 20 }, () => vote(token, { idParticipation: ids(1)[0] }, '10.9.9.8', member)));
    expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.statusCode === 409)).toHaveLength(19);
    expect((await vote(token, { idParticipation: ids(2)[1], email: member.email })).statusCode).toBe(200);
    await mailsSent(t.ctx.queue);
    const [link] = await linksTo(member.email);
    expect((await confirm(link!)).statusCode).toBe(409);
    const r = (await results(token, organiser)).json().results.poll;
    expect(r.counts).toEqual([
      { idParticipation: ids(1)[0], votes: 1 },
      { idParticipation: ids(2)[1], votes: 0 },
    ]);
    expect(r.refused).toBe(20);
  });

  it('counts a visitor’s vote only once the mailed link is followed, and refuses the link followed again or too late', async () => {
    const token = await newPoll(2);
    const sent = await vote(token, { idParticipation: ids(2)[1], email: 'Camille@Example.com', comment: 'Belle idée' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Un lien de confirmation a été envoyé à camille@example.com\u00a0: votre vote comptera dès que vous l’aurez suivi.');
    expect((await vote(token, { idParticipation: ids(1)[0], email: 'dominique@example.com' })).statusCode).toBe(200);
    expect((await vote(token, { idParticipation: ids(1)[0] })).statusCode).toBe(400);
    await mailsSent(t.ctx.queue);
    expect((await results(token, organiser)).json().results.poll).toMatchObject({ total: 0, refused: 0 });

    const [mail] = (await t.outbox.list()).filter((m) => m.to === 'camille@example.com');
    expect(mail!.subject).toBe('Confirmez votre vote au sondage «\u00a0Maison Ardoise\u00a0»');
    expect(mail!.text).toMatch(/Ce lien est valable 48\sheures et ne sert qu’une fois\./);
    const link = mail!.link!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/vote-sondage\/[A-Za-z0-9_-]{43}$/);
    const followed = await confirm(link);
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ message: 'Merci, votre vote est enregistré\u00a0!', results: { pollToken: token } });
    // Only the hash of the link and of the address are kept.
    const stored = JSON.stringify(await t.ctx.db.select().from(pollVoteRequests)) + JSON.stringify(await t.ctx.db.select().from(pollVotes));
    expect(stored).not.toContain(link.split('/').pop());
    expect(stored.toLowerCase()).not.toContain('camille');

    const again = await confirm(link);
    expect(again.statusCode).toBe(409);
    expect(again.json().message.message).toBe('Ce lien de vote a déjà servi\u00a0: ce vote n’est pas compté une seconde fois.');
    expect((await t.app.inject({ method: 'POST', url: '/api/poll-votes/confirm', payload: { token: 'x'.repeat(43) } })).statusCode).toBe(400);

    // Dominique's link is never followed in time: refused, once, however often it is followed late.
    t.clock.advance(POLL_VOTE_LINK_TTL_MS + 1000);
    const [late] = await linksTo('dominique@example.com');
    const expired = await confirm(late!);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message.message).toBe('Ce lien de vote a expiré\u00a0: ce vote n’est pas compté. Vous pouvez voter à nouveau depuis le sondage.');
    expect((await confirm(late!)).statusCode).toBe(400);
    const r = (await results(token, organiser)).json().results.poll;
    expect(r.total).toBe(1);
    expect(r.counts).toEqual([
      { idParticipation: ids(1)[0], votes: 0 },
      { idParticipation: ids(2)[1], votes: 1 },
    ]);
    expect(r.comments).toEqual([expect.objectContaining({ comment: 'Belle idée' })]);
    expect(r.refused).toBe(2);
  });

  it('keeps counting votes cast with a browser token before voters were named by the server', async () => {
    const token = await newPoll(2);
    const [poll] = await t.ctx.db.select().from(polls).where(eq(polls.token, token));
    await t.ctx.db.insert(pollVotes).values({ pollId: poll!.id, participationId: ids(1)[0]!, voter: voter() });
    expect((await vote(token, { idParticipation: ids(2)[1] }, freshIp(), await buildUser(t.ctx))).statusCode).toBe(200);
    expect((await results(token, organiser)).json().results.poll).toMatchObject({ total: 2, refused: 0 });
  });

  it('limits members’ votes per address, and visitors’ vote requests as other requests that send mail', async () => {
    const token = await newPoll(2);
    const ip = '10.8.8.8';
    for (let i = 0; i < POLL_VOTES_PER_WINDOW; i++) expect((await vote(token, { idParticipation: ids(1)[0] }, ip, await buildUser(t.ctx))).statusCode).toBe(200);
    const over = await vote(token, { idParticipation: ids(1)[0] }, ip, await buildUser(t.ctx));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await vote(token, { idParticipation: ids(1)[0] }, '10.8.8.9', await buildUser(t.ctx))).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(polls).where(eq(polls.token, token));
    expect(await t.ctx.db.select().from(pollVotes).where(eq(pollVotes.pollId, row!.id))).toHaveLength(POLL_VOTES_PER_WINDOW + 1);

    const visitorIp = '10.8.8.10';
    for (let i = 0; i < t.ctx.config.AUTH_RATE_LIMIT; i++) expect((await vote(token, { idParticipation: ids(1)[0], email: `v${i}@example.com` }, visitorIp)).statusCode).toBe(200);
    const tooMany = await vote(token, { idParticipation: ids(1)[0], email: 'encore@example.com' }, visitorIp);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toBeDefined();
  });
});
