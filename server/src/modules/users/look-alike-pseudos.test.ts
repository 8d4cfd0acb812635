/** Pseudos that look like a taken one, or mix scripts to pass for one, are refused everywhere. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { users } from '../../db/schema';
import { backfillPseudoKeys } from '../../db/backfill-pseudo-keys';
import { pseudoKey } from './pseudo-key';

const A = MESSAGES.auth;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000 } });
});
afterAll(() => t.close());

let n = 0;
const register = (pseudo: string, mailbox = 'sosie') => {
  n += 1;
  return t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { pseudo, email: `${mailbox}${n}@exemple.fr`, password: 'Secret-Solide-123', confirmPassword: 'Secret-Solide-123' } });
};

describe('look-alike pseudos', () => {
  it('a Latin look-alike of a taken pseudo (a letter for another, a digit, a mark at the end) is refused; a distinct one is accepted', async () => {
    const admin = await buildUser(t.ctx, { pseudo: 'Admin' });
    await buildUser(t.ctx, { pseudo: 'Organisateur' });
    for (const pseudo of ['ADMlN', 'Adm1n', 'Organisateur.', 'Organisateur_']) {
      const res = await register(pseudo);
      expect(res.statusCode, pseudo).toBe(409);
      expect(res.json().message).toMatchObject({ message: A.pseudoTaken, code: 409 });
    }
    for (const pseudo of ['Adrien', 'Organisatrice', 'Admin.Paris', 'Orga_nisateur2']) {
      expect((await register(pseudo, 'distinct')).statusCode, pseudo).toBe(201);
    }
    // The next test takes `ADMIN` for itself.
    await t.ctx.db.delete(users).where(eq(users.id, admin.id));
  });

  it('a Cyrillic look-alike of a taken pseudo is refused, at sign-up and on the profile', async () => {
    await buildUser(t.ctx, { pseudo: 'ADMIN' });
    await buildUser(t.ctx, { pseudo: 'TAXE' });
    const taken = await buildUser(t.ctx, { pseudo: 'Talent2' });
    // `ТАХЕ` in Cyrillic capitals mixes no scripts: only the look-alike rule can refuse it.
    for (const pseudo of ['\u0422\u0410\u0425\u0415', 'admin', 'Ａｄｍｉｎ', 'Adrnin', 'TALENT2', 'Ta1ent2']) {
      const res = await register(pseudo);
      expect(res.statusCode, pseudo).toBe(409);
      expect(res.json().message).toMatchObject({ message: A.pseudoTaken, code: 409 });
    }
    const other = await buildUser(t.ctx);
    const profile = await t.app.inject({ method: 'POST', url: '/api/user/update', headers: other.headers, payload: { pseudo: 'Tаlеnt2'.normalize(), email: other.email } });
    expect([400, 409]).toContain(profile.statusCode);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.pseudo).toBe(other.pseudo);
    expect(taken.pseudo).toBe('Talent2');
  });

  it('a pseudo mixing scripts is refused with a message naming the field, and nothing is created', async () => {
    for (const pseudo of ['\u0422alent2', '\u0410dmin', 'Nouve\u0430u']) {
      const res = await register(pseudo);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatchObject({ message: A.pseudoMixedScripts, code: 400, fields: { pseudo: A.pseudoMixedScripts } });
    }
    expect(await t.ctx.db.select().from(users).where(sql`${users.email} like 'sosie%'`)).toHaveLength(0);
  });

  it('twenty sign-ups at once with look-alikes of one new pseudo create one account', async () => {
    const variants = ['Graphiste', 'graphiste', 'GRAPHISTE', 'Ｇｒａｐｈｉｓｔｅ', 'GraphIste'];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(variants[i % variants.length]!)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect(await t.ctx.db.select().from(users).where(eq(users.pseudoKey, pseudoKey('graphiste')))).toHaveLength(1);
  });

  it('accounts from before the keys get theirs after the migration; a newer look-alike is renamed', async () => {
    const older = await buildUser(t.ctx, { pseudo: 'Ancien' });
    const newer = await buildUser(t.ctx, { pseudo: '\u0410ncien', pseudoKey: 'provisoire' });
    await t.ctx.db.execute(sql`update users set pseudo_key = ' ' || id where id in (${older.id}, ${newer.id})`);
    expect(await backfillPseudoKeys(t.ctx.db)).toBe(2);
    const [a] = await t.ctx.db.select().from(users).where(eq(users.id, older.id));
    const [b] = await t.ctx.db.select().from(users).where(eq(users.id, newer.id));
    expect(a).toMatchObject({ pseudo: 'Ancien', pseudoKey: pseudoKey('Ancien') });
    expect(b).toMatchObject({ pseudo: `\u0410ncien_${newer.id}`, pseudoKey: pseudoKey(`Ancien_${newer.id}`) });
    expect(await backfillPseudoKeys(t.ctx.db)).toBe(0);
  });

  it('keys stored under an older rule are all made again at start; a look-alike found only by the new rule is renamed', async () => {
    const older = await buildUser(t.ctx, { pseudo: 'Createur' });
    // Under the previous rule `Createur.` had a key of its own, and both accounts exist.
    const newer = await buildUser(t.ctx, { pseudo: 'Createur.', pseudoKey: 'createur.' });
    await t.ctx.db.execute(sql`update app_meta set value = '1' where key = 'pseudo_key_rule'`);
    expect(await backfillPseudoKeys(t.ctx.db)).toBeGreaterThanOrEqual(2);
    const [a] = await t.ctx.db.select().from(users).where(eq(users.id, older.id));
    const [b] = await t.ctx.db.select().from(users).where(eq(users.id, newer.id));
    expect(a).toMatchObject({ pseudo: 'Createur', pseudoKey: pseudoKey('Createur') });
    expect(b).toMatchObject({ pseudo: `Createur._${newer.id}`, pseudoKey: pseudoKey(`Createur._${newer.id}`) });
    expect(await t.ctx.db.select().from(users).where(sql`${users.pseudoKey} like ' %'`)).toHaveLength(0);
    expect(await backfillPseudoKeys(t.ctx.db)).toBe(0);
  });
});
