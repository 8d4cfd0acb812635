/**
 * Demo data for `npm start`, loaded once into an empty database: accounts (printed on the
 * console with the passwords drawn for this data folder) and contests at every status. Other
 * seeders reuse the accounts through DEMO_ACCOUNTS and demoUserIds().
 */
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { revokeAllSessions } from '../modules/auth/sessions';
import { pseudoKey } from '../modules/users/pseudo-key';
import { saveStatut } from '../modules/statut/service';
import { saveTalentSettings } from '../modules/talents/profile';
import type { TalentSettingsInput } from '@creadefi/domain';
import { demoPasswords, type DemoPasswords } from './account-file';
import { seedDemoContests } from './contests';
import { seedDemoDelivery } from './delivery';
import { seedDemoProposals } from './proposals';

export type DemoAccountKey = 'organiser' | 'talent' | 'talent2' | 'admin';

export interface DemoAccount {
  key: DemoAccountKey;
  role: string;
  email: string;
  pseudo: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  /** Gets an account and a wallet at the sandbox provider, so it may create contests and take part. */
  withProvider: boolean;
  /** What a talent's public profile says of them (« Mon profil »). */
  profile?: TalentSettingsInput;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'organiser', role: 'Organisateur', email: 'organisateur@creadefi.fr', pseudo: 'Organisateur', firstName: 'Claire', lastName: 'Martin', isAdmin: false, withProvider: true },
  {
    key: 'talent',
    role: 'Talent',
    email: 'talent@creadefi.fr',
    pseudo: 'Talent',
    firstName: 'Hugo',
    lastName: 'Bernard',
    isAdmin: false,
    withProvider: true,
    profile: {
      bio: 'Graphiste indépendant à Lyon depuis huit ans : identités visuelles de commerces de quartier, étiquettes et affiches. J’aime les formes simples et les couleurs franches.',
      categories: [1, 3],
      isPublic: true,
    },
  },
  {
    key: 'talent2',
    role: 'Talent',
    email: 'talent2@creadefi.fr',
    pseudo: 'Talent2',
    firstName: 'Léa',
    lastName: 'Petit',
    isAdmin: false,
    withProvider: true,
    profile: {
      bio: 'Directrice artistique et illustratrice, je dessine des logos et des maquettes d’applications pour les jeunes marques.',
      categories: [1, 2],
      isPublic: true,
    },
  },
  { key: 'admin', role: 'Administrateur', email: 'admin@creadefi.fr', pseudo: 'Admin', firstName: 'Alex', lastName: 'Durand', isAdmin: true, withProvider: false },
];

/** Ids of the demo accounts present in the database, by key. */
export async function demoUserIds(db: Db): Promise<Partial<Record<DemoAccountKey, number>>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
  const out: Partial<Record<DemoAccountKey, number>> = {};
  for (const a of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.email === a.email);
    if (row) out[a.key] = row.id;
  }
  return out;
}

class DemoAlreadySeeded extends Error {}

/** The passwords of the demo accounts in this server's data folder (drawn on first use). */
const demoAccountPasswords = (ctx: AppContext): DemoPasswords => demoPasswords(ctx.config.dataDir, DEMO_ACCOUNTS);

const passwordOf = (passwords: DemoPasswords, a: DemoAccount) => passwords.byEmail.get(a.email.toLowerCase())!;

/** Creates the demo accounts when the users table is empty; returns their ids, or null if skipped. */
export async function seedDemoAccounts(ctx: AppContext, passwords = demoAccountPasswords(ctx)): Promise<Record<DemoAccountKey, number> | null> {
  const [{ count } = { count: 0 }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  const hashes = new Map<DemoAccountKey, string>();
  for (const a of DEMO_ACCOUNTS) hashes.set(a.key, await hashPassword(passwordOf(passwords, a)));
  const now = ctx.clock();
  const ids = await ctx.db.transaction(async (tx) => {
    const out = {} as Record<DemoAccountKey, number>;
    for (const a of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values({
          email: a.email,
          pseudo: a.pseudo,
          pseudoKey: pseudoKey(a.pseudo),
          passwordHash: hashes.get(a.key)!,
          firstName: a.firstName,
          lastName: a.lastName,
          country: 'FR',
          isAdmin: a.isAdmin,
          isFirstTime: false,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        // Two instances starting at once on an empty database: the second one adds nothing.
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) throw new DemoAlreadySeeded();
      out[a.key] = row.id;
    }
    return out;
  }).catch((error: unknown) => {
    if (error instanceof DemoAlreadySeeded) return null;
    throw error;
  });
  if (!ids) return null;
  for (const a of DEMO_ACCOUNTS) {
    if (a.withProvider) await fillStatusForm(ctx, ids[a.key], a);
    if (a.profile) await saveTalentSettings(ctx.db, ids[a.key], a.profile);
  }
  return ids;
}

/**
 * Accounts that exist before their passwords were drawn (a data folder from an earlier
 * version, or a file deleted by hand) take the passwords just written, and whoever was signed
 * in with an older one is signed out.
 */
async function applyDemoPasswords(ctx: AppContext, passwords: DemoPasswords): Promise<void> {
  const now = ctx.clock();
  for (const a of DEMO_ACCOUNTS) {
    const passwordHash = await hashPassword(passwordOf(passwords, a));
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(sql`lower(${users.email}) = ${a.email.toLowerCase()}`).returning({ id: users.id });
      if (row) await revokeAllSessions(tx, row.id, now);
    });
  }
}

/** The accounts table, printed at every start so the way in is always on screen. */
function printDemoAccounts(log: (line: string) => void, passwords: DemoPasswords): void {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  log('');
  log(`Comptes de démonstration (mots de passe propres à ce dossier de données, aussi dans ${passwords.file}) :`);
  log(`  ${'Rôle'.padEnd(15)} ${'E-mail'.padEnd(width)}  ${'Pseudo'.padEnd(13)} Mot de passe`);
  for (const a of DEMO_ACCOUNTS) log(`  ${a.role.padEnd(15)} ${a.email.padEnd(width)}  ${a.pseudo.padEnd(13)} ${passwordOf(passwords, a)}`);
  log('');
}

/**
 * Fills the status form for a demo person, as a user would (docs/product.md §1): this opens the
 * account and wallet at the built-in sandbox, so demo users can create contests and take
 * part at once. With a real provider nothing is opened: demo people fill the form themselves.
 */
async function fillStatusForm(ctx: AppContext, userId: number, a: DemoAccount): Promise<void> {
  if (ctx.payments.name !== 'sandbox') return;
  await saveStatut(ctx, userId, {
    statut: 0,
    firstName: a.firstName,
    lastName: a.lastName,
    birthday: '1990-05-14',
    nationality: 'FR',
    address: '10 rue de la Paix',
    zip: '75002',
    city: 'Paris',
    country: 'FR',
    regimeTVA: false,
    beneficiaires: [],
    certified: true,
  });
}

/**
 * Loads the demo data once (every seeder skips when its table already has rows) and prints
 * the demo accounts whenever they exist.
 */
export async function seedDemoData(ctx: AppContext, log: (line: string) => void): Promise<void> {
  const passwords = demoAccountPasswords(ctx);
  const seeded = await seedDemoAccounts(ctx, passwords);
  if (Object.keys(await demoUserIds(ctx.db)).length === 0) return;
  if (!seeded && passwords.created) await applyDemoPasswords(ctx, passwords);
  await seedDemoContests(ctx, log);
  await seedDemoDelivery(ctx, log);
  await seedDemoProposals(ctx, log);
  printDemoAccounts(log, passwords);
}
