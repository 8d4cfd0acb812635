/**
 * Stores the documents of the handovers that have none yet (docs/decisions/0013). It runs
 * after the validation's commit, right away for the delivery just validated, and as the
 * every-minute job `documents de cession`, which retries whatever failed until it is stored.
 *
 * Once per handover: a pass typesets the three PDFs (the same facts give the same bytes) and
 * writes them through the FileStore, then, in one transaction holding the handover's row lock
 * (SKIP LOCKED), records them, sets the prize's ledger metadata to their SHA-256 and marks the
 * handover stored. Two passes at once (the validation's and the job's, or two instances):
 * one records, the other finds the row taken or stored and removes what it wrote. A stored
 * handover is never taken again: its documents are immutable. A crash between a write and
 * the commit leaves a file the orphan sweep removes.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatInvoiceNumber } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { HANDOVER_DOCUMENT_KINDS, handoverDocuments, handovers, ledgerOperations, type HandoverDocumentKind } from '../../db/schema';
import { newStorageKey } from '../../adapters/files/port';
import { loadHandoverFacts, prizeKey } from './facts';
import { renderHandoverDocument } from './documents';

const BATCH = 50;
/** A handover document is a few pages of text; anything larger is a bug. */
const MAX_DOCUMENT_BYTES = 5_000_000;

/** The SHA-256 of each document, as the prize's ledger operation records them. */
export type HandoverHashes = Record<HandoverDocumentKind, string>;

/** Stores the pending handovers (only these participations' when given); returns how many it stored. */
export async function storeHandoverDocuments(ctx: AppContext, participationIds?: number[]): Promise<number> {
  let stored = 0;
  let firstError: unknown = null;
  let afterId = 0;
  for (;;) {
    const pending = await ctx.db
      .select({ id: handovers.participationId })
      .from(handovers)
      .where(and(isNull(handovers.storedAt), sql`${handovers.participationId} > ${afterId}`, participationIds ? inArray(handovers.participationId, participationIds) : undefined))
      .orderBy(asc(handovers.participationId))
      .limit(BATCH);
    for (const { id } of pending) {
      try {
        if (await storeOne(ctx, id)) stored++;
      } catch (error) {
        // This one waits for the next pass; the others go on.
        firstError ??= error;
      }
    }
    if (pending.length < BATCH) break;
    afterId = pending.at(-1)!.id;
  }
  if (firstError) throw firstError;
  return stored;
}

async function storeOne(ctx: AppContext, participationId: number): Promise<boolean> {
  const facts = await loadHandoverFacts(ctx.db, participationId, ctx.config.invoiceSeller);
  if (!facts) return false;
  // Typeset and written before the transaction: on PGlite a transaction holds the whole
  // database, and nothing else should wait for the PDFs.
  const written: { kind: HandoverDocumentKind; storageKey: string; sha256: string; sizeBytes: number }[] = [];
  try {
    for (const kind of HANDOVER_DOCUMENT_KINDS) {
      const bytes = await renderHandoverDocument(kind, facts);
      const storageKey = newStorageKey('h');
      const result = await ctx.files.write(storageKey, Readable.from([bytes]), { maxBytes: MAX_DOCUMENT_BYTES });
      written.push({ kind, storageKey, sha256: result.sha256, sizeBytes: result.size });
    }
    const recorded = await ctx.db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: handovers.participationId })
        .from(handovers)
        .where(and(eq(handovers.participationId, participationId), isNull(handovers.storedAt)))
        .for('no key update', { skipLocked: true });
      // Stored meanwhile, or being recorded by another pass right now: its documents stand.
      if (!open) return false;
      const now = ctx.clock();
      await tx.insert(handoverDocuments).values(written.map((w) => ({ participationId, ...w, createdAt: now })));
      const hashes = Object.fromEntries(written.map((w) => [w.kind, w.sha256])) as HandoverHashes;
      const metadata = { handover: { documents: hashes, invoiceNumber: formatInvoiceNumber(facts.invoiceNumber) } };
      await tx
        .update(ledgerOperations)
        .set({ metadata: sql`coalesce(${ledgerOperations.metadata}, '{}'::jsonb) || ${JSON.stringify(metadata)}::jsonb` })
        .where(eq(ledgerOperations.key, prizeKey(participationId)));
      await tx.update(handovers).set({ storedAt: now }).where(eq(handovers.participationId, participationId));
      return true;
    });
    if (!recorded) await removeAll(ctx, written);
    return recorded;
  } catch (error) {
    await removeAll(ctx, written);
    throw error;
  }
}

async function removeAll(ctx: AppContext, written: { storageKey: string }[]): Promise<void> {
  for (const w of written) await ctx.files.delete(w.storageKey);
}
