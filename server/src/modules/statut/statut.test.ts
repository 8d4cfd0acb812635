import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildUser, statutForm, type TestUser } from '../../test/factories';
import { beneficiaries, sandboxOperations, users } from '../../db/schema';
import { ProviderRefusedError, ProviderUnavailableError, type AccountInput } from '../../adapters/payments/port';

const PR = MESSAGES.profile;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const save = (user: TestUser | null, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/user/add/statut/', headers: user?.headers ?? {}, payload: body });
const read = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/user/get/statut', headers: user.headers });

async function providerAccounts(ownerId: string) {
  return t.ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.kind, 'user'), eq(sandboxOperations.id, ownerId)));
}

describe('GET /api/user/get/statut and POST /api/user/add/statut/', () => {
  it('answers null before the first submission', async () => {
    const user = await buildUser(t.ctx);
    const res = await read(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: { statut: null } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/get/statut' })).statusCode).toBe(401);
    expect((await save(null, statutForm())).statusCode).toBe(401);
  });

  it('opens a business account and its wallet at the provider, and saves the form', async () => {
    const user = await buildUser(t.ctx, { socialReason: null });
    const res = await save(user, statutForm());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(PR.statusSaved);
    const saved = body.results.user;
    expect(saved.ownerId).toMatch(/^usr_/);
    expect(saved.payerId).toMatch(/^wlt_/);
    expect(saved.socialReason).toBe('Boulangerie Martin SAS');
    // The same shape as /api/user/me.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers });
    expect(me.statusCode).toBe(200);
    expect(saved).toEqual(me.json().results.user);

    const [account] = await providerAccounts(saved.ownerId);
    const input = account!.data as AccountInput;
    expect(input).toMatchObject({ kind: 'legal', legalPersonType: 'BUSINESS', name: 'Boulangerie Martin SAS', companyNumber: '73282932000074', email: user.email });
    expect(input.kind === 'legal' && input.representative).toMatchObject({ firstName: 'Claire', lastName: 'Martin', birthday: '1985-04-12', nationality: 'FR' });
    const [wallet] = await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.id, saved.payerId));
    expect(wallet).toMatchObject({ kind: 'wallet', ownerId: saved.ownerId });

    const statut = (await read(user)).json().results.statut;
    // The form as sent comes back, but for the certification box (a date now) and the owners' details.
    const { certified: _certified, beneficiaires: _owners, ...sent } = statutForm();
    expect(statut).toMatchObject({ ...sent, beneficiaires: [{ firstName: 'Claire', lastName: 'Martin', isGerant: true, birthday: '1985-04-12' }] });
    expect(statut.certifiedAt).toBe(t.clock.now().toISOString());
  });

  it('a second submission updates the same provider account, never opens another', async () => {
    const user = await buildUser(t.ctx);
    const first = (await save(user, statutForm())).json().results.user;
    const create = vi.spyOn(t.ctx.payments, 'createAccount');
    const res = await save(
      user,
      statutForm({
        statut: 1,
        socialReason: 'Claire Martin EI',
        legalStatus: null,
        numSiret: '852 491 120 00014',
        numTVA: null,
        regimeTVA: true,
        beneficiaires: [
          { firstName: 'Claire', lastName: 'Martin', nationality: 'FR', address: '3 quai Rambaud', zip: '69002', city: 'Lyon', country: 'FR', birthday: '1985-04-12', isGerant: true },
          { firstName: 'Paul', lastName: 'Martin', nationality: 'BE', address: '3 quai Rambaud', zip: '69002', city: 'Lyon', country: 'FR', birthday: '1983-01-30' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(create).not.toHaveBeenCalled();
    const second = res.json().results.user;
    expect([second.ownerId, second.payerId]).toEqual([first.ownerId, first.payerId]);
    expect(second.socialReason).toBe('Claire Martin EI');
    const [account] = await providerAccounts(first.ownerId);
    expect(account!.data).toMatchObject({ kind: 'legal', legalPersonType: 'SOLETRADER', name: 'Claire Martin EI', companyNumber: '85249112000014' });
    const statut = (await read(user)).json().results.statut;
    expect(statut).toMatchObject({ statut: 1, numSiret: '85249112000014', numTVA: null, regimeTVA: true, legalStatus: null });
    expect(statut.beneficiaires.map((b: { firstName: string }) => b.firstName)).toEqual(['Claire', 'Paul']);
    expect(await t.ctx.db.select().from(beneficiaries).where(eq(beneficiaries.userId, user.id))).toHaveLength(2);
  });

  it('gives a profile without a name the one of the form, and never overwrites a name', async () => {
    const nameless = await buildUser(t.ctx, { firstName: null, lastName: null });
    expect((await save(nameless, statutForm({ statut: 0, socialReason: null, legalStatus: null, numSiret: null, numTVA: null, beneficiaires: [] }))).statusCode).toBe(200);
    const [filled] = await t.ctx.db.select().from(users).where(eq(users.id, nameless.id));
    expect(filled).toMatchObject({ firstName: 'Claire', lastName: 'Martin' });

    const named = await buildUser(t.ctx, { firstName: 'Hugo', lastName: 'Bernard' });
    expect((await save(named, statutForm({ statut: 0, socialReason: null, legalStatus: null, numSiret: null, numTVA: null, beneficiaires: [] }))).statusCode).toBe(200);
    const [kept] = await t.ctx.db.select().from(users).where(eq(users.id, named.id));
    expect(kept).toMatchObject({ firstName: 'Hugo', lastName: 'Bernard' });
  });

  it('a private person is a natural user; the account keeps its nature afterwards', async () => {
    const user = await buildUser(t.ctx, { socialReason: 'Ancienne raison' });
    const res = await save(user, statutForm({ statut: 0, socialReason: null, legalStatus: null, numSiret: null, numTVA: null, beneficiaires: [] }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().results.user;
    expect(saved.socialReason).toBe('Ancienne raison');
    const [account] = await providerAccounts(saved.ownerId);
    expect(account!.data).toMatchObject({ kind: 'natural', person: { firstName: 'Claire', lastName: 'Martin', address: { city: 'Lyon', postalCode: '69003', country: 'FR' } } });
    expect((await read(user)).json().results.statut).toMatchObject({ statut: 0, beneficiaires: [], socialReason: null });

    const change = await save(user, statutForm());
    expect(change.statusCode).toBe(409);
    expect(change.json().message.message).toBe(PR.statutKindLocked);
    // A foreign company needs its country; with it, the statut 3 of a legal account is fine.
    const legal = await buildUser(t.ctx);
    await save(legal, statutForm());
    const abroad = await save(legal, statutForm({ statut: 3, countryCompany: 'be', numSiret: null, numTVA: 'BE0123456789' }));
    expect(abroad.statusCode, abroad.body).toBe(200);
    expect((await read(legal)).json().results.statut).toMatchObject({ statut: 3, countryCompany: 'BE' });
  });

  it('refuses a form that breaks the rules of docs/product.md §8, each with its French text', async () => {
    const user = await buildUser(t.ctx);
    const beneficiary = statutForm().beneficiaires as unknown[];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ certified: false }, 'certified', PR.certificationRequired],
      [{ numSiret: '73282932000075' }, 'numSiret', PR.siretInvalid],
      [{ numSiret: '1234' }, 'numSiret', PR.siretInvalid],
      [{ numTVA: 'FR00732829320' }, 'numTVA', PR.tvaInvalid],
      [{ numTVA: null }, 'numTVA', PR.tvaInvalid],
      [{ birthday: '1899-12-31' }, 'birthday', PR.birthdayInvalid],
      [{ birthday: '2999-01-01' }, 'birthday', PR.birthdayInvalid],
      [{ birthday: '0000-12-31' }, 'birthday', PR.birthdayInvalid],
      [{ birthday: '2010-05-01' }, 'birthday', PR.birthdayUnderage],
      [{ beneficiaires: [{ ...(beneficiary[0] as object), birthday: '0000-12-31' }] }, 'beneficiaires.0.birthday', PR.birthdayInvalid],
      [{ beneficiaires: [...beneficiary, ...beneficiary, ...beneficiary, ...beneficiary, ...beneficiary] }, 'beneficiaires', PR.tooManyBeneficiaries],
      [{ beneficiaires: [] }, 'beneficiaires', PR.beneficiaryRequired],
      [{ legalStatus: null }, 'legalStatus', PR.legalStatusRequired],
      [{ socialReason: '' }, 'socialReason', PR.socialReasonRequired],
      [{ statut: 3, countryCompany: null }, 'countryCompany', PR.countryInvalid],
      [{ zip: '6900' }, 'zip', PR.zipInvalid],
      [{ nationality: 'XX' }, 'nationality', PR.countryInvalid],
    ];
    for (const [change, field, text] of cases) {
      const res = await save(user, statutForm(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message.fields?.[field], JSON.stringify(change)).toBe(text);
    }
    // Exactly four beneficial owners (the person plus three) is the limit, not an error.
    const four = await save(user, statutForm({ beneficiaires: [...beneficiary, ...beneficiary, ...beneficiary, ...beneficiary] }));
    expect(four.statusCode, four.body).toBe(200);
    // A sole trader under the VAT franchise needs no VAT number.
    const franchise = await buildUser(t.ctx);
    expect((await save(franchise, statutForm({ statut: 1, legalStatus: null, numTVA: null, regimeTVA: true }))).statusCode).toBe(200);
  });

  it('refuses a talent under 18, saying so in French, and opens no payment account', async () => {
    const user = await buildUser(t.ctx);
    const res = await save(user, statutForm({ statut: 0, socialReason: null, legalStatus: null, numSiret: null, numTVA: null, beneficiaires: [], birthday: '2010-03-14' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual({ message: PR.birthdayUnderage, code: 400, fields: { birthday: PR.birthdayUnderage } });
    const [row] = await t.ctx.db.select({ ownerId: users.ownerId }).from(users).where(eq(users.id, user.id));
    expect(row!.ownerId).toBeNull();
    expect((await read(user)).json().results.statut).toBeNull();
  });

  it('writes the names as the profile does, particles in lower case, for the provider too', async () => {
    const user = await buildUser(t.ctx, { firstName: null, lastName: null });
    const owner = { firstName: 'paul', lastName: "D'ARTAGNAN", nationality: 'FR', address: '1 rue A', zip: '75002', city: 'Paris', country: 'FR', birthday: '1980-01-01' };
    const res = await save(user, statutForm({ firstName: '  JEAN ', lastName: 'De La Fontaine', beneficiaires: [owner] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.user).toMatchObject({ firstName: 'Jean', lastName: 'de La Fontaine' });
    const statut = (await read(user)).json().results.statut;
    expect(statut).toMatchObject({ firstName: 'Jean', lastName: 'de La Fontaine', beneficiaires: [{ firstName: 'Paul', lastName: "d'Artagnan" }] });
    const [account] = await providerAccounts(res.json().results.user.ownerId);
    expect((account!.data as AccountInput & { kind: 'legal' }).representative).toMatchObject({ firstName: 'Jean', lastName: 'de La Fontaine' });
  });

  it('answers 422 when the provider refuses and 503 when it is down, saving nothing', async () => {
    const user = await buildUser(t.ctx);
    vi.spyOn(t.ctx.payments, 'createAccount').mockRejectedValueOnce(new ProviderRefusedError('Birthday invalide'));
    const refused = await save(user, statutForm());
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: { message: PR.providerRefused, code: 422 } });

    vi.spyOn(t.ctx.payments, 'createAccount').mockRejectedValueOnce(new ProviderUnavailableError('timeout'));
    const down = await save(user, statutForm());
    expect(down.statusCode).toBe(503);
    expect(down.json().message.message).toBe(MESSAGES.payments.providerUnavailable);

    const [row] = await t.ctx.db.select({ ownerId: users.ownerId, payerId: users.payerId }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ ownerId: null, payerId: null });
    expect((await read(user)).json().results.statut).toBeNull();

    // An update refused by the provider keeps the previous form.
    vi.restoreAllMocks();
    expect((await save(user, statutForm())).statusCode).toBe(200);
    vi.spyOn(t.ctx.payments, 'updateAccount').mockRejectedValueOnce(new ProviderRefusedError('Name invalide'));
    expect((await save(user, statutForm({ socialReason: 'Autre nom SAS' }))).statusCode).toBe(422);
    expect((await read(user)).json().results.statut.socialReason).toBe('Boulangerie Martin SAS');
  });

  it('also answers on the path without the trailing slash', async () => {
    const user = await buildUser(t.ctx);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/add/statut', headers: user.headers, payload: statutForm() });
    expect(res.statusCode).toBe(200);
  });
});

describe('an account opened outside the form', () => {
  it('keeps its nature too: a natural account cannot be turned into a company', async () => {
    const user = await buildUser(t.ctx);
    const account = await t.ctx.payments.createAccount({
      kind: 'natural',
      person: { firstName: 'Hugo', lastName: 'Bernard', birthday: '1990-05-14', nationality: 'FR', countryOfResidence: 'FR', email: user.email, address: { addressLine1: '1 rue A', city: 'Paris', postalCode: '75002', country: 'FR' } },
    });
    await t.ctx.db.update(users).set({ ownerId: account.ownerId, payerId: account.walletId }).where(eq(users.id, user.id));
    const res = await save(user, statutForm());
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe(PR.statutKindLocked);
    const natural = await save(user, statutForm({ statut: 0, socialReason: null, legalStatus: null, numSiret: null, numTVA: null, beneficiaires: [] }));
    expect(natural.statusCode).toBe(200);
    expect(natural.json().results.user.ownerId).toBe(account.ownerId);
  });
});
