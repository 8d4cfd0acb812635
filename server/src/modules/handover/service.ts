/**
 * The handover as its two parties and the admins see it: the documents each may download and
 * the contract's acceptances. Only the organiser and the talent of the delivery accept, each
 * once: the acceptance is keyed by (participation, side), so a repeated or concurrent click
 * records one, with the time and the SHA-256 of the contract stored.
 */
import { and, eq } from 'drizzle-orm';
import {
  HANDOVER_DOCUMENT_READERS,
  MESSAGES,
  conflict,
  forbidden,
  handoverDocumentPath,
  notFound,
  HANDOVER_DOCUMENTS,
  type HandoverDocument,
  type HandoverDto,
  type HandoverRole,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contests, contractAcceptances, handoverDocuments, handovers, participations } from '../../db/schema';
import { documentFilename } from './documents';

const H = MESSAGES.handover;

interface Actor {
  id: number;
  isAdmin: boolean;
}

interface Seat {
  participationId: number;
  /** Null for an admin who is neither party. */
  role: HandoverRole | null;
  invoiceNumber: number;
  issuedAt: Date;
  storedAt: Date | null;
}

/** 404 without a handover, 403 for anyone but its parties and the admins. */
async function seatOf(db: Db, actor: Actor, participationId: number): Promise<Seat> {
  const [row] = await db
    .select({
      talentId: participations.userId,
      organiserId: contests.ownerId,
      invoiceNumber: handovers.invoiceNumber,
      issuedAt: handovers.issuedAt,
      storedAt: handovers.storedAt,
    })
    .from(participations)
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .leftJoin(handovers, eq(handovers.participationId, participations.id))
    .where(eq(participations.id, participationId))
    .limit(1);
  if (!row) throw notFound(MESSAGES.participations.notFound);
  const role: HandoverRole | null = actor.id === row.organiserId ? 'organiser' : actor.id === row.talentId ? 'talent' : null;
  if (!role && !actor.isAdmin) throw forbidden(H.partiesOnly);
  if (row.invoiceNumber === null || row.issuedAt === null) throw notFound(H.noHandover);
  return { participationId, role, invoiceNumber: row.invoiceNumber, issuedAt: row.issuedAt, storedAt: row.storedAt };
}

const mayRead = (seat: Seat, actor: Actor, kind: HandoverDocument) => actor.isAdmin || (seat.role !== null && HANDOVER_DOCUMENT_READERS[kind].includes(seat.role));

/** GET /participation/{id}/handover */
export async function getHandover(ctx: AppContext, actor: Actor, participationId: number): Promise<HandoverDto> {
  const seat = await seatOf(ctx.db, actor, participationId);
  const docs = await ctx.db.select({ kind: handoverDocuments.kind, sha256: handoverDocuments.sha256 }).from(handoverDocuments).where(eq(handoverDocuments.participationId, participationId));
  const accepted = await ctx.db.select().from(contractAcceptances).where(eq(contractAcceptances.participationId, participationId));
  const acceptance = (role: HandoverRole) => {
    const a = accepted.find((x) => x.role === role);
    return a ? { acceptedAt: a.acceptedAt.toISOString(), documentSha256: a.documentSha256 } : null;
  };
  const ready = seat.storedAt !== null;
  return {
    participationId,
    ready,
    issuedAt: seat.issuedAt.toISOString(),
    contractSha256: docs.find((d) => d.kind === 'contract')?.sha256 ?? null,
    documents: ready ? HANDOVER_DOCUMENTS.filter((kind) => mayRead(seat, actor, kind)).map((kind) => ({ kind, path: handoverDocumentPath(participationId, kind), filename: documentFilename(kind, { participationId, invoiceNumber: seat.invoiceNumber }) })) : [],
    acceptances: { organiser: acceptance('organiser'), talent: acceptance('talent') },
    viewerRole: seat.role,
  };
}

async function storedDocument(db: Db, seat: Seat, kind: HandoverDocument) {
  const [doc] = await db
    .select({ storageKey: handoverDocuments.storageKey, sha256: handoverDocuments.sha256 })
    .from(handoverDocuments)
    .where(and(eq(handoverDocuments.participationId, seat.participationId), eq(handoverDocuments.kind, kind)));
  if (!seat.storedAt || !doc) throw conflict(H.notReady);
  return doc;
}

/** POST /participation/{id}/contract/accept — the organiser or the talent, once each. */
export async function acceptContract(ctx: AppContext, actor: Actor, participationId: number): Promise<HandoverDto> {
  const seat = await seatOf(ctx.db, actor, participationId);
  // An admin reads the contract; only the parties bind themselves by it.
  if (!seat.role) throw forbidden(H.partiesOnly);
  const contract = await storedDocument(ctx.db, seat, 'contract');
  await ctx.db
    .insert(contractAcceptances)
    .values({ participationId, role: seat.role, userId: actor.id, documentSha256: contract.sha256, acceptedAt: ctx.clock() })
    .onConflictDoNothing();
  return getHandover(ctx, actor, participationId);
}

export interface DocumentDelivery {
  storageKey: string;
  filename: string;
  sha256: string;
}

/** GET /participation/{id}/handover/{kind}: the contract to both parties, each other document to its addressee, all to admins. */
export async function handoverDocumentFor(ctx: AppContext, actor: Actor, participationId: number, kind: HandoverDocument): Promise<DocumentDelivery> {
  const seat = await seatOf(ctx.db, actor, participationId);
  if (!mayRead(seat, actor, kind)) throw forbidden(H.notYours);
  const doc = await storedDocument(ctx.db, seat, kind);
  return { ...doc, filename: documentFilename(kind, { participationId, invoiceNumber: seat.invoiceNumber }) };
}
