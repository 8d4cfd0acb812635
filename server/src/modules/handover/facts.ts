/**
 * What the handover documents state, read from the database: the two parties as their status
 * form declares them (a company by its name, SIRET and address; a person by their name and
 * address), the final files with their SHA-256, and the prize's three amounts exactly as the
 * ledger's entry `prize:<participationId>` holds them.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { countryName, type InvoiceSeller } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { contests, files, handovers, ledgerEntries, legalRepresentatives, legalStatuses, participations, subCategories, users } from '../../db/schema';
import { accounts } from '../ledger/ledger';

export interface Party {
  userId: number;
  /** A company (statut 1 to 3) or a person (statut 0, or no status form on record). */
  kind: 'company' | 'person';
  name: string;
  siret: string | null;
  vatNumber: string | null;
  address: string | null;
}

export interface HandoverFacts {
  participationId: number;
  contestId: number;
  companyName: string;
  subCategory: string;
  invoiceNumber: number;
  issuedAt: Date;
  organiser: Party;
  talent: Party;
  finalFiles: { filename: string; sha256: string }[];
  /** The ledger's own cents: gross = net + fee. */
  amounts: { grossCents: number; feeCents: number; netCents: number };
  /** Who sells the platform's service on the invoice (the server's configuration). */
  seller: InvoiceSeller;
}

const fullName = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ').trim();

async function loadParties(db: Db | Tx, ids: number[]): Promise<Map<number, Party>> {
  const rows = await db
    .select({
      id: users.id,
      pseudo: users.pseudo,
      firstName: users.firstName,
      lastName: users.lastName,
      statut: legalStatuses.statut,
      socialReason: legalStatuses.socialReason,
      siret: legalStatuses.numSiret,
      tva: legalStatuses.numTva,
      address: legalStatuses.address,
      zip: legalStatuses.zip,
      city: legalStatuses.city,
      country: legalStatuses.country,
      repFirst: legalRepresentatives.firstName,
      repLast: legalRepresentatives.lastName,
    })
    .from(users)
    .leftJoin(legalStatuses, eq(legalStatuses.userId, users.id))
    .leftJoin(legalRepresentatives, eq(legalRepresentatives.userId, users.id))
    .where(inArray(users.id, ids));
  const parties = new Map<number, Party>();
  for (const r of rows) {
    const person = fullName(r.repFirst, r.repLast) || fullName(r.firstName, r.lastName) || r.pseudo;
    const address = r.address ? `${r.address}, ${r.zip ?? ''} ${r.city ?? ''}, ${countryName(r.country ?? 'FR')}`.replace(/\s+/g, ' ') : null;
    const company = r.statut !== null && r.statut !== 0 && r.socialReason;
    parties.set(r.id, {
      userId: r.id,
      kind: company ? 'company' : 'person',
      name: company ? r.socialReason! : person,
      siret: company ? (r.siret ?? null) : null,
      vatNumber: r.tva ?? null,
      address,
    });
  }
  return parties;
}

/** Null when the participation has no handover yet. */
export async function loadHandoverFacts(db: Db | Tx, participationId: number, seller: InvoiceSeller): Promise<HandoverFacts | null> {
  const [row] = await db
    .select({
      participationId: participations.id,
      talentId: participations.userId,
      contestId: contests.id,
      organiserId: contests.ownerId,
      companyName: contests.companyName,
      subCategory: subCategories.title,
      invoiceNumber: handovers.invoiceNumber,
      issuedAt: handovers.issuedAt,
    })
    .from(handovers)
    .innerJoin(participations, eq(participations.id, handovers.participationId))
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .innerJoin(subCategories, eq(subCategories.id, contests.subCategoryId))
    .where(eq(handovers.participationId, participationId))
    .limit(1);
  if (!row) return null;
  const parties = await loadParties(db, [row.organiserId, row.talentId]);
  const finalFiles = await db
    .select({ filename: files.filename, sha256: files.sha256 })
    .from(files)
    .where(and(eq(files.participationId, participationId), eq(files.kind, 'final')))
    .orderBy(asc(files.id));
  const entries = await db.select({ account: ledgerEntries.accountCode, cents: ledgerEntries.amountCents }).from(ledgerEntries).where(eq(ledgerEntries.operationKey, prizeKey(participationId)));
  const cents = (account: string) => Number(entries.find((e) => e.account === account)?.cents ?? 0);
  return {
    participationId: row.participationId,
    contestId: row.contestId,
    companyName: row.companyName,
    subCategory: row.subCategory,
    invoiceNumber: row.invoiceNumber,
    issuedAt: row.issuedAt,
    organiser: parties.get(row.organiserId)!,
    talent: parties.get(row.talentId)!,
    finalFiles,
    amounts: { grossCents: -cents(accounts.escrow(row.contestId)), feeCents: cents(accounts.platformFees), netCents: cents(accounts.wallet(row.talentId)) },
    seller,
  };
}

/** The ledger operation of a validated prize (delivery/validate.ts). */
export const prizeKey = (participationId: number) => `prize:${participationId}`;
