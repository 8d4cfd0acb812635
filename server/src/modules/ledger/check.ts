/**
 * Does the money balance? `checkLedger(db)` lists every violation of the ledger's rules
 * (empty when sound). It only reads, and is run by tests after every step of the money
 * property test and by `npm run ledger:check -w server` against a real database.
 *
 * The identity checked, on the balances of ledger_accounts (world:payins is negative: it
 * is the money that came in from cards):
 *
 *   −world:payins = Σ wallet:* + Σ escrow:* + platform:fees + platform:promotions + world:payouts + world:refunds
 *
 * i.e. everything paid in is still in a wallet, still held for a contest, kept by the
 * platform as fees (less what promotions cost it: platform:promotions is negative), has
 * left through a pay-out, or was given back to the card that paid it. It follows from every operation summing to zero, so a break means
 * an operation was written around `post`, or an account nobody knows appeared.
 *
 * Per contest, the prizes credited and the refunds never exceed what was paid in for it plus
 * the promotion granted to it, and the organiser never gets back more than they paid; a contest receives at most one promotion, on its creation payment; a code is
 * never used beyond its limits; a closed contest holds nothing in escrow. `checkProviderBalances` then compares each member's wallet at
 * the payment provider with what the ledger says it holds.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../adapters/payments/port';

export interface LedgerViolation {
  rule:
    | 'unbalanced_operation'
    | 'empty_operation'
    | 'negative_wallet'
    | 'negative_escrow'
    | 'stale_balance'
    | 'unknown_account'
    | 'money_identity'
    | 'payins_mismatch'
    | 'payouts_mismatch'
    | 'refunds_mismatch'
    | 'refund_over_payment'
    | 'prizes_over_funding'
    | 'promotion_twice'
    | 'promotion_mismatch'
    | 'promotion_over_limit'
    | 'promo_uses_mismatch'
    | 'closed_contest_escrow'
    | 'provider_balance';
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
          when code in ('platform:fees', 'platform:promotions', 'world:payins', 'world:payouts', 'world:refunds') then code
          else 'unknown:' || code end as category,
        sum(balance_cents)::text as total
        from ledger_accounts group by 1`,
  );
  const total = (category: string) => Number(totals.find((t) => t.category === category)?.total ?? 0);
  for (const t of totals.filter((x) => x.category.startsWith('unknown:'))) {
    out.push({ rule: 'unknown_account', message: `Le compte ${t.category.slice('unknown:'.length)} n'entre dans aucune catégorie connue (${euros(Number(t.total))}).` });
  }
  const paidIn = -total('world:payins');
  const accountedFor = total('wallets') + total('escrow') + total('platform:fees') + total('platform:promotions') + total('world:payouts') + total('world:refunds');
  if (paidIn !== accountedFor) {
    out.push({
      rule: 'money_identity',
      message:
        `L'argent reçu (${euros(paidIn)}) ne correspond pas à l'argent retrouvé (${euros(accountedFor)}) : ` +
        `porte-monnaie ${euros(total('wallets'))}, séquestres ${euros(total('escrow'))}, commissions ${euros(total('platform:fees'))}, ` +
        `promotions ${euros(total('platform:promotions'))}, virements sortis ${euros(total('world:payouts'))}, remboursements ${euros(total('world:refunds'))}.`,
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
  const [refunded] = await rows<{ total: string }>(db, sql`select coalesce(sum(amount_cents), 0)::text as total from refunds where kind = 'payin' and status = 'succeeded'`);
  if (Number(refunded?.total ?? 0) !== total('world:refunds')) {
    out.push({
      rule: 'refunds_mismatch',
      message: `Les remboursements réussis totalisent ${euros(Number(refunded?.total ?? 0))} mais le grand livre en compte ${euros(total('world:refunds'))}.`,
    });
  }
  out.push(...(await checkPromotions(db)));
  out.push(...(await checkClosedContests(db)));
  return out;
}

/**
 * A closed, refunded or cancelled contest holds no money in escrow: what was paid for it went
 * back, and a pay-in that arrived after the close went back too. Only refunds decided and not
 * yet confirmed by the provider (pending) may still be there.
 */
async function checkClosedContests(db: Db): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  for (const r of await rows<{ contest: number; held: string; pending: string }>(
    db,
    sql`select c.id as contest, a.balance_cents::text as held,
               coalesce((select sum(r.amount_cents) from refunds r where r.contest_id = c.id and r.status = 'pending'), 0)::text as pending
        from contests c join ledger_accounts a on a.code = 'escrow:' || c.id
        where (c.status = -1 or c.refunded_at is not null) and a.balance_cents <> 0
        order by c.id`,
  )) {
    const held = Number(r.held);
    const pending = Number(r.pending);
    if (held === pending) continue;
    out.push({
      rule: 'closed_contest_escrow',
      message: `Le concours n°${r.contest} est clôturé mais son séquestre contient encore ${euros(held)}${pending > 0 ? `, dont ${euros(pending)} en cours de remboursement` : ''}.`,
    });
  }
  return out;
}

async function checkPromotions(db: Db): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  // Per contest: prizes credited, paid in, promotions granted (ledger), discounts of its pay-ins.
  for (const r of await rows<{ contest: number; credited: string; paid: string; promoted: string; discounts: string; granted: string; extra: string; refunded: string; returned: string }>(
    db,
    sql`with credited as (
          select e.contest_id, -sum(e.amount_cents) as total from ledger_entries e join ledger_operations o on o.key = e.operation_key
          where o.kind = 'prize' and e.account_code like 'escrow:%' group by e.contest_id),
        promoted as (
          select e.contest_id, -sum(e.amount_cents) as total, count(distinct e.operation_key) as n from ledger_entries e join ledger_operations o on o.key = e.operation_key
          where o.kind = 'promotion' and e.account_code = 'platform:promotions' group by e.contest_id),
        given_back as (
          select e.contest_id, -sum(e.amount_cents) filter (where o.kind = 'refund') as refunded, -sum(e.amount_cents) filter (where o.kind = 'promotion_return') as returned
          from ledger_entries e join ledger_operations o on o.key = e.operation_key
          where o.kind in ('refund', 'promotion_return') and e.account_code like 'escrow:%' group by e.contest_id),
        paid as (
          select contest_id, sum(amount_cents) as total, sum(discount_cents) as discounts,
                 count(*) filter (where discount_cents > 0 and purpose <> 'contest') as extra
          from payments where status = 'succeeded' group by contest_id)
        select c.id as contest, coalesce(cr.total, 0)::text as credited, coalesce(pa.total, 0)::text as paid, coalesce(pr.total, 0)::text as promoted,
               coalesce(pa.discounts, 0)::text as discounts, coalesce(pr.n, 0)::text as granted, coalesce(pa.extra, 0)::text as extra,
               coalesce(gb.refunded, 0)::text as refunded, coalesce(gb.returned, 0)::text as returned
        from contests c left join credited cr on cr.contest_id = c.id left join promoted pr on pr.contest_id = c.id left join paid pa on pa.contest_id = c.id
          left join given_back gb on gb.contest_id = c.id
        where cr.total is not null or pr.total is not null or gb.contest_id is not null
        order by c.id`,
  )) {
    const [credited, paid, promoted, discounts, refunded, returned] = [r.credited, r.paid, r.promoted, r.discounts, r.refunded, r.returned].map(Number) as [number, number, number, number, number, number];
    if (refunded > paid || returned > promoted) {
      out.push({
        rule: 'refund_over_payment',
        message: `Le concours n°${r.contest} a remboursé ${euros(refunded)} pour ${euros(paid)} payés, et rendu ${euros(returned)} de promotion pour ${euros(promoted)} accordés.`,
      });
    }
    if (credited + refunded + returned > paid + promoted) {
      out.push({
        rule: 'prizes_over_funding',
        message: `Le concours n°${r.contest} a versé ${euros(credited)} de récompenses pour ${euros(paid)} payés et ${euros(promoted)} de promotion.`,
      });
    }
    if (Number(r.granted) > 1 || Number(r.extra) > 0) {
      out.push({ rule: 'promotion_twice', message: `Le concours n°${r.contest} a reçu plus d'une promotion, ou une promotion sur un autre paiement que sa création.` });
    }
    if (promoted !== discounts) {
      out.push({
        rule: 'promotion_mismatch',
        message: `Le concours n°${r.contest} a reçu ${euros(promoted)} de promotion au grand livre, mais ses paiements accordent ${euros(discounts)} de réduction.`,
      });
    }
  }
  // Per code: the uses counted, the pay-ins holding one, and its limits.
  for (const r of await rows<{ code: string; uses: number; live: string; granted: string; max: number | null; late: string }>(
    db,
    sql`select pc.code, pc.uses, pc.max_uses as max,
               count(p.id) filter (where p.status <> 'failed')::text as live,
               count(p.id) filter (where p.status = 'succeeded')::text as granted,
               count(p.id) filter (where p.status = 'succeeded' and ((pc.valid_until is not null and p.created_at >= pc.valid_until) or (pc.valid_from is not null and p.created_at < pc.valid_from)))::text as late
        from promo_codes pc left join payments p on p.promo_code_id = pc.id
        group by pc.id order by pc.code`,
  )) {
    if ((r.max !== null && Number(r.granted) > r.max) || Number(r.late) > 0) {
      out.push({
        rule: 'promotion_over_limit',
        message: `Le code promo ${r.code} a été accordé ${r.granted} fois (limite : ${r.max ?? 'aucune'}), dont ${r.late} hors de sa période de validité.`,
      });
    }
    if (Number(r.uses) !== Number(r.live)) {
      out.push({ rule: 'promo_uses_mismatch', message: `Le code promo ${r.code} compte ${r.uses} utilisations, mais ${r.live} paiements en détiennent une.` });
    }
  }
  return out;
}

/**
 * Each member's wallet at the payment provider against the ledger: their own wallet account
 * plus the escrow of the contests they organise (the organiser's pay-ins and promotions sit
 * in their wallet until a prize leaves it). Money the provider holds that the ledger does not
 * yet know — a pay-in paid but not yet confirmed — is added; a pay-out recorded but not yet
 * made at the provider may still be there, a refund made but not yet posted already gone. `userIds` limits the check to some members.
 */
export async function checkProviderBalances(db: Db, provider: PaymentProvider, userIds?: number[]): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  const members = await rows<{ id: number; payer: string; expected: string; pending: string; refunding: string }>(
    db,
    sql`select u.id, u.payer_id as payer,
          (coalesce((select balance_cents from ledger_accounts where code = 'wallet:' || u.id), 0)
           + coalesce((select sum(a.balance_cents) from ledger_accounts a join contests c on a.code = 'escrow:' || c.id where c.owner_id = u.id), 0))::text as expected,
          coalesce((select sum(amount_cents) from payouts where user_id = u.id and status = 'pending'), 0)::text as pending,
          coalesce((select sum(r.amount_cents) from refunds r join contests c on c.id = r.contest_id where c.owner_id = u.id and r.status = 'pending'), 0)::text as refunding
        from users u where u.payer_id is not null order by u.id`,
  );
  const wanted = userIds ? new Set(userIds) : null;
  for (const m of members) {
    if (wanted && !wanted.has(m.id)) continue;
    let expected = Number(m.expected);
    const unsettled = await rows<{ payin: string; amount: number }>(
      db,
      sql`select provider_payin_id as payin, amount_cents as amount from payments
          where user_id = ${m.id} and provider = ${provider.name} and redirect_url is not null and (status = 'created' or failure_reason = 'amount_mismatch')`,
    );
    for (const p of unsettled) if ((await provider.getPayIn(p.payin))?.status === 'SUCCEEDED') expected += Number(p.amount);
    const actual = await provider.walletBalance(m.payer);
    // A refund the provider made may wait to be posted (its row still pending).
    if (actual === null || actual < expected - Number(m.refunding) || actual > expected + Number(m.pending)) {
      out.push({
        rule: 'provider_balance',
        message:
          actual === null
            ? `Le porte-monnaie du membre n°${m.id} est inconnu du prestataire de paiement.`
            : `Le porte-monnaie du membre n°${m.id} chez le prestataire de paiement contient ${euros(actual)}, le grand livre ${euros(expected)}.`,
      });
    }
  }
  return out;
}
