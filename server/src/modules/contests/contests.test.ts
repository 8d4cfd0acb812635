import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatEuros, MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildPromoCode, buildUser, type TestUser } from '../../test/factories';
import { contestOptions, contests, options, participations } from '../../db/schema';

const C = MESSAGES.contests;

let t: TestApp;
let organiser: TestUser;
let talent: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true, pseudo: `orga_${Date.now()}` });
  talent = await buildUser(t.ctx, { withProvider: true });
});
afterAll(() => t.close());

const brief = {
  companyName: 'Boulangerie Martin',
  companySkills: 'Pains au levain et viennoiseries',
  target: 'Familles du quartier',
  site: 'https://boulangerie-martin.fr',
  message: 'Nous voulons un logo chaleureux, artisanal et moderne.',
  cursorModern: 4,
  cursorYoung: 1,
  cursorFun: 3,
  cursorLuxury: 2,
};

function create(user: TestUser | null, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/concours/create', headers: user?.headers ?? {}, payload: { ...brief, idSubCategory: 1, cost: 24_000, step: 5, ...body } });
}

describe('POST /api/concours/create', () => {
  it('creates one contest for one key, however many times and at once it is sent', async () => {
    const owner = await buildUser(t.ctx, { withProvider: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(owner, { idempotencyKey: 'brief-boulangerie-1' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const ids = new Set(answers.map((a) => a.json().results.newConcours.id));
    expect(ids.size).toBe(1);
    expect(await t.ctx.db.select({ id: contests.id }).from(contests).where(eq(contests.ownerId, owner.id))).toEqual([{ id: [...ids][0] }]);
    // Another brief is another key, and another contest; the same key of someone else too.
    expect((await create(owner, { idempotencyKey: 'brief-boulangerie-2', cost: 30_000 })).json().results.newConcours.id).not.toBe([...ids][0]);
    expect((await create(organiser, { idempotencyKey: 'brief-boulangerie-1' })).json().results.newConcours.idConcoureur).toBe(organiser.id);
    expect(await t.ctx.db.select({ id: contests.id }).from(contests).where(eq(contests.ownerId, owner.id))).toHaveLength(2);
  });

  it('creates a contest awaiting payment with a snapshot of its options', async () => {
    const res = await create(organiser, { cost: 40_000, arrayOptions: [101, 104, 106], endDate: '2000-01-01' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(C.created);
    const c = body.results.newConcours;
    expect(c).toMatchObject({
      status: 1,
      cost: 40_000,
      gain: 32_000,
      endDate: null,
      idCategory: 1,
      idSubCategory: 1,
      idConcoureur: organiser.id,
      isOwner: true,
      hasParticipated: false,
      participations: 0,
      prizesPaid: 0,
      winners: 0,
      step: 5,
      ...brief,
      subCategory: { id: 1, name: 'Logo', format: 1, to: 'logo', categoryTo: 'design' },
      User: { id: organiser.id, pseudo: organiser.pseudo },
    });
    expect(c.arrayOptions.map((o: { id: number; prix: number }) => [o.id, o.prix])).toEqual([
      [101, 2500],
      [104, 5000],
      [106, 3000],
    ]);
    expect(c.subCategory.options.length).toBeGreaterThan(3);
    // The options on offer are the catalogue's, in its order.
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/subcategory/read/1', headers: organiser.headers });
    expect(c.subCategory.options).toEqual(catalogue.json().results.subCategories.options);
    const stored = await t.ctx.db.select().from(contestOptions).where(eq(contestOptions.contestId, c.id));
    expect(stored.map((o) => o.prixCents).sort()).toEqual([2500, 3000, 5000]);
    // The price chosen at order time stays, whatever the catalogue does later.
    await t.ctx.db.update(options).set({ prixCents: 9900 }).where(eq(options.id, 101));
    const read = await t.app.inject({ method: 'GET', url: `/api/concours/read/${c.id}`, headers: organiser.headers });
    expect(read.json().results.concours.arrayOptions[0]).toMatchObject({ id: 101, prix: 2500 });
    await t.ctx.db.update(options).set({ prixCents: 2500 }).where(eq(options.id, 101));
  });

  it('accepts a cost equal to the minimum (sub-category + options) and refuses one cent less', async () => {
    // Logo 240 € + 1 retouche 25 € + express 50 € + sources 30 € = 345 €.
    const chosen = { arrayOptions: [101, 104, 106] };
    expect((await create(organiser, { ...chosen, cost: 34_500 })).statusCode).toBe(201);
    const low = await create(organiser, { ...chosen, cost: 34_499 });
    expect(low.statusCode).toBe(400);
    expect(low.json().message.message).toBe(C.costTooLow(formatEuros(34_500)));
    expect(low.json().message.message).toMatch(/^Le prix du concours doit être d’au moins 345\s€\s!$/);
    expect((await create(organiser, { cost: 24_000 })).statusCode).toBe(201);
    expect((await create(organiser, { cost: 23_999 })).json().message.message).toBe(C.costTooLow(formatEuros(24_000)));
  });

  it('refuses two options of one exclusive family (retouche, livraison)', async () => {
    for (const pair of [
      [101, 102],
      [104, 105],
    ]) {
      const res = await create(organiser, { cost: 100_000, arrayOptions: pair });
      expect(res.statusCode).toBe(400);
      expect(res.json().message.message).toBe(C.exclusiveOptions);
    }
  });

  it('refuses options of another sub-category, unpaid ones, archived ones and unknown ones', async () => {
    await t.ctx.db.update(options).set({ archived: true }).where(eq(options.id, 108));
    for (const arrayOptions of [[201], [109], [112], [108], [999_999]]) {
      const res = await create(organiser, { cost: 100_000, arrayOptions });
      expect(res.statusCode, String(arrayOptions)).toBe(400);
      expect(res.json().message.message).toBe(C.unknownOption);
    }
    await t.ctx.db.update(options).set({ archived: false }).where(eq(options.id, 108));
  });

  it('needs an account and a wallet at the payment provider', async () => {
    for (const fields of [{}, { ownerId: 'owner-x' }, { payerId: 'wallet-x' }]) {
      const user = await buildUser(t.ctx, fields);
      const res = await create(user, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().message.message).toBe(C.statusRequired);
    }
    expect((await create(null, {})).statusCode).toBe(401);
  });

  it('refuses an unknown sub-category, a missing field and an unknown promo code', async () => {
    expect((await create(organiser, { idSubCategory: 999 })).json().message.message).toBe(C.unknownSubCategory);
    const missing = await create(organiser, { companyName: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message.message).toBe(C.briefRequired);
    const promo = await create(organiser, { promoCode: 'NEXISTEPAS' });
    expect(promo.statusCode).toBe(400);
    expect(promo.json().message.message).toBe(MESSAGES.payments.promoUnknown);
  });

  it('records a valid promo code, typed in any case, and refuses a used-up one', async () => {
    const promo = await buildPromoCode(t.ctx, { code: 'LANCEMENT', percentOff: 15 });
    const res = await create(organiser, { promoCode: ' lancement ' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, res.json().results.newConcours.id));
    expect(row!.promoCodeId).toBe(promo.id);
    await buildPromoCode(t.ctx, { code: 'EPUISE', percentOff: 10, maxUses: 2, uses: 2 });
    expect((await create(organiser, { promoCode: 'EPUISE' })).statusCode).toBe(400);
    await buildPromoCode(t.ctx, { code: 'PASSE', percentOff: 10, validUntil: new Date(t.clock.now().getTime() - 1000) });
    expect((await create(organiser, { promoCode: 'PASSE' })).statusCode).toBe(400);
  });
});

describe('GET /api/concours/read/:id', () => {
  it('shows an unpaid contest to its owner only', async () => {
    const unpaid = await buildContest(t.ctx, organiser, { status: 1, endDate: null, paidAt: null, prizesPaid: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/read/${unpaid.id}`, headers: organiser.headers })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: `/api/concours/read/${unpaid.id}`, headers: talent.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json().message.message).toBe(C.notFound);
    const cancelled = await buildContest(t.ctx, organiser, { status: -1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/read/${cancelled.id}`, headers: talent.headers })).statusCode).toBe(404);
  });

  it('shows a published contest to any signed-in user, with the organiser and whether the viewer took part', async () => {
    const open = await buildContest(t.ctx, organiser, { status: 3 });
    const before = (await t.app.inject({ method: 'GET', url: `/api/concours/read/${open.id}`, headers: talent.headers })).json().results.concours;
    expect(before).toMatchObject({ id: open.id, status: 3, isOwner: false, hasParticipated: false, User: { id: organiser.id, pseudo: organiser.pseudo }, idConcoureur: organiser.id });
    await t.ctx.db.insert(participations).values({ contestId: open.id, userId: talent.id, isParticipating: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/read/${open.id}`, headers: talent.headers })).json().results.concours.hasParticipated).toBe(false);
    await t.ctx.db.update(participations).set({ isParticipating: true }).where(eq(participations.contestId, open.id));
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/read/${open.id}`, headers: talent.headers })).json().results.concours.hasParticipated).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/read/${open.id}`, headers: organiser.headers })).json().results.concours.hasParticipated).toBe(false);
  });

  it('needs a signed-in viewer and answers 404 in French for an unknown id', async () => {
    const open = await buildContest(t.ctx, organiser);
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/read/${open.id}` })).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/concours/read/987654', headers: talent.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: { message: C.notFound, code: 404 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/concours/read/abc', headers: talent.headers })).statusCode).toBe(400);
  });
});

describe('POST /api/concours/update', () => {
  const update = (user: TestUser, idConcours: number, changes: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/concours/update', headers: user.headers, payload: { ...brief, idConcours, ...changes } });

  it('lets the owner change the brief while the winners are not final', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 3 });
    const res = await update(organiser, contest.id, { companyName: 'Boulangerie Martin & Fils', cursorFun: 5, site: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: C.updated });
    const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(row).toMatchObject({ companyName: 'Boulangerie Martin & Fils', cursorFun: 5, site: null, costCents: contest.costCents, status: 3 });
  });

  it('refuses anyone else, and everyone from finalisation on (status 4 and 5)', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const other = await update(talent, contest.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().message.message).toBe(C.notOwner);
    for (const status of [4, 5]) {
      const finalised = await buildContest(t.ctx, organiser, { status });
      const locked = await update(organiser, finalised.id, { companyName: 'Changé après coup' });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message.message).toBe(C.editLockedMessage);
      const [row] = await t.ctx.db.select({ companyName: contests.companyName }).from(contests).where(eq(contests.id, finalised.id));
      expect(row!.companyName).toBe(finalised.companyName);
    }
    expect((await update(organiser, 999_999)).statusCode).toBe(404);
  });
});
