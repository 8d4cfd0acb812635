import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrganiser, buildPaidContest, buildUser, payDue, type TestUser } from '../../test/factories';
import { participations, talentStats, users } from '../../db/schema';
import { finaliseContest, setWinner } from '../participations/judging';
import { imageProposal, wonWork } from './test-helpers';

let t: TestApp;
let organiser: TestUser & { ownerId: string; payerId: string };
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx);
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const profile = async (pseudo: string) => (await get(`/api/talents/${encodeURIComponent(pseudo)}`)).json().results.talent;

describe('the public talent profile', () => {
  it('shows bio, categories, wins, stars, proposals, member since and the allowed portfolio — previews only', async () => {
    const talent = await buildOrganiser(t.ctx, { createdAt: new Date('2026-11-03T10:00:00Z') });
    const settings = await t.app.inject({ method: 'POST', url: '/api/user/talent-profile', headers: talent.headers, payload: { bio: 'Graphiste à Lyon.', categories: [1, 3], isPublic: true } });
    expect(settings.statusCode).toBe(200);
    const shown = await wonWork(t, organiser, talent, { portfolio: true, companyName: 'Fromagerie Alpine' });
    const hidden = await wonWork(t, organiser, talent, { companyName: 'Cave Secrète' });
    await t.ctx.db.update(participations).set({ stars: 5 }).where(eq(participations.id, shown.participationId));
    await t.ctx.db.update(participations).set({ stars: 4 }).where(eq(participations.id, hidden.participationId));

    const res = await get(`/api/talents/${talent.pseudo}`);
    expect(res.statusCode).toBe(200);
    const p = res.json().results.talent;
    expect(p).toMatchObject({ pseudo: talent.pseudo, bio: 'Graphiste à Lyon.', wins: 2, proposals: 2, averageStars: 4.5, ratedContests: 2, level: 'confirme', memberSince: '2026-11-03T10:00:00.000Z' });
    expect(p.categories).toEqual([
      { id: 1, name: 'Design' },
      { id: 3, name: 'Réseaux sociaux' },
    ]);
    // Only the work its organiser allowed, by its preview.
    expect(p.portfolio).toEqual([{ idParticipation: shown.participationId, companyName: 'Fromagerie Alpine', previewUrl: `/api/talents/${talent.pseudo}/portfolio/${shown.file.id}` }]);
    // Nothing private travels.
    expect(res.body).not.toContain(talent.email);
    expect(res.body).not.toContain('Cave Secrète');
    expect(Object.keys(p).sort()).toEqual(['avatarUrl', 'averageStars', 'bio', 'categories', 'level', 'memberSince', 'portfolio', 'proposals', 'pseudo', 'ratedContests', 'wins']);

    // The preview is served to a visitor, as an image; never the original nor the final file.
    const preview = await get(p.portfolio[0].previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(createHash('sha256').update(preview.rawPayload).digest('hex')).not.toBe(shown.file.sha256);
    expect((await get(`/api/talents/${talent.pseudo}/portfolio/${shown.finalFile.id}`)).statusCode).toBe(404);
    expect((await get(`/api/talents/${talent.pseudo}/portfolio/${hidden.file.id}`)).statusCode).toBe(404);
    // Not through another talent's profile either.
    const other = await buildUser(t.ctx);
    expect((await get(`/api/talents/${other.pseudo}/portfolio/${shown.file.id}`)).statusCode).toBe(404);
  });

  it('lets the organiser show or withdraw a validated work later, and nobody else', async () => {
    const talent = await buildOrganiser(t.ctx);
    const work = await wonWork(t, organiser, talent);
    expect((await profile(talent.pseudo)).portfolio).toEqual([]);
    const turn = (user: TestUser, shown: boolean) => t.app.inject({ method: 'POST', url: '/api/concours/winner/portfolio', headers: user.headers, payload: { idParticipation: work.participationId, shown } });
    expect((await turn(talent, true)).statusCode).toBe(403);
    expect((await turn(await buildUser(t.ctx), true)).statusCode).toBe(403);
    const on = await turn(organiser, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe('La création est montrée dans le portfolio du talent.');
    expect((await profile(talent.pseudo)).portfolio).toHaveLength(1);
    expect((await turn(organiser, false)).statusCode).toBe(200);
    expect((await profile(talent.pseudo)).portfolio).toEqual([]);
    expect((await get(`/api/talents/${talent.pseudo}/portfolio/${work.file.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/concours/winner/portfolio', headers: organiser.headers, payload: { idParticipation: work.participationId, shown: 'oui' } })).statusCode).toBe(400);
  });

  it('never shows a private contest’s won work nor its company, and refuses its switch in French', async () => {
    const talent = await buildOrganiser(t.ctx);
    const work = await wonWork(t, organiser, talent, { isPrivate: true, companyName: 'Secretco Confidentiel' });
    const turn = (shown: boolean) => t.app.inject({ method: 'POST', url: '/api/concours/winner/portfolio', headers: organiser.headers, payload: { idParticipation: work.participationId, shown } });
    const refused = await turn(true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message.message).toBe('Une création d’un concours privé n’est jamais montrée dans un portfolio public.');
    // Switching off stays possible, for a work shown before this rule.
    expect((await turn(false)).statusCode).toBe(200);

    // A switch already on (set before the rule) shows nothing either.
    await t.ctx.db.update(participations).set({ portfolioShown: true }).where(eq(participations.id, work.participationId));
    const res = await get(`/api/talents/${talent.pseudo}`);
    expect(res.json().results.talent.portfolio).toEqual([]);
    expect(res.body).not.toContain('Secretco');
    expect((await get(`/api/talents/${talent.pseudo}/portfolio/${work.file.id}`)).statusCode).toBe(404);
  });

  it('refuses the portfolio at the validation of a private contest’s final files, before any money moves', async () => {
    const talent = await buildOrganiser(t.ctx);
    await expect(wonWork(t, organiser, talent, { isPrivate: true, portfolio: true })).rejects.toThrow(/validation refused: 409 .*concours privé/);
  });

  it('refuses the portfolio to a proposal that did not win with validated files', async () => {
    const contest = await buildPaidContest(t.ctx, organiser);
    const proposal = await imageProposal(t, organiser, contest.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/concours/winner/portfolio', headers: organiser.headers, payload: { idParticipation: proposal.participationId, shown: true } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe('Seule une création gagnante dont les fichiers finaux sont validés peut être montrée.');
  });

  it('is 404 for a suspended member, a profile switched off, and an unknown pseudo', async () => {
    const suspended = await buildUser(t.ctx);
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect((await get(`/api/talents/${suspended.pseudo}`)).statusCode).toBe(404);
    const hidden = await buildUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/user/talent-profile', headers: hidden.headers, payload: { bio: '', categories: [], isPublic: false } });
    const res = await get(`/api/talents/${hidden.pseudo}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message.message).toBe("Ce profil n'existe pas ou n'est pas public.");
    expect((await get('/api/talents/personne_inconnue')).statusCode).toBe(404);
  });

  it('checks the settings: French messages for a long bio or an unknown category; a visitor has none', async () => {
    const user = await buildUser(t.ctx);
    const put = (payload: object) => t.app.inject({ method: 'POST', url: '/api/user/talent-profile', headers: user.headers, payload });
    const long = await put({ bio: 'a'.repeat(1001), categories: [], isPublic: true });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('La présentation ne peut pas dépasser 1000 caractères.');
    const unknown = await put({ bio: '', categories: [999], isPublic: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message.message).toBe('Cette catégorie n’existe pas.');
    expect((await put({ bio: 'x', categories: [1, 2, 3, 4, 5, 6, 7], isPublic: true })).statusCode).toBe(400);
    expect((await get('/api/user/talent-profile', user)).json().results.settings).toEqual({ pseudo: user.pseudo, bio: '', categories: [], isPublic: true, avatarUrl: null });
    expect((await get('/api/user/talent-profile')).statusCode).toBe(401);
  });
});

describe('the talent list', () => {
  it('pages public talents by wins, filtered by category and level', async () => {
    const star = await buildOrganiser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/user/talent-profile', headers: star.headers, payload: { bio: '', categories: [5], isPublic: true } });
    await wonWork(t, organiser, star);
    const beginner = await buildOrganiser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/user/talent-profile', headers: beginner.headers, payload: { bio: '', categories: [5], isPublic: true } });
    const open = await buildPaidContest(t.ctx, organiser);
    await imageProposal(t, organiser, open.id, beginner);

    const list = async (query: string) => (await get(`/api/talents?${query}`)).json().results;
    const writers = await list('category=5');
    expect(writers.talents.map((x: { pseudo: string }) => x.pseudo)).toEqual([star.pseudo, beginner.pseudo]);
    expect(writers.total).toBe(2);
    expect((await list('category=5&level=confirme')).talents.map((x: { pseudo: string }) => x.pseudo)).toEqual([star.pseudo]);
    expect((await list('category=5&level=debutant')).talents.map((x: { pseudo: string }) => x.pseudo)).toEqual([beginner.pseudo]);
    expect((await list('category=5&pageSize=1&page=2')).talents.map((x: { pseudo: string }) => x.pseudo)).toEqual([beginner.pseudo]);
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, beginner.id));
    expect((await list('category=5')).total).toBe(1);
    expect((await get('/api/talents?level=legende')).statusCode).toBe(400);
  });
});

describe('the reputation while judging runs', () => {
  const rate = (participationId: number, stars: number) => t.app.inject({ method: 'POST', url: '/api/participation/stars/update', headers: organiser.headers, payload: { idParticipation: participationId, stars } });
  const listed = async (pseudo: string) =>
    ((await get('/api/talents?category=7&pageSize=20')).json().results.talents as { pseudo: string }[]).find((x) => x.pseudo === pseudo);
  const finalise = async (contestId: number) => {
    if ((await finaliseContest(t.ctx, { id: organiser.id, isAdmin: false }, contestId)).kind === 'extraPrizesDue') await payDue(t.ctx, organiser, contestId);
  };

  it('counts stars and wins only once their contest is finalised, and says over how many contests', async () => {
    const talent = await buildOrganiser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/user/talent-profile', headers: talent.headers, payload: { bio: '', categories: [7], isPublic: true } });
    const first = await buildPaidContest(t.ctx, organiser);
    const judged = await imageProposal(t, organiser, first.id, talent);
    expect((await rate(judged.participationId, 1)).statusCode).toBe(200);
    await setWinner(t.ctx, { id: organiser.id, isAdmin: false }, { idParticipationWinner: judged.participationId, idConcours: first.id }, true);

    // While judging runs, neither the profile nor the list shows it.
    const during = { wins: 0, proposals: 1, averageStars: null, ratedContests: 0, level: 'debutant' };
    expect(await profile(talent.pseudo)).toMatchObject(during);
    expect(await listed(talent.pseudo)).toMatchObject(during);

    await finalise(first.id);
    const after = { wins: 1, averageStars: 1, ratedContests: 1, level: 'confirme' };
    expect(await profile(talent.pseudo)).toMatchObject(after);
    expect(await listed(talent.pseudo)).toMatchObject(after);

    // A second contest, rated 4 and won: its stars join the average once it is finalised.
    const second = await buildPaidContest(t.ctx, organiser);
    const next = await imageProposal(t, organiser, second.id, talent);
    await rate(next.participationId, 4);
    expect(await profile(talent.pseudo)).toMatchObject({ averageStars: 1, ratedContests: 1, proposals: 2 });
    await setWinner(t.ctx, { id: organiser.id, isAdmin: false }, { idParticipationWinner: next.participationId, idConcours: second.id }, true);
    await finalise(second.id);
    expect(await profile(talent.pseudo)).toMatchObject({ wins: 2, averageStars: 2.5, ratedContests: 2 });
    // A rating changed once finalised shows at once.
    await rate(next.participationId, 5);
    expect(await profile(talent.pseudo)).toMatchObject({ averageStars: 3, ratedContests: 2 });
    // The kept counters are what a recount of finalised contests finds.
    const recount = await t.ctx.db.execute(sql`
      select count(*) filter (where p.is_winner)::int as wins, count(*) filter (where p.stars > 0)::int as rated, coalesce(sum(p.stars), 0)::int as "starsSum"
      from participations p join contests c on c.id = p.contest_id and c.status in (4, 5)
      where p.user_id = ${talent.id} and p.is_participating and p.withdrawn_by_team_at is null`);
    const [kept] = await t.ctx.db.select({ wins: talentStats.wins, rated: talentStats.rated, starsSum: talentStats.starsSum }).from(talentStats).where(eq(talentStats.userId, talent.id));
    expect(kept).toEqual((recount as unknown as { rows: unknown[] }).rows[0]);
  });
});
