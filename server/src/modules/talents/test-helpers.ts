/** Calls shared by the talent tests: a won work whose final files the organiser validated. */
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/harness';
import { buildOrganiser, buildPaidContest, payDue, type TestUser } from '../../test/factories';
import { files } from '../../db/schema';
import { fakePng, multipartBody, realPng } from '../files/test-helpers';
import { participationOf, uploadProposal } from '../participations/test-helpers';
import { finaliseContest, setWinner } from '../participations/judging';

/** A talent's proposal with an image, in an open contest of the organiser's. */
export async function imageProposal(t: TestApp, organiser: TestUser, contestId: number, talent?: TestUser) {
  const author = talent ?? (await buildOrganiser(t.ctx));
  const participationId = await participationOf(t, author, contestId);
  const upload = await uploadProposal(t, author, participationId, { filename: 'proposition.png', content: await realPng(640, 480), contentType: 'image/png' });
  if (upload.statusCode !== 200) throw new Error(`upload refused: ${upload.statusCode} ${upload.body}`);
  // Portfolios and polls show the marked preview, made in the background.
  await t.previewsDone();
  const [file] = await t.ctx.db.select().from(files).where(eq(files.participationId, participationId));
  return { talent: author, participationId, file: file! };
}

/** A won work, through the real flows: proposal with an image, winner, finalised, final file sent, validated. */
export async function wonWork(t: TestApp, organiser: TestUser, talent: TestUser, options: { portfolio?: boolean; companyName?: string; isPrivate?: boolean } = {}) {
  const contest = await buildPaidContest(t.ctx, organiser, { companyName: options.companyName ?? 'Boulangerie Lumière', isPrivate: options.isPrivate ?? false });
  if (contest.isPrivate) {
    const accepted = await t.app.inject({ method: 'POST', url: `/api/concours/${contest.id}/nda`, headers: talent.headers });
    if (accepted.statusCode !== 200) throw new Error(`agreement refused: ${accepted.statusCode} ${accepted.body}`);
  }
  const proposal = await imageProposal(t, organiser, contest.id, talent);
  const actor = { id: organiser.id, isAdmin: false };
  await setWinner(t.ctx, actor, { idParticipationWinner: proposal.participationId, idConcours: contest.id }, true);
  if ((await finaliseContest(t.ctx, actor, contest.id)).kind === 'extraPrizesDue') await payDue(t.ctx, organiser, contest.id);
  const body = multipartBody([{ name: 'idParticipation', value: String(proposal.participationId) }, { name: 'fileFinale', filename: 'final.png', content: fakePng(3000) }]);
  const sent = await t.app.inject({ method: 'POST', url: '/api/concours/participant/upload/finalFile', headers: { ...talent.headers, ...body.headers }, payload: body.payload });
  if (sent.statusCode !== 200) throw new Error(`final file refused: ${sent.statusCode} ${sent.body}`);
  const validated = await t.app.inject({
    method: 'POST',
    url: '/api/concours/winner/final',
    headers: organiser.headers,
    payload: { idConcours: contest.id, idParticipation: proposal.participationId, ...(options.portfolio === undefined ? {} : { portfolio: options.portfolio }) },
  });
  if (validated.statusCode !== 200) throw new Error(`validation refused: ${validated.statusCode} ${validated.body}`);
  const finals = await t.ctx.db.select().from(files).where(eq(files.participationId, proposal.participationId));
  return { contestId: contest.id, ...proposal, finalFile: finals.find((f) => f.kind === 'final')! };
}
