import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, optionsOf } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { options } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/subcategory/read/:id', () => {
  it('answers the sub-category with its options in catalogue order, prices in cents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subcategory/read/1' });
    expect(res.statusCode).toBe(200);
    const sub = res.json().results.subCategories;
    expect(sub).toMatchObject({ id: 1, idCategory: 1, title: 'Logo', name: 'Logo', to: 'logo', categoryTo: 'design', price: 24_000, format: 1, type: 'png' });
    expect(sub.image).toBe('/illustrations/design.svg');
    expect(sub.options).toEqual(optionsOf(1).map((o) => ({ id: o.id, nom: o.nom, prix: o.prixCents, isPayant: o.isPayant, isPrerequis: o.isPrerequis })));
  });

  it('leaves archived options out', async () => {
    await t.ctx.db.update(options).set({ archived: true }).where(eq(options.id, 4902));
    const sub = (await t.app.inject({ method: 'GET', url: '/api/subcategory/read/49' })).json().results.subCategories;
    expect(sub).toMatchObject({ title: 'Voix off', format: 3, type: null, price: 6_000 });
    expect(sub.options.map((o: { id: number }) => o.id)).not.toContain(4902);
    expect(sub.options).toHaveLength(optionsOf(49).length - 1);
  });

  it('answers 404 in French for an unknown sub-category, 400 for a malformed id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subcategory/read/55' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: { message: MESSAGES.contests.unknownSubCategory, code: 404 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/subcategory/read/logo' })).statusCode).toBe(400);
  });
});
