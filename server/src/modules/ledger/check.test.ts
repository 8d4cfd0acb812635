import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildFinalisedContest, buildLegalStatus, buildOrganiser, TEST_IBANS } from '../../test/factories';
import type { Db } from '../../db/client';
import { openPglite } from '../../db/client';
import { contests, ledgerAccounts, ledgerEntries, ledgerOperations, participations, payments, payouts, promoCodes, sandboxOperations, users } from '../../db/schema';
import { validateFinalFiles } from '../delivery/validate';
import { requestPayout, saveBankDetails } from '../wallet/service';
import { accounts, post } from './ledger';
import { checkLedger, checkProviderBalances, type LedgerViolation } from './check';

let t: TestApp;
let talentId: number;
let contestId: number;
beforeAll(async () => {
  t = await createTestApp();
  // A whole life of money: pay-in, prize, pay-out.
  const organiser = await buildOrganiser(t.ctx);
  const { contest, winners } = await buildFinalisedContest(t.ctx, organiser, { winners: 1 });
  const w = winners[0]!;
  await t.ctx.db.update(participations).set({ finalSentAt: t.clock.now() }).where(eq(participations.id, w.participationId));
  await validateFinalFiles(t.ctx, organiser, { idConcours: contest.id, idParticipation: w.participationId });
  await buildLegalStatus(t.ctx, w.user.id);
  await saveBankDetails(t.ctx, w.user.id, { name: 'Hugo Bernard', iban: TEST_IBANS.valid });
  await requestPayout(t.ctx, w.user.id);
  talentId = w.user.id;
  contestId = contest.id;
});
afterAll(() => t.close());

class Rollback extends Error {}

/** The messages of the last check `broken` ran. */
let lastMessages: string[] = [];

/** Tampers with the books inside a transaction that is then rolled back, and returns what the check saw. */
async function broken(tamper: (tx: Db) => Promise<unknown>): Promise<LedgerViolation['rule'][]> {
  let seen: LedgerViolation[] = [];
  await t.ctx.db
    .transaction(async (tx) => {
      await tamper(tx as unknown as Db);
      seen = await checkLedger(tx as unknown as Db);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  for (const v of seen) expect(v.message).toMatch(/[a-zé]/);
  lastMessages = seen.map((v) => v.message);
  return [...new Set(seen.map((v) => v.rule))].sort();
}

describe('checkLedger', () => {
  it('finds nothing wrong in books kept by the services', async () => {
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    const [row] = await t.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, accounts.worldPayouts));
    expect(Number(row!.balanceCents)).toBeGreaterThan(0);
  });

  it('names each broken rule', async () => {
    const wallet = accounts.wallet(talentId);
    expect(
      await broken(async (tx) => {
        await tx.insert(ledgerOperations).values({ key: 'test:unbalanced', kind: 'test' });
        await tx.insert(ledgerEntries).values({ operationKey: 'test:unbalanced', accountCode: wallet, amountCents: 100 });
        await tx.update(ledgerAccounts).set({ balanceCents: sql`${ledgerAccounts.balanceCents} + 100` }).where(eq(ledgerAccounts.code, wallet));
      }),
    ).toEqual(['money_identity', 'unbalanced_operation']);
    expect(await broken((tx) => tx.insert(ledgerOperations).values({ key: 'test:empty', kind: 'test' }))).toEqual(['empty_operation']);
    expect(
      await broken((tx) =>
        post(tx as never, { key: 'test:overdraft', kind: 'test', entries: [{ account: accounts.wallet(talentId), amountCents: -1 }, { account: accounts.platformFees, amountCents: 1 }] }),
      ),
    ).toEqual(['negative_wallet']);
    expect(
      await broken((tx) =>
        post(tx as never, { key: 'test:overpaid', kind: 'test', entries: [{ account: accounts.escrow(contestId), amountCents: -1 }, { account: accounts.platformFees, amountCents: 1 }] }),
      ),
    ).toEqual(['negative_escrow']);
    expect(await broken((tx) => tx.update(ledgerAccounts).set({ balanceCents: sql`${ledgerAccounts.balanceCents} + 1` }).where(eq(ledgerAccounts.code, accounts.platformFees)))).toEqual([
      'money_identity',
      'stale_balance',
    ]);
    expect(
      await broken((tx) =>
        post(tx as never, { key: 'test:mystery', kind: 'test', entries: [{ account: 'world:mystery', amountCents: -5 }, { account: accounts.platformFees, amountCents: 5 }] }),
      ),
    ).toEqual(['money_identity', 'unknown_account']);
    expect(await broken((tx) => tx.update(payments).set({ amountCents: sql`${payments.amountCents} + 1` }))).toEqual(['payins_mismatch']);
    expect(await broken((tx) => tx.update(payouts).set({ status: 'failed' }))).toEqual(['payouts_mismatch']);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('names each broken rule of prizes and promotions', async () => {
    const promotion = (key: string, cents: number) => ({
      key,
      kind: 'promotion',
      entries: [
        { account: accounts.platformPromotions, amountCents: -cents, contestId },
        { account: accounts.escrow(contestId), amountCents: cents },
      ],
    });
    // A promotion the contest's payments never granted, then a second one.
    expect(await broken((tx) => post(tx as never, promotion('test:promotion', 100)))).toEqual(['promotion_mismatch']);
    expect(
      await broken(async (tx) => {
        await post(tx as never, promotion('test:promotion-1', 100));
        await post(tx as never, promotion('test:promotion-2', 100));
      }),
    ).toEqual(['promotion_mismatch', 'promotion_twice']);
    // A prize credited beyond what the contest was paid.
    expect(
      await broken((tx) =>
        post(tx as never, {
          key: 'test:prize',
          kind: 'prize',
          entries: [
            { account: accounts.escrow(contestId), amountCents: -30_000 },
            { account: accounts.wallet(talentId), amountCents: 24_000, contestId },
            { account: accounts.platformFees, amountCents: 6_000, contestId },
          ],
        }),
      ),
    ).toEqual(['negative_escrow', 'prizes_over_funding']);
    // A discount under a code that had lapsed, which nobody counted as a use.
    expect(
      await broken(async (tx) => {
        const [code] = await tx.insert(promoCodes).values({ code: 'PERIME', percentOff: 10, maxUses: 1, validUntil: new Date('2020-01-01T00:00:00Z') }).returning();
        await tx.update(payments).set({ promoCodeId: code!.id, discountCents: 1 }).where(eq(payments.contestId, contestId));
      }),
    ).toEqual(['promo_uses_mismatch', 'promotion_mismatch', 'promotion_over_limit']);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('names a closed contest that still holds money in escrow', async () => {
    const stranded = (tx: Db) =>
      post(tx as never, {
        key: 'test:stranded',
        kind: 'test',
        entries: [
          { account: accounts.platformFees, amountCents: -30_000, contestId },
          { account: accounts.escrow(contestId), amountCents: 30_000 },
        ],
      });
    // Held by a contest still running, the money is where it should be.
    expect(await broken(stranded)).toEqual([]);
    expect(
      await broken(async (tx) => {
        await tx.update(contests).set({ status: -1 }).where(eq(contests.id, contestId));
        await stranded(tx);
      }),
    ).toEqual(['closed_contest_escrow']);
    expect(lastMessages).toEqual([`Le concours n°${contestId} est clôturé mais son séquestre contient encore 300,00 €.`]);
  });

  it('compares each wallet at the payment provider with the ledger', async () => {
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments)).toEqual([]);
    const [talent] = await t.ctx.db.select({ payerId: users.payerId }).from(users).where(eq(users.id, talentId));
    const shift = (cents: number) =>
      t.ctx.db
        .update(sandboxOperations)
        .set({ balanceCents: sql`${sandboxOperations.balanceCents} + ${cents}` })
        .where(eq(sandboxOperations.id, talent!.payerId!));
    await shift(1);
    try {
      const seen = await checkProviderBalances(t.ctx.db, t.ctx.payments);
      expect(seen.map((v) => v.rule)).toEqual(['provider_balance']);
      expect(seen[0]!.message).toBe(`Le porte-monnaie du membre n°${talentId} chez le prestataire de paiement contient 0,01 €, le grand livre 0,00 €.`);
    } finally {
      await shift(-1);
    }
  });
});

const serverDir = path.resolve(import.meta.dirname, '../../..');

function runScript(env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/scripts/check-ledger.ts'], { cwd: serverDir, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

// Each case starts the script in its own process (tsx, then the database): seconds each on a busy machine.
describe('npm run ledger:check', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-ledger-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('refuses while a server holds the embedded database, and says so', async () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, 'db'));
    // This test process plays the running server.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
    const { code, out } = await runScript({ DATA_DIR: dir });
    expect(code).toBe(2);
    expect(out).toContain('Vérification impossible');
    expect(out).toContain(`pid ${process.pid}`);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    const empty = await runScript({ DATA_DIR: tmp() });
    expect(empty.code).toBe(2);
    expect(empty.out).toContain('Aucune base embarquée');
  });

  it('checks an embedded database and exits 0 when it balances, 1 when it does not', async () => {
    const dir = tmp();
    const template = inject('pgliteTemplate');
    const database = template
      ? await openPglite({ dataDir: path.join(dir, 'db'), loadDataDir: new Blob([fs.readFileSync(template)]) })
      : await openPglite({ dataDir: path.join(dir, 'db') });
    if (!template) {
      const { migrate } = await import('../../db/migrate');
      await migrate(database);
    }
    await database.close();
    const sound = await runScript({ DATA_DIR: dir });
    expect(sound.out).toContain('Le grand livre est équilibré');
    expect(sound.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);

    const again = await openPglite({ dataDir: path.join(dir, 'db') });
    await again.db.insert(ledgerOperations).values({ key: 'test:empty', kind: 'test' });
    await again.close();
    const bad = await runScript({ DATA_DIR: dir });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("L'opération test:empty n'a aucune écriture.");
  });

  it.skipIf(!inject('pgTemplate'))('checks a PostgreSQL database given by DATABASE_URL', async () => {
    const template = inject('pgTemplate')!;
    const name = `creadefi_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
      const url = new URL(template.url);
      url.pathname = `/${name}`;
      const { code, out } = await runScript({ DATABASE_URL: url.toString(), DATA_DIR: tmp() });
      expect(out).toContain('PostgreSQL');
      expect(code).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  });
});

