import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { gainCents } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { contests, messages, participations, sandboxOperations, users } from '../../db/schema';
import { seedDemoAccounts } from '../../demo/seed';
import { readDemoAccountsFile } from '../../demo/account-file';
import { seedDemoContests } from '../../demo/contests';
import { seedDemoDelivery } from '../../demo/delivery';
import { accounts, balanceOf } from '../ledger/ledger';
import { checkLedger } from '../ledger/check';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo deliveries', () => {
  it('adds a conversation, a contest awaiting validation and a finished one with a paid winner, once', async () => {
    const lines: string[] = [];
    const ids = (await seedDemoAccounts(t.ctx))!;
    await seedDemoContests(t.ctx, () => {});
    await seedDemoDelivery(t.ctx, (line) => lines.push(line));
    expect(lines.join('\n')).toContain('Les Jardins de Maëlle');

    const byName = async (companyName: string) => (await t.ctx.db.select().from(contests).where(eq(contests.companyName, companyName)))[0]!;
    const finished = await byName('Les Jardins de Maëlle');
    const finalised = await byName('Brasserie du Canal');
    expect(finished.status).toBe(5);
    expect(finalised.status).toBe(4);
    expect(await balanceOf(t.ctx.db, accounts.wallet(ids.talent))).toBe(gainCents(finished.costCents));
    const [talent] = await t.ctx.db.select().from(users).where(eq(users.id, ids.talent));
    const [wallet] = await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.id, talent!.payerId!));
    expect(Number(wallet!.balanceCents)).toBe(gainCents(finished.costCents));

    const [pending] = await t.ctx.db.select().from(participations).where(and(eq(participations.contestId, finalised.id), eq(participations.isWinner, true)));
    expect(pending).toMatchObject({ userId: ids.talent, finalValidatedAt: null });
    expect(pending!.finalSentAt).not.toBeNull();

    // The talent's conversations, as the messages page lists them.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'talent@creadefi.fr', password: readDemoAccountsFile(t.ctx.config.dataDir).get('talent@creadefi.fr') } });
    expect(res.statusCode).toBe(200);
    const token = res.json().results.token as string;
    const list = await t.app.inject({ method: 'GET', url: '/api/message/read/byParticipation', headers: { authorization: `Bearer ${token}` } });
    const names = (list.json().results.concours as { companyName: string }[]).map((g) => g.companyName);
    expect(names).toEqual(expect.arrayContaining(['Les Jardins de Maëlle', 'Brasserie du Canal', 'Au Pain Doré']));
    const page = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { authorization: `Bearer ${token}` } });
    expect(page.json().results.balance).toBe(gainCents(finished.costCents));
    const empty = await t.ctx.db.select().from(participations).where(and(eq(participations.userId, ids.talent), eq(participations.isParticipating, false)));
    expect(empty).toHaveLength(1);
    expect(await t.ctx.db.select().from(messages).where(eq(messages.participationId, empty[0]!.id))).toHaveLength(3);
    expect(await checkLedger(t.ctx.db)).toEqual([]);

    const before = (await t.ctx.db.select().from(contests)).length;
    await seedDemoDelivery(t.ctx, () => {});
    expect((await t.ctx.db.select().from(contests)).length).toBe(before);
  });
});
