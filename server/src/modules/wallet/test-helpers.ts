/** Talents with money in their wallet, and pay-outs the provider refused, for the tests of money. */
import { eq } from 'drizzle-orm';
import { gainCents } from '@creadefi/domain';
import type { TestApp } from '../../test/harness';
import { TEST_IBANS, buildFinalisedContest, buildLegalStatus, buildOrganiser, type TestUser } from '../../test/factories';
import { bankAccounts, participations, payouts } from '../../db/schema';
import { validateFinalFiles } from '../delivery/validate';

/** A talent whose validated prize sits in their wallet, with an IBAN saved at the provider. */
export async function paidTalentWithBank(t: TestApp, organiser?: TestUser) {
  const owner = organiser ?? (await buildOrganiser(t.ctx));
  const { contest, winners } = await buildFinalisedContest(t.ctx, owner, { winners: 1, contest: { companyName: 'Atelier Céramique' } });
  const w = winners[0]!;
  await t.ctx.db.update(participations).set({ finalSentAt: t.ctx.clock() }).where(eq(participations.id, w.participationId));
  await validateFinalFiles(t.ctx, owner, { idConcours: contest.id, idParticipation: w.participationId });
  await buildLegalStatus(t.ctx, w.user.id);
  const saved = await t.app.inject({ method: 'POST', url: '/api/user/bank-details', headers: w.user.headers, payload: { name: 'Hugo Bernard', iban: TEST_IBANS.valid } });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return { talent: w.user as TestUser & { ownerId: string }, gain: gainCents(contest.costCents) };
}

/**
 * A talent's transfer the provider refused — their bank account was unknown there for a
 * moment — so the pay-out failed and the money is back in the wallet; the account is known
 * again afterwards, so that a retry can pay.
 */
export async function failedPayout(t: TestApp, organiser?: TestUser) {
  const paid = await paidTalentWithBank(t, organiser);
  const [bank] = await t.ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, paid.talent.id));
  await t.ctx.db.update(bankAccounts).set({ providerBankAccountId: 'inconnu' }).where(eq(bankAccounts.id, bank!.id));
  const refused = await t.app.inject({ method: 'POST', url: '/api/wallet/transfer', headers: paid.talent.headers, payload: {} });
  if (refused.statusCode !== 502) throw new Error(refused.body);
  await t.ctx.db.update(bankAccounts).set({ providerBankAccountId: bank!.providerBankAccountId }).where(eq(bankAccounts.id, bank!.id));
  const [payout] = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, paid.talent.id));
  return { ...paid, payoutId: payout!.id, failureReason: payout!.failureReason };
}
