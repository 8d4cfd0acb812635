/** What the payment tests do through the API as an organiser would: create a contest, open its pay-in. */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';
import type { TestUser } from '../../test/factories';

/** A logo contest created through the API, with a promo code typed or none. Returns its id. */
export async function createContestWithCode(t: TestApp, owner: TestUser, promoCode: string | null, cost = 30_000): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/concours/create',
    headers: owner.headers,
    payload: { companyName: 'Boulangerie Martin', companySkills: 'Pains au levain', target: 'Familles', message: 'Un logo chaleureux.', idSubCategory: 1, cost, promoCode },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results.newConcours.id;
}

export const startPayIn = (t: TestApp, user: TestUser, idConcours: number, cardType = 'CB_VISA_MASTERCARD') =>
  t.app.inject({ method: 'POST', url: '/api/payment/create/web/payin', headers: user.headers, payload: { idConcours, cardType } });
