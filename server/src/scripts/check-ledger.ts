/**
 * `npm run ledger:check -w server`: checks that the money balances (modules/ledger/check.ts)
 * on the database the server uses — DATABASE_URL, or the embedded one under DATA_DIR — and
 * exits with 1 on any violation, 2 when it could not check.
 *
 * The embedded database must not be opened by two processes at once (PGlite has no lock of
 * its own), so this takes the server's lock on the data folder and refuses while a server
 * holds it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { acquireDataLock, DataDirLockedError } from '../data-lock';
import { openPglite, openPostgres, type Database } from '../db/client';
import { checkLedger, checkProviderBalances } from '../modules/ledger/check';
import { createPaymentProvider } from '../adapters/payments';

async function main(): Promise<number> {
  const config = loadConfig();
  let database: Database;
  let release = () => {};
  if (config.DATABASE_URL) {
    console.log('Vérification du grand livre sur PostgreSQL (DATABASE_URL)…');
    database = await openPostgres(config.DATABASE_URL, 1);
  } else {
    const folder = path.join(config.dataDir, 'db');
    if (!fs.existsSync(folder)) {
      console.error(`✖ Aucune base embarquée dans ${folder} : rien à vérifier (lancez le serveur une première fois, ou indiquez DATABASE_URL).`);
      return 2;
    }
    try {
      release = acquireDataLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(
          `✖ Vérification impossible : ${error.message.split('\n')[0]}\n  La base embarquée ne peut être ouverte que par un seul processus : arrêtez le serveur puis relancez la vérification, ou vérifiez la base PostgreSQL avec DATABASE_URL.`,
        );
        return 2;
      }
      throw error;
    }
    console.log(`Vérification du grand livre sur la base embarquée (${folder})…`);
    database = await openPglite({ dataDir: folder });
  }
  try {
    const violations = await checkLedger(database.db);
    // The wallets at the provider the server is configured with (the built-in one lives in this database).
    violations.push(...(await checkProviderBalances(database.db, createPaymentProvider(config, database.db, () => new Date()))));
    if (violations.length === 0) {
      console.log(
        '✔ Le grand livre est équilibré : chaque opération est à somme nulle, aucun porte-monnaie n’est négatif, les soldes correspondent aux écritures, tout l’argent reçu est retrouvé, ' +
          'aucun concours n’a versé plus qu’il n’a reçu, chaque code promo est resté dans ses limites et les porte-monnaie du prestataire de paiement contiennent ce que dit le grand livre.',
      );
      return 0;
    }
    console.error(`✖ ${violations.length} anomalie${violations.length > 1 ? 's' : ''} dans le grand livre :`);
    for (const v of violations) console.error(`  - ${v.message}`);
    return 1;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`✖ Vérification impossible : ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
