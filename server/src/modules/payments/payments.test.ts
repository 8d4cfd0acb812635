import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONTEST_DURATION_MS, MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildOrganiser, buildPaidContest, buildPromoCode, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { setWinner } from '../participations/judging';
import { contests, ledgerEntries, ledgerOperations, notifications, payments, promoCodes, sandboxOperations } from '../../db/schema';
import { SANDBOX_PAYIN_TTL_MS, SANDBOX_TEST_CARDS } from '../../adapters/payments/sandbox';
import { balanceOf } from '../ledger/ledger';

const P = MESSAGES.payments;
const FORM = 'application/x-www-form-urlencoded';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Organiser = TestUser & { ownerId: string; payerId: string };

async function createContest(owner: TestUser, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/concours/create',
    headers: owner.headers,
    payload: { companyName: 'Boulangerie Martin', companySkills: 'Pains au levain', target: 'Familles', message: 'Un logo chaleureux.', idSubCategory: 1, cost: 30_000, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results.newConcours.id;
}

async function startPayIn(user: TestUser, idConcours: number, cardType = 'CB_VISA_MASTERCARD') {
  return t.app.inject({ method: 'POST', url: '/api/payment/create/web/payin', headers: user.headers, payload: { idConcours, cardType } });
}

/** The hosted page's path, from the redirect URL the API gave. */
/** The page's "Annuler" link: the page's address with /cancel before its query. */
function cancelPath(redirectUrl: string): string {
  const url = new URL(redirectUrl);
  return `${url.pathname}/cancel${url.search}`;
}

function pagePath(redirectUrl: string): string {
  const url = new URL(redirectUrl);
  expect(url.origin).toBe('http://localhost:3000');
  return url.pathname + url.search;
}

async function submitCard(path: string, card: { number: string; expiry?: string; cvc?: string }) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': FORM },
    payload: new URLSearchParams({ number: card.number, expiry: card.expiry ?? '12/39', cvc: card.cvc ?? '123' }).toString(),
  });
}

/** Follows the provider's redirect back to /confirmation and makes the call that page makes. */
async function confirmFromRedirect(user: TestUser, location: string) {
  const back = new URL(location);
  expect(back.pathname).toBe('/confirmation');
  return t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin${back.search}`, headers: user.headers });
}

async function contestRow(id: number) {
  const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, id));
  return row!;
}

async function listedIds(viewer: TestUser): Promise<number[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/concours/orderBy/any', headers: viewer.headers, payload: { pageSize: 50 } });
  return res.json().results.concours.map((c: { id: number }) => c.id);
}

describe('the sandbox payment flow, through HTTP', () => {
  let organiser: Organiser;
  let talent: TestUser;
  beforeAll(async () => {
    organiser = await buildOrganiser(t.ctx);
    talent = await buildUser(t.ctx);
  });

  it('publishes the contest once the test card is paid: open, end date = payment + 7 days, money in escrow', async () => {
    const id = await createContest(organiser);
    expect((await contestRow(id)).status).toBe(1);
    expect(await listedIds(talent)).not.toContain(id);

    const created = await startPayIn(organiser, id);
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body.message).toBe(P.redirect);
    expect(body.results).toMatchObject({ idConcours: id, amount: 30_000, purpose: 'contest', prizes: 1, discount: 0 });
    const path = pagePath(body.results.redirectUrl);
    expect(path).toMatch(new RegExp(`^/sandbox/payin/${body.results.transactionId}\\?secret=[\\w-]{32}$`));

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Créadéfi');
    expect(page.body).toMatch(/300\s€/);
    expect(page.body).toContain('Numéro de carte');
    expect(page.body).toContain('MM/AA');
    expect(page.body).toContain('>Payer<');
    expect(page.body).toContain('>Annuler<');
    expect(page.body).toContain(SANDBOX_TEST_CARDS.succeeds);
    expect(page.body).not.toMatch(/<script/i);

    t.clock.advance(60_000);
    const paidAt = t.clock.now();
    const paid = await submitCard(path, { number: SANDBOX_TEST_CARDS.succeeds });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:3000/confirmation?idConcours=${id}&transactionId=${body.results.transactionId}`);

    const confirmed = await confirmFromRedirect(organiser, paid.headers.location as string);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: P.confirmed, results: { idConcours: id, purpose: 'contest', finalised: false } });

    const row = await contestRow(id);
    expect(row.status).toBe(2);
    expect(row.prizesPaid).toBe(1);
    expect(row.paidAt!.getTime()).toBe(paidAt.getTime());
    expect(row.endDate!.getTime()).toBe(paidAt.getTime() + CONTEST_DURATION_MS);
    expect(await listedIds(talent)).toContain(id);
    expect(await balanceOf(t.ctx.db, `escrow:${id}`)).toBe(30_000);

    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.contestId, id));
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: 30_000, provider: 'sandbox', purpose: 'contest' });
    const entries = await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.operationKey, `payin:${payment!.id}`));
    expect(entries.map((e) => [e.accountCode, e.amountCents]).sort()).toEqual([
      [`escrow:${id}`, 30_000],
      ['world:payins', -30_000],
    ]);

    // The page now says the payment is done and only offers the way back.
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.body).toContain('Ce paiement a déjà été traité');
  });

  it('confirming twice changes nothing the second time', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    const paid = await submitCard(pagePath(created.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    expect((await confirmFromRedirect(organiser, paid.headers.location as string)).statusCode).toBe(200);
    const before = await contestRow(id);

    t.clock.advance(5_000);
    const second = await confirmFromRedirect(organiser, paid.headers.location as string);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: P.alreadyConfirmed, results: { idConcours: id, purpose: 'contest', finalised: false } });
    const after = await contestRow(id);
    expect(after.endDate).toEqual(before.endDate);
    expect(after.prizesPaid).toBe(1);
    expect(await balanceOf(t.ctx.db, `escrow:${id}`)).toBe(30_000);
    // Nothing left to pay afterwards.
    const more = await startPayIn(organiser, id);
    expect(more.statusCode).toBe(409);
    expect(more.json().message.message).toBe(P.nothingToPay);
  });

  it('a declined card answers 402: the contest stays awaiting payment and unlisted', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    const declined = await submitCard(pagePath(created.redirectUrl), { number: SANDBOX_TEST_CARDS.declined });
    expect(declined.statusCode).toBe(303);
    const res = await confirmFromRedirect(organiser, declined.headers.location as string);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: { message: P.failed, code: 402 } });
    expect((await contestRow(id)).status).toBe(1);
    expect(await listedIds(talent)).not.toContain(id);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.contestId, id));
    expect(payment!.status).toBe('failed');
    expect(await balanceOf(t.ctx.db, `escrow:${id}`)).toBe(0);

    // A new attempt opens a new pay-in, which can succeed.
    const retry = (await startPayIn(organiser, id)).json().results;
    expect(retry.transactionId).not.toBe(created.transactionId);
    const paid = await submitCard(pagePath(retry.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    expect((await confirmFromRedirect(organiser, paid.headers.location as string)).statusCode).toBe(200);
    expect((await contestRow(id)).status).toBe(2);
  });

  it('checks the card form in French and changes nothing while it is wrong', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    const path = pagePath(created.redirectUrl);
    const bad = await submitCard(path, { number: '4970 1010 0000 0153', expiry: '13/30', cvc: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Le numéro de carte n&#39;est pas valide.");
    expect(bad.body).toContain('La date d&#39;expiration doit être au format MM/AA.');
    expect(bad.body).toContain('Le cryptogramme doit contenir 3 chiffres.');
    const expiredCard = await submitCard(path, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '01/20' });
    expect(expiredCard.statusCode).toBe(400);
    expect(expiredCard.body).toContain('Cette carte est expirée.');
    const pending = await t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${id}&transactionId=${created.transactionId}`, headers: organiser.headers });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message.message).toBe(P.pending);
  });

  it('reopens the same pending pay-in on a second click instead of opening another', async () => {
    const id = await createContest(organiser);
    const first = (await startPayIn(organiser, id)).json().results;
    const second = (await startPayIn(organiser, id)).json().results;
    expect(second.transactionId).toBe(first.transactionId);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.contestId, id))).toHaveLength(1);
  });

  it('"Annuler" fails the pay-in and goes back to the site', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    const cancel = await t.app.inject({ method: 'GET', url: cancelPath(created.redirectUrl) });
    expect(cancel.statusCode).toBe(303);
    const res = await confirmFromRedirect(organiser, cancel.headers.location as string);
    expect(res.statusCode).toBe(402);
    expect((await contestRow(id)).status).toBe(1);
  });

  it('the pay-in’s id alone neither shows, pays nor cancels its page: the page’s own secret is needed', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    const bare = `/sandbox/payin/${created.transactionId}`;
    const wrong = `?secret=${'A'.repeat(32)}`;
    for (const url of [`${bare}/cancel`, `${bare}/cancel${wrong}`, `${bare}/cancel?secret=`, bare, `${bare}${wrong}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    const paid = await submitCard(`${bare}${wrong}`, { number: SANDBOX_TEST_CARDS.declined });
    expect(paid.statusCode).toBe(404);
    // Still payable through the page the provider gave the payer.
    const page = await t.app.inject({ method: 'GET', url: pagePath(created.redirectUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="${cancelPath(created.redirectUrl)}"`);
    const done = await submitCard(pagePath(created.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    expect((await confirmFromRedirect(organiser, done.headers.location as string)).statusCode).toBe(200);
    expect((await contestRow(id)).status).toBe(2);
  });

  it('the page expires 15 minutes after the pay-in was created, and the pay-in fails', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    const path = pagePath(created.redirectUrl);
    t.clock.advance(SANDBOX_PAYIN_TTL_MS - 1000);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    t.clock.advance(1000);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Cette page de paiement a expiré');
    expect(page.body).toContain(`transactionId=${created.transactionId}`);
    const late = await submitCard(path, { number: SANDBOX_TEST_CARDS.succeeds });
    expect(late.statusCode).toBe(410);
    const [op] = await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.id, created.transactionId));
    expect(op!.status).toBe('FAILED');
    const res = await t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${id}&transactionId=${created.transactionId}`, headers: organiser.headers });
    expect(res.statusCode).toBe(402);
    expect((await contestRow(id)).status).toBe(1);
  });

  it('expires a page never opened once the server asks the provider', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    t.clock.advance(SANDBOX_PAYIN_TTL_MS);
    const res = await t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${id}&transactionId=${created.transactionId}`, headers: organiser.headers });
    expect(res.statusCode).toBe(402);
    // A fresh attempt is offered a new page rather than the expired one.
    const retry = (await startPayIn(organiser, id)).json().results;
    expect(retry.transactionId).not.toBe(created.transactionId);
  });

  it("refuses someone else's pay-in, a pay-in of another contest and a forged id", async () => {
    const id = await createContest(organiser);
    const otherId = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    const paid = await submitCard(pagePath(created.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    const query = new URL(paid.headers.location as string).search;

    const stranger = await t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin${query}`, headers: talent.headers });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message.message).toBe(P.notYours);

    const wrongContest = await t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${otherId}&transactionId=${created.transactionId}`, headers: organiser.headers });
    expect(wrongContest.statusCode).toBe(403);

    const forged = await t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${id}&transactionId=pay_0000000000000000`, headers: organiser.headers });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message.message).toBe(P.unknownTransaction);

    const visitor = await t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin${query}` });
    expect(visitor.statusCode).toBe(401);

    expect((await contestRow(id)).status).toBe(1);
    expect((await contestRow(otherId)).status).toBe(1);
    // The rightful owner still confirms it.
    expect((await confirmFromRedirect(organiser, paid.headers.location as string)).statusCode).toBe(200);
  });

  it('refuses a pay-in whose amount at the provider differs from what was ordered', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    await t.ctx.db.update(sandboxOperations).set({ amountCents: 100 }).where(eq(sandboxOperations.id, created.transactionId));
    const paid = await submitCard(pagePath(created.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    const res = await confirmFromRedirect(organiser, paid.headers.location as string);
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(P.amountMismatch);
    expect((await contestRow(id)).status).toBe(1);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.contestId, id));
    expect(payment!.status).toBe('failed');
    expect(await t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `payin:${payment!.id}`))).toHaveLength(0);
    // Asking again gives the same refusal.
    expect((await confirmFromRedirect(organiser, paid.headers.location as string)).statusCode).toBe(400);
  });

  it('refuses a pay-in credited to another wallet', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    const other = await buildOrganiser(t.ctx);
    await t.ctx.db.update(sandboxOperations).set({ walletId: other.payerId }).where(eq(sandboxOperations.id, created.transactionId));
    const paid = await submitCard(pagePath(created.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    const res = await confirmFromRedirect(organiser, paid.headers.location as string);
    expect(res.statusCode).toBe(400);
    expect((await contestRow(id)).status).toBe(1);
  });

  it('refuses PAYLIB and unknown card types before anything reaches the provider', async () => {
    const id = await createContest(organiser);
    const before = await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.kind, 'payin'));
    for (const cardType of ['PAYLIB', 'BITCOIN']) {
      const res = await startPayIn(organiser, id, cardType);
      expect(res.statusCode).toBe(400);
      expect(res.json().message.message).toBe(P.cardTypeRefused);
    }
    const after = await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.kind, 'payin'));
    expect(after).toHaveLength(before.length);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.contestId, id))).toHaveLength(0);
  });

  it('lets only the owner pay, and only what is due', async () => {
    const id = await createContest(organiser);
    const other = await buildOrganiser(t.ctx);
    const res = await startPayIn(other, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe(MESSAGES.contests.notOwner);
    expect((await startPayIn(organiser, 999_999)).statusCode).toBe(404);
    const open = await buildContest(t.ctx, organiser, { status: 2, prizesPaid: 1, winnersCount: 1 });
    const nothing = await startPayIn(organiser, open.id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message.message).toBe(P.nothingToPay);
  });

  it('extra prizes: (winners − prizes paid) × cost, then prizes paid catches up without changing the status', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 3, costCents: 25_000, prizesPaid: 1, winnersCount: 3 });
    const created = await startPayIn(organiser, contest.id);
    expect(created.statusCode).toBe(200);
    expect(created.json().results).toMatchObject({ amount: 50_000, purpose: 'extra_prizes', prizes: 2, discount: 0 });
    const paid = await submitCard(pagePath(created.json().results.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    const res = await confirmFromRedirect(organiser, paid.headers.location as string);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(P.extraConfirmed);
    const row = await contestRow(contest.id);
    expect(row.prizesPaid).toBe(3);
    expect(row.status).toBe(3);
    expect(row.endDate).toEqual(contest.endDate);
    expect(await balanceOf(t.ctx.db, `escrow:${contest.id}`)).toBe(50_000);
    expect((await startPayIn(organiser, contest.id)).statusCode).toBe(409);
  });

  it('extra prizes for the winners chosen: the confirmation finalises the contest once and says so, also when asked again', async () => {
    const contest = await buildPaidContest(t.ctx, organiser, { costCents: 34_500 });
    const actor = { id: organiser.id, isAdmin: false };
    const winners = [];
    for (let i = 0; i < 2; i++) {
      const talent = await buildOrganiser(t.ctx);
      const id = await buildProposal(t.ctx, contest.id, talent);
      await setWinner(t.ctx, actor, { idParticipationWinner: id, idConcours: contest.id }, true);
      winners.push({ talent, id });
    }
    const created = await startPayIn(organiser, contest.id);
    expect(created.json().results).toMatchObject({ amount: 34_500, purpose: 'extra_prizes', prizes: 1 });
    const paid = await submitCard(pagePath(created.json().results.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    const location = paid.headers.location as string;
    const res = await confirmFromRedirect(organiser, location);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: P.extraConfirmedFinalised, results: { idConcours: contest.id, purpose: 'extra_prizes', finalised: true } });
    const row = await contestRow(contest.id);
    expect(row).toMatchObject({ status: 4, prizesPaid: 2, winnersCount: 2 });
    expect(row.finalisedAt).not.toBeNull();
    for (const w of winners) {
      const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, w.talent.id), eq(notifications.kind, 'chosen_winner')));
      expect(told).toHaveLength(1);
    }
    // The confirmation page reloaded: nothing happens twice, and it still says what was paid for.
    const again = await confirmFromRedirect(organiser, location);
    expect(again.json()).toEqual({ message: P.alreadyConfirmed, results: { idConcours: contest.id, purpose: 'extra_prizes', finalised: true } });
    expect(await balanceOf(t.ctx.db, `escrow:${contest.id}`)).toBe(2 * 34_500);
  });

  it('extra prizes for fewer winners than chosen by the time it is confirmed: paid, not finalised, the rest still due', async () => {
    const contest = await buildPaidContest(t.ctx, organiser, { costCents: 30_000 });
    const actor = { id: organiser.id, isAdmin: false };
    const choose = async () => setWinner(t.ctx, actor, { idParticipationWinner: await buildProposal(t.ctx, contest.id, await buildOrganiser(t.ctx)), idConcours: contest.id }, true);
    await choose();
    await choose();
    const created = await startPayIn(organiser, contest.id);
    // A third winner chosen in another tab while paying for the second.
    await choose();
    const paid = await submitCard(pagePath(created.json().results.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    const res = await confirmFromRedirect(organiser, paid.headers.location as string);
    expect(res.json()).toEqual({ message: P.extraConfirmed, results: { idConcours: contest.id, purpose: 'extra_prizes', finalised: false } });
    expect(await contestRow(contest.id)).toMatchObject({ status: 2, prizesPaid: 2 });
    expect((await startPayIn(organiser, contest.id)).json().results).toMatchObject({ amount: 30_000, prizes: 1 });
  });

  it('a promo code discounts the creation payment, its use is held from the opening, and the platform pays the difference into the organiser’s wallet', async () => {
    const promo = await buildPromoCode(t.ctx, { code: 'BIENVENUE20', percentOff: 20 });
    const id = await createContest(organiser, { promoCode: 'bienvenue20' });
    const created = (await startPayIn(organiser, id)).json().results;
    expect(created).toMatchObject({ amount: 24_000, discount: 6_000, prizes: 1 });
    const [before] = await t.ctx.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(before!.uses).toBe(1);
    const paid = await submitCard(pagePath(created.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    expect((await confirmFromRedirect(organiser, paid.headers.location as string)).statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(after!.uses).toBe(1);
    // The escrow holds the whole prize: the talent's gain never depends on the discount.
    expect(await balanceOf(t.ctx.db, `escrow:${id}`)).toBe(30_000);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.contestId, id));
    const amounts = async (key: string) =>
      Object.fromEntries((await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.operationKey, key))).map((e) => [e.accountCode, e.amountCents]));
    expect(await amounts(`payin:${payment!.id}`)).toEqual({ 'world:payins': -24_000, [`escrow:${id}`]: 24_000 });
    expect(await amounts(`promotion:${payment!.id}`)).toEqual({ [`escrow:${id}`]: 6_000, 'platform:promotions': -6_000 });
    const [promotion] = await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.idempotencyKey, `promotion-${payment!.id}-0`));
    expect(promotion).toMatchObject({ kind: 'transfer', creditedWalletId: organiser.payerId, amountCents: 6_000, status: 'SUCCEEDED' });
  });

  it('a promo code that lapsed before payment is removed, said so, and the next attempt pays the full price', async () => {
    await buildPromoCode(t.ctx, { code: 'ETE2025', amountOffCents: 5_000, percentOff: null, validUntil: new Date(t.clock.now().getTime() + 60_000) });
    const id = await createContest(organiser, { promoCode: 'ETE2025' });
    t.clock.advance(120_000);
    const lapsed = await startPayIn(organiser, id);
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json().message.message).toBe(P.promoExpired);
    const full = await startPayIn(organiser, id);
    expect(full.json().results).toMatchObject({ amount: 30_000, discount: 0 });
  });

  it('20 concurrent confirmations produce one ledger operation and one status change', async () => {
    const id = await createContest(organiser);
    const created = (await startPayIn(organiser, id)).json().results;
    const paid = await submitCard(pagePath(created.redirectUrl), { number: SANDBOX_TEST_CARDS.succeeds });
    const results = await Promise.all(Array.from({ length: 20 }, () => confirmFromRedirect(organiser, paid.headers.location as string)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const messages = results.map((r) => r.json().message);
    expect(messages.filter((m) => m === P.confirmed)).toHaveLength(1);
    expect(messages.filter((m) => m === P.alreadyConfirmed)).toHaveLength(19);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.contestId, id));
    expect(await t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `payin:${payment!.id}`))).toHaveLength(1);
    expect(await balanceOf(t.ctx.db, `escrow:${id}`)).toBe(30_000);
    const row = await contestRow(id);
    expect(row.status).toBe(2);
    expect(row.prizesPaid).toBe(1);
  });

  it('needs a signed-in owner with a payment account', async () => {
    const noAccount = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, noAccount, { status: 1, prizesPaid: 0, endDate: null, paidAt: null });
    const res = await startPayIn(noAccount, contest.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe(MESSAGES.contests.statusRequired);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/create/web/payin', payload: { idConcours: contest.id, cardType: 'CB_VISA_MASTERCARD' } })).statusCode).toBe(401);
    // No notification or ledger movement came out of any refusal.
    expect(await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, noAccount.id)))).toHaveLength(0);
  });
});
