/**
 * The append-only, double-entry ledger (docs/product.md §3). Every movement of money is one
 * operation with a unique key (`payin:12`, `prize:34`…) whose entries sum to zero; the key
 * makes an operation impossible to apply twice, even when two requests race. Balances are
 * kept in `ledger_accounts` in the same transaction and can be replayed from the entries.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerOperations } from '../../db/schema';

/** Account codes. World accounts mirror money entering or leaving the platform. */
export const accounts = {
  wallet: (userId: number) => `wallet:${userId}`,
  escrow: (contestId: number) => `escrow:${contestId}`,
  platformFees: 'platform:fees',
  /** Promo discounts: the platform pays the part of a prize the organiser did not. */
  platformPromotions: 'platform:promotions',
  worldPayins: 'world:payins',
  worldPayouts: 'world:payouts',
  /** Money given back to the cards that paid it (refunds of pay-ins). */
  worldRefunds: 'world:refunds',
} as const;

export interface LedgerEntry {
  account: string;
  /** Positive credits the account, negative debits it. */
  amountCents: number;
  /** Owner of a wallet account; read from `wallet:<id>` when absent. */
  userId?: number;
  /** Contest the movement belongs to; read from `escrow:<id>` when absent. */
  contestId?: number;
}

export interface LedgerOperation {
  key: string;
  kind: string;
  entries: LedgerEntry[];
}

export class UnbalancedOperationError extends Error {
  constructor(key: string, detail: string) {
    super(`Ledger operation ${key} refused: ${detail}`);
    this.name = 'UnbalancedOperationError';
  }
}

const ACCOUNT_CODE = /^(wallet|escrow):[1-9]\d*$|^(platform|world):[a-z_]+$/;

function idFrom(account: string, prefix: 'wallet' | 'escrow'): number | undefined {
  return account.startsWith(`${prefix}:`) ? Number(account.slice(prefix.length + 1)) : undefined;
}

function check(operation: LedgerOperation): void {
  const { key, entries } = operation;
  if (entries.length < 2) throw new UnbalancedOperationError(key, 'at least two entries are needed');
  const seen = new Set<string>();
  let sum = 0;
  for (const e of entries) {
    if (!ACCOUNT_CODE.test(e.account)) throw new UnbalancedOperationError(key, `unknown account ${e.account}`);
    if (!Number.isSafeInteger(e.amountCents) || e.amountCents === 0) throw new UnbalancedOperationError(key, `invalid amount ${e.amountCents} on ${e.account}`);
    if (seen.has(e.account)) throw new UnbalancedOperationError(key, `account ${e.account} appears twice`);
    seen.add(e.account);
    sum += e.amountCents;
  }
  if (sum !== 0) throw new UnbalancedOperationError(key, `entries sum to ${sum}, not 0`);
}

/**
 * Applies an operation inside the caller's transaction. Returns false, changing nothing,
 * when an operation with this key was already posted.
 */
export async function post(tx: Tx, operation: LedgerOperation): Promise<boolean> {
  check(operation);
  const inserted = await tx
    .insert(ledgerOperations)
    .values({ key: operation.key, kind: operation.kind })
    .onConflictDoNothing({ target: ledgerOperations.key })
    .returning({ key: ledgerOperations.key });
  if (inserted.length === 0) return false;

  // Accounts are locked in one order by every operation, so two operations touching the
  // same accounts wait for each other instead of deadlocking.
  const entries = [...operation.entries].sort((a, b) => (a.account < b.account ? -1 : 1));
  for (const e of entries) {
    await tx
      .insert(ledgerAccounts)
      .values({ code: e.account, userId: e.userId ?? idFrom(e.account, 'wallet') ?? null, balanceCents: e.amountCents })
      .onConflictDoUpdate({
        target: ledgerAccounts.code,
        set: { balanceCents: sql`${ledgerAccounts.balanceCents} + ${e.amountCents}`, updatedAt: sql`now()` },
      });
  }
  await tx.insert(ledgerEntries).values(
    entries.map((e) => ({
      operationKey: operation.key,
      accountCode: e.account,
      amountCents: e.amountCents,
      contestId: e.contestId ?? idFrom(e.account, 'escrow') ?? null,
    })),
  );
  return true;
}

/** Current balance of an account, 0 when it never moved. */
export async function balanceOf(db: Db | Tx, account: string): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.code, account)).limit(1);
  return row ? Number(row.balance) : 0;
}
