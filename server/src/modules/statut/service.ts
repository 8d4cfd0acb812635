/**
 * The invoicing status ("statut", docs/product.md §8). Accepting it opens — or updates — the
 * user's account and wallet at the payment provider, whose ids become `ownerId` and
 * `payerId` (docs/product.md §1), the two things needed to organise or take part.
 *
 * Beneficial owners are stored here only, not declared to the provider. At MangoPay a UBO
 * declaration is a KYC procedure of its own (a declaration, its UBOs, then a submission
 * that MangoPay reviews) required before a business's pay-outs, alongside identity
 * documents the form does not collect; running it belongs with that verification step.
 * `beneficiaries.provider_id` is there for it to record the declared UBOs.
 */
import { asc, eq } from 'drizzle-orm';
import { AppError, capitaliseName, MESSAGES, type PublicUser, type StatutDto, type StatutInput } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { beneficiaries, legalRepresentatives, legalStatuses, users } from '../../db/schema';
import { AccountKindLockedError, type AccountInput, type PersonIdentity, type ProviderAccount } from '../../adapters/payments/port';
import { getPublicUser } from '../users/service';
import { underClaim } from '../../db/claim';
import { rethrowProviderError, type WarnLog } from '../payments/provider-errors';

const P = MESSAGES.profile;

const compact = (v: string | null | undefined) => (v ? v.replace(/\s/g, '').toUpperCase() : null);

/** statut 0 is a person; 1 a sole trader; 2 and 3 companies (docs/product.md §8). */
function accountKind(statut: number): AccountInput['kind'] {
  return statut === 0 ? 'natural' : 'legal';
}

function toAccountInput(input: StatutInput, email: string): AccountInput {
  const address = { addressLine1: input.address, city: input.city, postalCode: input.zip, country: input.country };
  const person: PersonIdentity = {
    firstName: input.firstName,
    lastName: input.lastName,
    birthday: input.birthday,
    nationality: input.nationality,
    countryOfResidence: input.country,
    email,
    address,
  };
  if (input.statut === 0) return { kind: 'natural', person };
  return {
    kind: 'legal',
    legalPersonType: input.statut === 1 ? 'SOLETRADER' : 'BUSINESS',
    name: input.socialReason!,
    email,
    companyNumber: compact(input.numSiret),
    headquarters: { ...address, country: input.statut === 3 && input.countryCompany ? input.countryCompany : input.country },
    representative: person,
  };
}

/** GET /user/get/statut: null until the form was accepted once. */
export async function getStatut(ctx: AppContext, userId: number): Promise<StatutDto | null> {
  const [row] = await ctx.db
    .select({ status: legalStatuses, person: legalRepresentatives })
    .from(legalStatuses)
    .leftJoin(legalRepresentatives, eq(legalRepresentatives.userId, legalStatuses.userId))
    .where(eq(legalStatuses.userId, userId))
    .limit(1);
  if (!row) return null;
  const owners = await ctx.db.select().from(beneficiaries).where(eq(beneficiaries.userId, userId)).orderBy(asc(beneficiaries.position));
  const s = row.status;
  return {
    statut: s.statut,
    firstName: row.person?.firstName ?? '',
    lastName: row.person?.lastName ?? '',
    birthday: row.person?.birthday ?? '',
    nationality: row.person?.nationality ?? '',
    socialReason: s.socialReason,
    legalStatus: s.legalStatus,
    address: s.address,
    zip: s.zip,
    city: s.city,
    country: s.country,
    countryCompany: s.countryCompany,
    numSiret: s.numSiret,
    numTVA: s.numTva,
    regimeTVA: s.regimeTva,
    statutBeneficiaire: s.statutBeneficiaire,
    beneficiaires: owners.map((b) => ({
      firstName: b.firstName,
      lastName: b.lastName,
      nationality: b.nationality,
      address: b.address,
      zip: b.zip,
      city: b.city,
      country: b.country,
      birthday: b.birthday,
      isGerant: b.isGerant,
    })),
    certifiedAt: s.certifiedAt.toISOString(),
  };
}

/**
 * POST /user/add/statut/. The provider is called first, outside any transaction (it is a
 * remote service, and the built-in one shares the database); everything is then saved in
 * one transaction. A second submission updates the same provider account.
 */
export async function saveStatut(ctx: AppContext, userId: number, submitted: StatutInput, log?: WarnLog): Promise<PublicUser> {
  const input = withCapitalisedNames(submitted);
  // Two submissions at once (a double click, two tabs) take turns: the second finds the
  // account the first opened and updates it, instead of opening another.
  const claim = { holdSeconds: STATUT_CLAIM_SECONDS, waitMs: STATUT_WAIT_MS, busy: () => new AppError(409, P.statutSaving) };
  return underClaim(ctx.db, ctx.clock, `statut:${userId}`, claim, () => saveStatutNow(ctx, userId, input, log));
}

/**
 * Names are written as on the profile, for the provider as for the invoices: "JEAN DE LA
 * FONTAINE" is "Jean de La Fontaine".
 */
function withCapitalisedNames(input: StatutInput): StatutInput {
  const named = <T extends { firstName: string; lastName: string }>(p: T): T => ({ ...p, firstName: capitaliseName(p.firstName), lastName: capitaliseName(p.lastName) });
  return { ...named(input), beneficiaires: input.beneficiaires.map(named) };
}

/** How long a submission's turn holds if its server dies, and how long the next one waits. */
const STATUT_CLAIM_SECONDS = 60;
const STATUT_WAIT_MS = 20_000;

async function saveStatutNow(ctx: AppContext, userId: number, input: StatutInput, log?: WarnLog): Promise<PublicUser> {
  const [user] = await ctx.db
    .select({ email: users.email, ownerId: users.ownerId, payerId: users.payerId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError(404, MESSAGES.common.notFound);
  const [previous] = await ctx.db.select({ statut: legalStatuses.statut }).from(legalStatuses).where(eq(legalStatuses.userId, userId)).limit(1);

  const account = toAccountInput(input, user.email);
  let opened: ProviderAccount | null = null;
  try {
    if (user.ownerId && user.payerId) {
      // A provider never turns a person into a company: the account keeps its nature.
      if (previous && accountKind(previous.statut) !== account.kind) throw new AppError(409, P.statutKindLocked);
      await ctx.payments.updateAccount(user.ownerId, account);
    } else {
      opened = await ctx.payments.createAccount(account);
    }
  } catch (error) {
    // Also reached when the account was opened outside this form (demo accounts).
    if (error instanceof AccountKindLockedError) throw new AppError(409, P.statutKindLocked);
    rethrowProviderError(error, P.providerRefused, log);
  }

  const now = ctx.clock();
  const isCompany = input.statut >= 1;
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ ownerId: users.ownerId, payerId: users.payerId, socialReason: users.socialReason, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).for('update');
    let ids = { ownerId: current!.ownerId, payerId: current!.payerId };
    if (opened) {
      if (ids.ownerId && ids.payerId) {
        // Two first submissions raced: the account saved first stays, this one is left unused.
        log?.warn({ userId, kept: ids, unused: opened }, 'payment account opened twice for one user');
      } else {
        ids = { ownerId: opened.ownerId, payerId: opened.walletId };
      }
    }
    const status = {
      statut: input.statut,
      socialReason: isCompany ? (input.socialReason ?? null) : null,
      legalStatus: input.statut === 2 || input.statut === 3 ? (input.legalStatus ?? null) : null,
      address: input.address,
      zip: input.zip,
      city: input.city,
      country: input.country,
      countryCompany: input.statut === 3 ? (input.countryCompany ?? null) : null,
      numSiret: isCompany ? compact(input.numSiret) : null,
      numTva: isCompany ? compact(input.numTVA) : null,
      regimeTva: isCompany ? input.regimeTVA : false,
      statutBeneficiaire: isCompany ? (input.statutBeneficiaire ?? null) : null,
      certifiedAt: now,
      updatedAt: now,
    };
    await tx
      .insert(legalStatuses)
      .values({ userId, ...status, createdAt: now })
      .onConflictDoUpdate({ target: legalStatuses.userId, set: status });
    const person = { firstName: input.firstName, lastName: input.lastName, birthday: input.birthday, nationality: input.nationality, updatedAt: now };
    await tx
      .insert(legalRepresentatives)
      .values({ userId, ...person })
      .onConflictDoUpdate({ target: legalRepresentatives.userId, set: person });
    await tx.delete(beneficiaries).where(eq(beneficiaries.userId, userId));
    // A private person has no beneficial owners (the form empties the list for statut 0: docs/product.md §11).
    const owners = input.statut === 0 ? [] : input.beneficiaires;
    if (owners.length > 0) {
      await tx.insert(beneficiaries).values(owners.map((b, position) => ({ userId, position, ...b })));
    }
    await tx
      .update(users)
      // A profile without a name takes the one given here, so the member is not asked twice.
      .set({
        ownerId: ids.ownerId,
        payerId: ids.payerId,
        socialReason: isCompany ? (input.socialReason ?? null) : current!.socialReason,
        firstName: current!.firstName || input.firstName,
        lastName: current!.lastName || input.lastName,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  });
  return getPublicUser(ctx.db, userId);
}
