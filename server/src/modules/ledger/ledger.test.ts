import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser } from '../../test/factories';
import { ledgerAccounts, ledgerEntries, ledgerOperations } from '../../db/schema';
import { accounts, balanceOf, post, UnbalancedOperationError } from './ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ledger', () => {
  it('posts an operation whose entries sum to zero and keeps the balances', async () => {
    const organiser = await buildUser(t.ctx);
    const talent = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, organiser);
    const posted = await t.ctx.db.transaction((tx) =>
      post(tx, {
        key: `payin:test-${contest.id}`,
        kind: 'payin',
        entries: [
          { account: accounts.worldPayins, amountCents: -30_000 },
          { account: accounts.escrow(contest.id), amountCents: 30_000 },
        ],
      }),
    );
    expect(posted).toBe(true);
    await t.ctx.db.transaction((tx) =>
      post(tx, {
        key: `prize:test-${contest.id}`,
        kind: 'prize',
        entries: [
          { account: accounts.escrow(contest.id), amountCents: -30_000 },
          { account: accounts.wallet(talent.id), amountCents: 24_000 },
          { account: accounts.platformFees, amountCents: 6_000 },
        ],
      }),
    );
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(0);
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(24_000);
    expect(await balanceOf(t.ctx.db, accounts.platformFees)).toBe(6_000);
    expect(await balanceOf(t.ctx.db, 'wallet:999999')).toBe(0);
    const [wallet] = await t.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, accounts.wallet(talent.id)));
    expect(wallet!.userId).toBe(talent.id);
    const entries = await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.operationKey, `prize:test-${contest.id}`));
    expect(entries.find((e) => e.accountCode === accounts.escrow(contest.id))!.contestId).toBe(contest.id);
    // Every operation sums to zero, and balances replay from the entries.
    const sums = await t.ctx.db.execute(sql`select operation_key, sum(amount_cents)::bigint as total from ledger_entries group by operation_key having sum(amount_cents) <> 0`);
    expect((sums as unknown as { rows: unknown[] }).rows ?? sums).toHaveLength(0);
    const replay = await t.ctx.db.execute(
      sql`select a.code from ledger_accounts a left join (select account_code, sum(amount_cents) as s from ledger_entries group by account_code) e on e.account_code = a.code where a.balance_cents <> coalesce(e.s, 0)`,
    );
    expect((replay as unknown as { rows: unknown[] }).rows ?? replay).toHaveLength(0);
  });

  it('applies a key once: the second post changes nothing and says so', async () => {
    const user = await buildUser(t.ctx);
    const op = { key: `bonus:${user.id}`, kind: 'test', entries: [{ account: accounts.platformPromotions, amountCents: -500 }, { account: accounts.wallet(user.id), amountCents: 500 }] };
    expect(await t.ctx.db.transaction((tx) => post(tx, op))).toBe(true);
    expect(await t.ctx.db.transaction((tx) => post(tx, op))).toBe(false);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => t.ctx.db.transaction((tx) => post(tx, { ...op, key: `race:${user.id}` }))));
    expect(concurrent.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(t.ctx.db, accounts.wallet(user.id))).toBe(1000);
  });

  it('refuses unbalanced, empty, duplicated or malformed entries, writing nothing', async () => {
    const bad = [
      [{ account: accounts.worldPayins, amountCents: -100 }, { account: accounts.platformFees, amountCents: 99 }],
      [{ account: accounts.worldPayins, amountCents: 0 }, { account: accounts.platformFees, amountCents: 0 }],
      [{ account: accounts.platformFees, amountCents: 100 }],
      [{ account: accounts.platformFees, amountCents: 100 }, { account: accounts.platformFees, amountCents: -100 }],
      [{ account: 'wallet:abc', amountCents: 100 }, { account: accounts.platformFees, amountCents: -100 }],
      [{ account: accounts.platformFees, amountCents: 0.5 }, { account: accounts.worldPayins, amountCents: -0.5 }],
    ];
    for (const [i, entries] of bad.entries()) {
      await expect(t.ctx.db.transaction((tx) => post(tx, { key: `bad:${i}`, kind: 'test', entries }))).rejects.toBeInstanceOf(UnbalancedOperationError);
    }
    const ops = await t.ctx.db.select().from(ledgerOperations).where(sql`${ledgerOperations.key} like 'bad:%'`);
    expect(ops).toHaveLength(0);
  });
});
