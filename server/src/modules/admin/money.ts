/**
 * The admin area's « Argent » (docs/product.md §2): the ledger check and the platform's
 * balances, the pay-outs to follow and their retry, and disabling a promo code.
 *
 * The ledger check runs on demand, on each GET: it is a handful of aggregate queries over the
 * ledger, pay-ins, pay-outs and promo codes (check.ts), one pass each, no call outside the
 * database. Measured on the embedded PGlite of a 2-core machine: under 100 ms on the seeded
 * demo database, 170 to 390 ms with 25 000 ledger entries and 5 000 pay-ins (10 000
 * operations), growing linearly. A scheduled pass storing its last result would show an
 * answer up to one period old, just when an admin looks at money after an incident; it is
 * worth it only once the check takes seconds. The answer carries `durationMs` to tell. The
 * provider-side comparison (`checkProviderBalances`), one call to the provider per member,
 * stays in `npm run ledger:check`.
 */
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { conflict, maskIban, MESSAGES, notFound, type AdminMoneyDto, type AdminPayoutsPage, type AdminPayoutStatus, type PromoCodeDto } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bankAccounts, payouts, promoCodes, users } from '../../db/schema';
import { checkLedger } from '../ledger/check';
import { accounts } from '../ledger/ledger';
import { toPromoCodeDto } from '../payments/promo-codes';
import { retryFailedPayout, type RetryOutcome } from '../wallet/service';
import type { WarnLog } from '../payments/provider-errors';
import { recordAdminAction } from './audit';

const M = MESSAGES.admin.money;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** GET /admin/money */
export async function moneyOverview(ctx: AppContext): Promise<AdminMoneyDto> {
  const started = performance.now();
  const checkedAt = ctx.clock();
  const violations = await checkLedger(ctx.db);
  const durationMs = Math.round(performance.now() - started);

  const [totals, escrow, pending] = await Promise.all([
    rows<{ category: string; total: string }>(
      ctx.db,
      sql`select case when code like 'wallet:%' then 'wallets' when code like 'escrow:%' then 'escrow' else code end as category,
            coalesce(sum(balance_cents), 0)::text as total
          from ledger_accounts group by 1`,
    ),
    rows<{ status: number; contests: string; amount: string }>(
      ctx.db,
      sql`select c.status, count(*)::text as contests, sum(a.balance_cents)::text as amount
          from ledger_accounts a join contests c on a.code = 'escrow:' || c.id
          where a.balance_cents <> 0 group by c.status order by c.status`,
    ),
    rows<{ status: AdminPayoutStatus; n: string; amount: string }>(
      ctx.db,
      sql`select status, count(*)::text as n, coalesce(sum(amount_cents), 0)::text as amount from payouts where status in ('pending', 'failed') group by status`,
    ),
  ]);
  const total = (category: string) => Number(totals.find((t) => t.category === category)?.total ?? 0);
  const payoutsOf = (status: AdminPayoutStatus) => {
    const row = pending.find((p) => p.status === status);
    return { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
  };
  return {
    check: { ok: violations.length === 0, violations, checkedAt: checkedAt.toISOString(), durationMs },
    balances: {
      fees: total(accounts.platformFees),
      promotions: 0 - total(accounts.platformPromotions),
      escrow: {
        total: total('escrow'),
        byStatus: escrow.map((e) => ({ status: Number(e.status), contests: Number(e.contests), amount: Number(e.amount) })),
      },
      wallets: total('wallets'),
      payins: 0 - total(accounts.worldPayins),
      payouts: total(accounts.worldPayouts),
    },
    payouts: { pending: payoutsOf('pending'), failed: payoutsOf('failed') },
  };
}

/** GET /admin/payouts: pending and failed pay-outs (or one of the two), newest first. */
export async function listAdminPayouts(db: Db, query: { page: number; pageSize: number; status?: AdminPayoutStatus | undefined }): Promise<AdminPayoutsPage> {
  const where = query.status ? eq(payouts.status, query.status) : inArray(payouts.status, ['pending', 'failed']);
  const list = await db
    .select({ payout: payouts, pseudo: users.pseudo, iban: bankAccounts.iban })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ n: count() }).from(payouts).where(where);
  return {
    payouts: list.map(({ payout: p, pseudo, iban }) => ({
      id: p.id,
      status: p.status as AdminPayoutStatus,
      member: { id: p.userId, pseudo },
      amount: p.amountCents,
      iban: maskIban(iban),
      createdAt: p.createdAt.toISOString(),
      failureReason: p.failureReason,
      attempt: p.attempt,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.n ?? 0,
  };
}

/** POST /admin/payouts/:id/retry */
export function retryPayoutAsAdmin(ctx: AppContext, adminId: number, payoutId: number, reason: string, log?: WarnLog): Promise<RetryOutcome> {
  return retryFailedPayout(
    ctx,
    payoutId,
    (tx, failed, at) =>
      recordAdminAction(tx, {
        adminId,
        action: 'payout.retry',
        targetType: 'payout',
        targetId: failed.id,
        reason,
        details: { memberId: failed.userId, amount: failed.amountCents, attempt: failed.attempt + 1, previousFailure: failed.failureReason },
        at,
      }),
    log,
  );
}

/**
 * POST /admin/promo-codes/:id/disable. Only new uses are refused (promo-codes.ts): a pay-in
 * already holding one keeps its discount, and `uses` still counts it.
 */
export function disablePromoCode(ctx: AppContext, adminId: number, id: number, reason: string): Promise<PromoCodeDto> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!row) throw notFound(M.promoNotFound);
    if (row.disabledAt) throw conflict(M.promoAlreadyDisabled);
    const [disabled] = await tx
      .update(promoCodes)
      .set({ disabledAt: now })
      .where(eq(promoCodes.id, id))
      .returning();
    await recordAdminAction(tx, { adminId, action: 'promo_code.disable', targetType: 'promo_code', targetId: id, reason, details: { code: row.code, uses: row.uses }, at: now });
    return toPromoCodeDto(disabled!, now);
  });
}
