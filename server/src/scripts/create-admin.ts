/**
 * Gives a platform its first administrator, who then defines promo codes: the account of
 * ADMIN_EMAIL becomes an admin, created verified with ADMIN_PASSWORD (and ADMIN_PSEUDO) when
 * it does not exist. Run while the server is stopped: it takes the data folder's lock like
 * the server does, and migrates the database first.
 *
 *   ADMIN_EMAIL=… ADMIN_PASSWORD=… npm run admin:create -w server
 */
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { acquireDataLock } from '../data-lock';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { pseudoKey } from '../modules/users/pseudo-key';

async function main(): Promise<void> {
  const email = process.env.ADMIN_EMAIL?.trim().toLowerCase();
  const password = process.env.ADMIN_PASSWORD ?? '';
  const pseudo = process.env.ADMIN_PSEUDO?.trim() || 'Admin';
  if (!email || !email.includes('@')) throw new Error('ADMIN_EMAIL doit être une adresse e-mail.');
  const config = loadConfig();
  const releaseLock = acquireDataLock(config.dataDir);
  const database = await openDatabase(config);
  try {
    await migrate(database);
    const { db } = database;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    if (existing) {
      await db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
      console.log(`${email} est maintenant administrateur.`);
      return;
    }
    // A new account needs a password a person chose: no default is ever made up here.
    if (password.length < 12) throw new Error('ADMIN_PASSWORD doit contenir au moins 12 caractères pour créer le compte.');
    await db.insert(users).values({ email, pseudo, pseudoKey: pseudoKey(pseudo), passwordHash: await hashPassword(password), isAdmin: true, isFirstTime: false, emailVerifiedAt: new Date() });
    console.log(`Compte administrateur ${email} créé.`);
  } finally {
    await database.close();
    releaseLock();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
