/**
 * Test factories (STYLE habit 6): rows created straight in the database so a test starts
 * from the state it needs. Flows themselves (sign-up, payment…) are tested through HTTP.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { createSession } from '../modules/auth/sessions';
import { hashPassword } from '../modules/auth/passwords';
import { pseudoKey } from '../modules/users/pseudo-key';
import type { OutboxEntry, OutboxMailer } from '../adapters/mail/outbox';

export interface TestUser {
  id: number;
  email: string;
  pseudo: string;
  token: string;
  /** Authorization header for `inject()`. */
  headers: { authorization: string };
}

export async function buildUser(
  ctx: AppContext,
  overrides: Partial<typeof users.$inferInsert> & { withProvider?: boolean } = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const { withProvider, ...fields } = overrides;
  const pseudo = fields.pseudo ?? `user_${suffix}`;
  const [row] = await ctx.db
    .insert(users)
    .values({
      email: `user-${suffix}@exemple.fr`,
      pseudo,
      pseudoKey: pseudoKey(pseudo),
      emailVerifiedAt: ctx.clock(),
      isFirstTime: false,
      ...(withProvider ? { ownerId: `owner-${suffix}`, payerId: `wallet-${suffix}` } : {}),
      ...fields,
    })
    .returning();
  const token = await createSession(ctx.db, row!.id, ctx.clock(), 30);
  return { id: row!.id, email: row!.email, pseudo: row!.pseudo, token, headers: { authorization: `Bearer ${token}` } };
}

/** A user who signs in with an e-mail and a password (hashed as the app does). */
export async function buildPasswordUser(
  ctx: AppContext,
  options: { password?: string; verified?: boolean } & Partial<typeof users.$inferInsert> = {},
): Promise<TestUser & { password: string }> {
  const { password = 'MotDePasse123!', verified = true, ...fields } = options;
  const user = await buildUser(ctx, { passwordHash: await hashPassword(password), emailVerifiedAt: verified ? ctx.clock() : null, ...fields });
  return { ...user, password };
}

/** Waits for a mail the app sends in the background (reset, resend) to reach the outbox. */
export async function waitForMail(outbox: OutboxMailer, match: (mail: OutboxEntry) => boolean, timeoutMs = 5000): Promise<OutboxEntry> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox.list()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no matching mail in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until no queued mail is left to send now: each has left, or waits for a retry.
 * A test then counts the outbox knowing nothing more is on its way.
 */
export async function mailsSent(queue: JobQueue, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await queue.findJobs(MAIL_QUEUE, { limit: 100_000 });
    const now = Date.now();
    if (!jobs.some((j) => j.state === 'active' || (j.state === 'created' || j.state === 'retry') && j.startAfter.getTime() <= now)) return;
    if (Date.now() > deadline) throw new Error('queued mails still unsent');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The token at the end of an e-mailed link (`…/verify/<token>`). */
export function tokenOf(link: string | null): string {
  const token = link?.split('/').pop();
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

// Contests ------------------------------------------------------------------------------
// (imports kept beside the factories that use them)
import { CONTEST_DURATION_MS, findSubCategory } from '@creadefi/domain';
import { contests as contestsTable } from '../db/schema';

export type ContestOverrides = Partial<typeof contestsTable.$inferInsert>;

/**
 * A contest inserted straight into the database (no payment flow). Defaults: open (2),
 * Logo (sub-category 1, format image), 300 €, one prize paid once past status 1.
 */
export async function buildContest(ctx: AppContext, owner: { id: number }, overrides: ContestOverrides = {}): Promise<typeof contestsTable.$inferSelect> {
  const subCategoryId = overrides.subCategoryId ?? 1;
  const sub = findSubCategory(subCategoryId);
  if (!sub) throw new Error(`unknown sub-category ${subCategoryId}`);
  const status = overrides.status ?? 2;
  const now = ctx.clock();
  const [row] = await ctx.db
    .insert(contestsTable)
    .values({
      ownerId: owner.id,
      categoryId: sub.idCategory,
      subCategoryId,
      status,
      companyName: `Société ${randomBytes(3).toString('hex')}`,
      companySkills: 'Boulangerie artisanale',
      target: 'Familles du quartier',
      message: 'Un logo chaleureux et moderne.',
      costCents: 30_000,
      paidAt: status >= 2 ? now : null,
      endDate: status >= 2 ? new Date(now.getTime() + CONTEST_DURATION_MS) : null,
      prizesPaid: status >= 2 ? 1 : 0,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  return row!;
}

// Payment accounts and promo codes ----------------------------------------------------------
import { eq as eqPayments } from 'drizzle-orm';
import { promoCodes, users as usersTable } from '../db/schema';
import type { StatutInput } from '@creadefi/domain';

/** A status form that passes every rule: statut 2 (French company) unless overridden. */
/** Overrides are raw payload fields, so tests can also send what the schema refuses. */
export function statutForm(overrides: { [K in keyof StatutInput]?: unknown } & Record<string, unknown> = {}): Record<string, unknown> {
  return {
    statut: 2,
    firstName: 'Claire',
    lastName: 'Martin',
    birthday: '1985-04-12',
    nationality: 'FR',
    socialReason: 'Boulangerie Martin SAS',
    legalStatus: 3,
    address: '12 rue des Lilas',
    zip: '69003',
    city: 'Lyon',
    country: 'FR',
    numSiret: '73282932000074',
    numTVA: 'FR44732829320',
    regimeTVA: false,
    statutBeneficiaire: 0,
    beneficiaires: [
      { firstName: 'Claire', lastName: 'Martin', nationality: 'FR', address: '12 rue des Lilas', zip: '69003', city: 'Lyon', country: 'FR', birthday: '1985-04-12', isGerant: true },
    ],
    certified: true,
    ...overrides,
  };
}

/**
 * A user with a real account and wallet at the configured payment provider (the sandbox in
 * tests), as the status form would have opened them.
 */
export async function buildOrganiser(ctx: AppContext, overrides: Partial<typeof usersTable.$inferInsert> = {}): Promise<TestUser & { ownerId: string; payerId: string }> {
  const user = await buildUser(ctx, overrides);
  const account = await ctx.payments.createAccount({
    kind: 'natural',
    person: {
      firstName: 'Claire',
      lastName: 'Martin',
      birthday: '1985-04-12',
      nationality: 'FR',
      countryOfResidence: 'FR',
      email: user.email,
      address: { addressLine1: '12 rue des Lilas', city: 'Lyon', postalCode: '69003', country: 'FR' },
    },
  });
  await ctx.db.update(usersTable).set({ ownerId: account.ownerId, payerId: account.walletId }).where(eqPayments(usersTable.id, user.id));
  return { ...user, ownerId: account.ownerId, payerId: account.walletId };
}

export async function buildPromoCode(ctx: AppContext, overrides: Partial<typeof promoCodes.$inferInsert> = {}): Promise<typeof promoCodes.$inferSelect> {
  const [row] = await ctx.db
    .insert(promoCodes)
    .values({ code: `PROMO${randomBytes(3).toString('hex').toUpperCase()}`, percentOff: 10, ...overrides })
    .returning();
  return row!;
}

// Delivery, messaging and wallet ------------------------------------------------------------
// Contests paid for real through the sandbox, so that the ledger and the provider's wallets
// hold the money a validation or a pay-out then moves.
import { and as andDelivery, eq as eqDelivery, sql as sqlDelivery } from 'drizzle-orm';
import { legalStatuses, participations as participationsTable } from '../db/schema';
import { SandboxPaymentProvider, SANDBOX_TEST_CARDS } from '../adapters/payments/sandbox';
import { confirmPayIn, createPayIn } from '../modules/payments/service';
import { finaliseContest, setWinner } from '../modules/participations/judging';
import { MAIL_QUEUE, type JobQueue } from '../jobs/queue';

/** Pays what is due on a contest (creation or extra prizes) with the sandbox's test card. */
export async function payDue(ctx: AppContext, organiser: { id: number }, contestId: number): Promise<void> {
  if (!(ctx.payments instanceof SandboxPaymentProvider)) throw new Error('payDue needs the sandbox provider');
  const payIn = await createPayIn(ctx, organiser.id, { idConcours: contestId, cardType: 'CB_VISA_MASTERCARD' });
  await ctx.payments.payWithCard(payIn.transactionId, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/39', cvc: '123' });
  await confirmPayIn(ctx, organiser.id, { idConcours: contestId, transactionId: payIn.transactionId });
}

/** An open contest (2) paid through the sandbox; the organiser needs a provider account (buildOrganiser). */
export async function buildPaidContest(ctx: AppContext, organiser: { id: number }, overrides: ContestOverrides = {}): Promise<typeof contestsTable.$inferSelect> {
  const contest = await buildContest(ctx, organiser, { ...overrides, status: 1 });
  await payDue(ctx, organiser, contest.id);
  const [row] = await ctx.db.select().from(contestsTable).where(eqDelivery(contestsTable.id, contest.id));
  return row!;
}

/** A proposal with content, as the participation flow leaves it (numbered, counted). */
export async function buildProposal(ctx: AppContext, contestId: number, talent: { id: number }): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    await tx.select({ id: contestsTable.id }).from(contestsTable).where(eqDelivery(contestsTable.id, contestId)).for('update');
    const [next] = await tx
      .select({ n: sqlDelivery<number>`coalesce(max(${participationsTable.number}), 0) + 1`.mapWith(Number) })
      .from(participationsTable)
      .where(andDelivery(eqDelivery(participationsTable.contestId, contestId), eqDelivery(participationsTable.isParticipating, true)));
    const [row] = await tx
      .insert(participationsTable)
      .values({ contestId, userId: talent.id, inputText: null, isParticipating: true, number: next!.n, commitmentAcceptedAt: now, submittedAt: now, createdAt: now, updatedAt: now })
      .returning({ id: participationsTable.id });
    await tx
      .update(contestsTable)
      .set({ participationsCount: sqlDelivery`${contestsTable.participationsCount} + 1`, proposalsUnrated: sqlDelivery`${contestsTable.proposalsUnrated} + 1` })
      .where(eqDelivery(contestsTable.id, contestId));
    return row!.id;
  });
}

export interface FinalisedContest {
  contest: typeof contestsTable.$inferSelect;
  winners: { user: TestUser & { ownerId: string; payerId: string }; participationId: number }[];
  others: { user: TestUser & { ownerId: string; payerId: string }; participationId: number }[];
}

/**
 * A contest finalised (4) through the real services: paid, proposals from talents with
 * provider accounts, `winners` of them chosen, extra prizes paid, then finalised.
 */
export async function buildFinalisedContest(
  ctx: AppContext,
  organiser: { id: number },
  options: { winners?: number; others?: number; contest?: ContestOverrides } = {},
): Promise<FinalisedContest> {
  const contest = await buildPaidContest(ctx, organiser, options.contest);
  const actor = { id: organiser.id, isAdmin: false };
  const entrants = async (n: number) => {
    const out: FinalisedContest['winners'] = [];
    for (let i = 0; i < n; i++) {
      const user = await buildOrganiser(ctx);
      out.push({ user, participationId: await buildProposal(ctx, contest.id, user) });
    }
    return out;
  };
  const winners = await entrants(options.winners ?? 1);
  const others = await entrants(options.others ?? 0);
  for (const w of winners) await setWinner(ctx, actor, { idParticipationWinner: w.participationId, idConcours: contest.id }, true);
  // Confirming the extra prizes' pay-in finalises the contest.
  if ((await finaliseContest(ctx, actor, contest.id)).kind === 'extraPrizesDue') await payDue(ctx, organiser, contest.id);
  const [row] = await ctx.db.select().from(contestsTable).where(eqDelivery(contestsTable.id, contest.id));
  if (row!.status !== 4) throw new Error('contest not finalised');
  return { contest: row!, winners, others };
}

/** The status form's saved address, without its provider call: enough to register an IBAN. */
export async function buildLegalStatus(ctx: AppContext, userId: number): Promise<void> {
  const now = ctx.clock();
  await ctx.db
    .insert(legalStatuses)
    .values({ userId, statut: 0, address: '12 rue des Lilas', zip: '69003', city: 'Lyon', country: 'FR', certifiedAt: now })
    .onConflictDoNothing();
}

/** IBANs with a valid key (and one with a wrong key) for bank-details tests. */
export const TEST_IBANS = { valid: 'FR7630006000011234567890189', wrongKey: 'FR7630006000011234567890188' } as const;
