/**
 * Does the money balance? `checkLedger(db)` lists every violation of the ledger's rules
 * (empty when sound). It only reads, and is run by tests after every step of the money
 * property test and by `npm run ledger:check -w server` against a real database.
 *
 * The identity checked, on the balances of ledger_accounts (world:payins is negative: it
 * is the money that came in from cards):
 *
 *   −world:payins = Σ wallet:* + Σ escrow:* + platform:fees + platform:promotions + world:payouts
 *
 * i.e. everything paid in is still in a wallet, still held for a contest, kept by the
 * platform as fees (less what promotions cost it: platform:promotions is negative), or has
 * left through a pay-out. It follows from every operation summing to zero, so a break means
 * an operation was written around `post`, or an account nobody knows appeared.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface LedgerViolation {
  rule: 'unbalanced_operation' | 'empty_operation' | 'negative_wallet' | 'negative_escrow' | 'stale_balance' | 'unknown_account' | 'money_identity' | 'payins_mismatch' | 'payouts_mismatch';
  /** French, for the operator reading the script's output. */
  message: string;
}

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function checkLedger(db: Db): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];

  for (const r of await rows<{ key: string; total: string }>(
    db,
    sql`select operation_key as key, sum(amount_cents)::text as total from ledger_entries group by operation_key having sum(amount_cents) <> 0 order by operation_key`,
  )) {
    out.push({ rule: 'unbalanced_operation', message: `L'opération ${r.key} n'est pas équilibrée : ses écritures totalisent ${euros(Number(r.total))} au lieu de 0.` });
  }

  for (const r of await rows<{ key: string }>(
    db,
    sql`select o.key from ledger_operations o where not exists (select 1 from ledger_entries e where e.operation_key = o.key) order by o.key`,
  )) {
    out.push({ rule: 'empty_operation', message: `L'opération ${r.key} n'a aucune écriture.` });
  }

  for (const r of await rows<{ code: string; balance: string }>(
    db,
    sql`select code, balance_cents::text as balance from ledger_accounts where (code like 'wallet:%' or code like 'escrow:%') and balance_cents < 0 order by code`,
  )) {
    const wallet = r.code.startsWith('wallet:');
    out.push({
      rule: wallet ? 'negative_wallet' : 'negative_escrow',
      message: wallet
        ? `Le porte-monnaie ${r.code} est négatif (${euros(Number(r.balance))}).`
        : `Le séquestre ${r.code} est négatif (${euros(Number(r.balance))}) : plus de récompenses versées que de paiements reçus.`,
    });
  }

  for (const r of await rows<{ code: string; stored: string; replayed: string }>(
    db,
    sql`select a.code, a.balance_cents::text as stored, coalesce(sum(e.amount_cents), 0)::text as replayed
        from ledger_accounts a left join ledger_entries e on e.account_code = a.code
        group by a.code, a.balance_cents
        having a.balance_cents <> coalesce(sum(e.amount_cents), 0)
        order by a.code`,
  )) {
    out.push({ rule: 'stale_balance', message: `Le solde enregistré de ${r.code} (${euros(Number(r.stored))}) diffère de celui que donnent ses écritures (${euros(Number(r.replayed))}).` });
  }

  const totals = await rows<{ category: string; total: string }>(
    db,
    sql`select case
          when code like 'wallet:%' then 'wallets'
          when code like 'escrow:%' then 'escrow'
          when code in ('platform:fees', 'platform:promotions', 'world:payins', 'world:payouts') then code
          else 'unknown:' || code end as category,
        sum(balance_cents)::text as total
        from ledger_accounts group by 1`,
  );
  const total = (category: string) => Number(totals.find((t) => t.category === category)?.total ?? 0);
  for (const t of totals.filter((x) => x.category.startsWith('unknown:'))) {
    out.push({ rule: 'unknown_account', message: `Le compte ${t.category.slice('unknown:'.length)} n'entre dans aucune catégorie connue (${euros(Number(t.total))}).` });
  }
  const paidIn = -total('world:payins');
  const accountedFor = total('wallets') + total('escrow') + total('platform:fees') + total('platform:promotions') + total('world:payouts');
  if (paidIn !== accountedFor) {
    out.push({
      rule: 'money_identity',
      message:
        `L'argent reçu (${euros(paidIn)}) ne correspond pas à l'argent retrouvé (${euros(accountedFor)}) : ` +
        `porte-monnaie ${euros(total('wallets'))}, séquestres ${euros(total('escrow'))}, commissions ${euros(total('platform:fees'))}, ` +
        `promotions ${euros(total('platform:promotions'))}, virements sortis ${euros(total('world:payouts'))}.`,
    });
  }

  // The ledger against the records of what the provider was asked to do.
  const [payins] = await rows<{ total: string }>(db, sql`select coalesce(sum(amount_cents), 0)::text as total from payments where status = 'succeeded'`);
  if (Number(payins?.total ?? 0) !== paidIn) {
    out.push({ rule: 'payins_mismatch', message: `Les paiements réussis totalisent ${euros(Number(payins?.total ?? 0))} mais le grand livre en compte ${euros(paidIn)}.` });
  }
  const [outgoing] = await rows<{ total: string }>(db, sql`select coalesce(sum(amount_cents), 0)::text as total from payouts where status <> 'failed'`);
  if (Number(outgoing?.total ?? 0) !== total('world:payouts')) {
    out.push({
      rule: 'payouts_mismatch',
      message: `Les virements en cours ou effectués totalisent ${euros(Number(outgoing?.total ?? 0))} mais le grand livre en compte ${euros(total('world:payouts'))}.`,
    });
  }
  return out;
}
