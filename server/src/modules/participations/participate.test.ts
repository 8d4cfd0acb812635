import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SUB_CATEGORIES, TEXT_PROPOSAL_MAX } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { contests, notifications, participations } from '../../db/schema';
import { participate, participationOf, uploadProposal } from './test-helpers';
import { realPng } from '../files/test-helpers';

let t: TestApp;
let organiser: TestUser;
let talent: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  talent = await buildUser(t.ctx, { withProvider: true });
});
afterAll(() => t.close());

const TEXT_SUB_CATEGORY = SUB_CATEGORIES.find((s) => s.slug === 'slogan')!.id; // format 5

async function row(id: number) {
  const [p] = await t.ctx.db.select().from(participations).where(eq(participations.id, id));
  return p!;
}

describe('POST /api/concours/add/participation', () => {
  it('refuses visitors', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const res = await t.app.inject({ method: 'POST', url: '/api/concours/add/participation', payload: { idConcours: contest.id, commitment: true } });
    expect(res.statusCode).toBe(401);
  });

  it('needs the commitment checkbox', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const res = await t.app.inject({ method: 'POST', url: '/api/concours/add/participation', headers: talent.headers, payload: { idConcours: contest.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(MESSAGES.participations.commitmentRequired);
  });

  it('needs the invoicing status (ownerId and payerId)', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const newcomer = await buildUser(t.ctx);
    const res = await participate(t, newcomer, contest.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe(MESSAGES.participations.statusRequired);
  });

  it('refuses the organiser on their own contest', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const res = await participate(t, organiser, contest.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe('Vous ne pouvez pas participer à votre propre concours.');
  });

  it('refuses a contest that is not open', async () => {
    for (const status of [1, 3, 4, 5, -1]) {
      const contest = await buildContest(t.ctx, organiser, { status });
      const res = await participate(t, talent, contest.id);
      expect(res.statusCode, `status ${status}`).toBe(409);
      expect(res.json().message.message).toBe("Ce concours n'accepte plus de participations.");
    }
  });

  it('refuses an open contest whose end date has passed, before the job closes it', async () => {
    const contest = await buildContest(t.ctx, organiser, { endDate: new Date(t.clock.now().getTime() - 1000) });
    const res = await participate(t, talent, contest.id);
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 for an unknown contest', async () => {
    const res = await participate(t, talent, 999_999);
    expect(res.statusCode).toBe(404);
  });

  it('text format: a 1 200-word article fits; past the documented limit the field is named in French', async () => {
    const article = SUB_CATEGORIES.find((s) => s.slug === 'article-de-blog')!.id;
    const words = Array.from({ length: 1200 }, (_, i) => ['randonnée', 'Pyrénées', 'sentier', 'refuge', 'lac', 'débutant'][i % 6]).join(' ');
    expect(words.length).toBeGreaterThan(5000);
    const fits = await participate(t, await buildUser(t.ctx, { withProvider: true }), (await buildContest(t.ctx, organiser, { subCategoryId: article })).id, words);
    expect(fits.statusCode).toBe(200);
    expect((await row(fits.json().results.participation.id)).inputText).toBe(words);

    const tooLong = await participate(t, await buildUser(t.ctx, { withProvider: true }), (await buildContest(t.ctx, organiser, { subCategoryId: article })).id, 'a'.repeat(TEXT_PROPOSAL_MAX + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatchObject({ message: 'Votre proposition ne peut pas dépasser 20\u202f000 caractères.', fields: { inputText: 'Votre proposition ne peut pas dépasser 20\u202f000 caractères.' } });
  });

  it('text format: needs the text, counts the participation at once, numbers it and tells the organiser', async () => {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: TEXT_SUB_CATEGORY });
    const empty = await participate(t, talent, contest.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message.message).toBe('Merci d’écrire votre proposition avant de l’enregistrer.');

    const res = await participate(t, talent, contest.id, 'Le pain qui a du cœur');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.participations.added);
    const id = res.json().results.participation.id;
    const p = await row(id);
    expect(p).toMatchObject({ isParticipating: true, number: 1, inputText: 'Le pain qui a du cœur' });
    expect(p.commitmentAcceptedAt).not.toBeNull();
    const [c] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(c!.participationsCount).toBe(1);
    const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.participationId, id)));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'new_proposal', link: `/participations/${contest.id}` });

    const second = await participate(t, talent, contest.id, 'Encore');
    expect(second.statusCode).toBe(409);
    expect(second.json().message.message).toBe(MESSAGES.participations.alreadyParticipated);

    const other = await buildUser(t.ctx, { withProvider: true });
    const otherId = await participationOf(t, other, contest.id, 'Du pain, du vrai');
    expect((await row(otherId)).number).toBe(2);
  });

  it('file formats: refuse a text, count the participation with its first file', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const withText = await participate(t, talent, contest.id, 'Un texte');
    expect(withText.statusCode).toBe(400);
    expect(withText.json().message.message).toBe('Ce concours attend des fichiers, pas un texte.');

    const id = await participationOf(t, talent, contest.id);
    expect(await row(id)).toMatchObject({ isParticipating: false, number: null });
    // Closing the dialog and coming back gives the same, still empty, participation.
    expect(await participationOf(t, talent, contest.id)).toBe(id);

    const up = await uploadProposal(t, talent, id, { filename: 'logo.png', content: await realPng() });
    expect(up.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ isParticipating: true, number: 1 });
    const again = await participate(t, talent, contest.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message.message).toBe(MESSAGES.participations.alreadyParticipated);
  });

  it('completes the empty participation messaging created, keeping its id', async () => {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: TEXT_SUB_CATEGORY });
    const [empty] = await t.ctx.db.insert(participations).values({ contestId: contest.id, userId: talent.id }).returning();
    const id = await participationOf(t, talent, contest.id, 'Mon slogan');
    expect(id).toBe(empty!.id);
    expect(await row(id)).toMatchObject({ isParticipating: true, number: 1 });
  });

  it('a double click creates one participation with one number', async () => {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: TEXT_SUB_CATEGORY });
    const runner = await buildUser(t.ctx, { withProvider: true });
    const answers = await Promise.all([participate(t, runner, contest.id, 'Vite'), participate(t, runner, contest.id, 'Vite')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.ctx.db.select().from(participations).where(eq(participations.contestId, contest.id));
    expect(rows).toHaveLength(1);
    const [c] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(c!.participationsCount).toBe(1);
  });

  it('numbers concurrent participations of different talents without gaps or duplicates', async () => {
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: TEXT_SUB_CATEGORY });
    const talents = await Promise.all(Array.from({ length: 5 }, () => buildUser(t.ctx, { withProvider: true })));
    const answers = await Promise.all(talents.map((u, i) => participate(t, u, contest.id, `Slogan ${i}`)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await t.ctx.db.select().from(participations).where(eq(participations.contestId, contest.id));
    expect(rows.map((r) => r.number).sort()).toEqual([1, 2, 3, 4, 5]);
    const [c] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(c!.participationsCount).toBe(5);
  });
});
