/**
 * docs/product.md §2 and §4: final files without an answer are validated by
 * themselves AUTO_VALIDATION_DELAY_MS (48 h) after the last one was sent, through the same
 * applyValidation as the organiser's button.
 *
 * Each batch first moves the prizes at the payment provider (idempotent, outside any
 * transaction — see delivery/prize-transfer.ts), then validates in one transaction the
 * contests it can lock with FOR UPDATE SKIP LOCKED, and their due winners: instances running
 * this at once share the work, and a contest whose files the organiser is validating right
 * now is left to them. One pass drains
 * everything that came due, including while the server was down.
 *
 * A delivery under an open dispute waits for the admin's decision (modules/disputes): it is
 * neither a candidate nor, once its row is locked, validated.
 */
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AppError, AUTO_VALIDATION_DELAY_MS, CONTEST_STATUS, MESSAGES } from '@creadefi/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { contests, disputes, participations } from '../db/schema';
import { applyValidation, type Validation } from '../modules/delivery/validate';
import { transferPrize } from '../modules/delivery/prize-transfer';
import { storeHandoverDocuments } from '../modules/handover/store';

const BATCH = 50;

const undisputed = sql`not exists (select 1 from ${disputes} where ${disputes.participationId} = ${participations.id} and ${disputes.status} = 'open')`;

function dueWhere(dueBefore: Date) {
  return and(
    eq(participations.isWinner, true),
    isNull(participations.finalValidatedAt),
    lte(participations.finalSentAt, dueBefore),
    eq(contests.status, CONTEST_STATUS.awaitingFinalFiles),
    undisputed,
  );
}

export function autoValidateFinalFiles(ctx: AppContext): Promise<number> {
  return validateDue(ctx, {});
}

/**
 * One contest's final files whose delay has passed, validated as the job does: what an admin
 * forces (modules/admin/contests.ts). `record` runs in each transaction that validated some,
 * with their participations. Returns how many were validated, 0 when none was due or the job
 * holds them right now.
 */
export function autoValidateContest(ctx: AppContext, contestId: number, record: (tx: Tx, participationIds: number[]) => Promise<void>): Promise<number> {
  return validateDue(ctx, { contestId, record });
}

async function validateDue(ctx: AppContext, only: { contestId?: number; record?: (tx: Tx, participationIds: number[]) => Promise<void> }): Promise<number> {
  let validated = 0;
  let afterId = 0;
  let firstError: unknown = null;
  const stored: number[] = [];
  for (;;) {
    const dueBefore = new Date(ctx.clock().getTime() - AUTO_VALIDATION_DELAY_MS);
    const candidates: Validation[] = await ctx.db
      .select({
        participationId: participations.id,
        talentId: participations.userId,
        contestId: contests.id,
        organiserId: contests.ownerId,
        costCents: contests.costCents,
        companyName: contests.companyName,
      })
      .from(participations)
      .innerJoin(contests, eq(contests.id, participations.contestId))
      .where(and(dueWhere(dueBefore), gt(participations.id, afterId), only.contestId === undefined ? undefined : eq(contests.id, only.contestId)))
      .orderBy(asc(participations.id))
      .limit(BATCH);
    if (candidates.length === 0) break;
    afterId = candidates.at(-1)!.participationId;

    const ready: Validation[] = [];
    for (const c of candidates) {
      try {
        await transferPrize(ctx, c);
        ready.push(c);
      } catch (error) {
        // Validated or taken away since it was read: nothing is due any more.
        if (error instanceof AppError && error.message === MESSAGES.messaging.deliveryChanged) continue;
        // This one waits for the next pass; the others go on.
        firstError ??= error;
      }
    }

    if (ready.length > 0) {
      const justValidated = await ctx.db.transaction(async (tx): Promise<number[]> => {
        const now = ctx.clock();
        const contestIds = [...new Set(ready.map((r) => r.contestId))].sort((a, b) => a - b);
        // Contests first, then participations: the lock order of every writer of both.
        const lockedContests = await tx
          .select({ id: contests.id })
          .from(contests)
          .where(and(inArray(contests.id, contestIds), eq(contests.status, CONTEST_STATUS.awaitingFinalFiles)))
          .orderBy(asc(contests.id))
          .for('update', { skipLocked: true });
        if (lockedContests.length === 0) return [];
        const rows = await tx
          .select({ id: participations.id })
          .from(participations)
          .where(
            and(
              inArray(participations.id, ready.map((r) => r.participationId)),
              inArray(participations.contestId, lockedContests.map((c) => c.id)),
              eq(participations.isWinner, true),
              isNull(participations.finalValidatedAt),
              lte(participations.finalSentAt, dueBefore),
            ),
          )
          .orderBy(asc(participations.id))
          // Waited for, not skipped: the contests' locks already keep other validators away, and
          // what else holds a winner's row does so for one statement (another pass marking the
          // prize transfer, a rating). Skipped, that row would wait for the next pass.
          .for('update');
        // Read again once locked: a dispute opened since the batch was chosen has committed by now.
        const disputed = rows.length === 0 ? [] : await tx.select({ id: disputes.participationId }).from(disputes).where(and(inArray(disputes.participationId, rows.map((r) => r.id)), eq(disputes.status, 'open')));
        const done: number[] = [];
        for (const { id } of rows) {
          if (disputed.some((d) => d.id === id)) continue;
          const v = ready.find((r) => r.participationId === id)!;
          try {
            // A savepoint per row: one that fails does not undo the others.
            await tx.transaction((sp) => applyValidation(sp, v, 'automatic', now));
            done.push(id);
          } catch (error) {
            firstError ??= error;
          }
        }
        if (done.length > 0) await only.record?.(tx, done);
        return done;
      });
      validated += justValidated.length;
      stored.push(...justValidated);
    }
    if (candidates.length < BATCH) break;
  }
  if (stored.length > 0) {
    // After the commit; what fails here the job `documents de cession` retries.
    await storeHandoverDocuments(ctx, stored).catch((error: unknown) => {
      firstError ??= error;
    });
  }
  // What could be validated was; the job runner logs what went wrong.
  if (firstError) throw firstError;
  return validated;
}
