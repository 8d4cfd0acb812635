/** Starts the server: config, lock, database, migrations, catalogue, demo data, listen. */
import './runtime-check';
import path from 'node:path';
import { loadConfig } from './config';
import { acquireDataLock, DataDirLockedError } from './data-lock';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { syncCatalogue } from './db/catalogue-sync';
import { createMailer } from './adapters/mail';
import { createIdentityProviders } from './adapters/identity';
import { createFileStore } from './adapters/files';
import { createPaymentProvider } from './adapters/payments';
import { buildApp } from './app';
import { startJobs } from './jobs';
import { openQueue, stopQueue } from './jobs/queue';
import { seedDemoData } from './demo/seed';
import { startupWarnings } from './startup-warnings';

async function main(): Promise<void> {
  const config = loadConfig();
  let releaseLock = () => {};
  try {
    // The lock matters for the embedded database; the outbox and uploads share the folder too.
    releaseLock = acquireDataLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`\n✖ ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const started = Date.now();
  // Where a start's time goes, said with its end: each phase from the end of the one before.
  const phases: string[] = [];
  let phaseStart = started;
  const phase = (name: string) => {
    const now = Date.now();
    phases.push(`${name} ${((now - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = now;
  };
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite embarqué (${path.join(config.dataDir, 'db')})`;
  console.log(`Base de données : ${where}`);
  const database = await openDatabase(config);
  phase('base');
  await migrate(database);
  await syncCatalogue(database.db);
  phase('migrations');
  // The app's logger hears the queue's failures once it exists.
  let queueFailed = (err: unknown) => console.error(err);
  const queue = await openQueue(database, { work: config.JOBS, onError: (err) => queueFailed(err) });
  const deps = {
    database,
    mailer: createMailer(config),
    identity: createIdentityProviders(config),
    files: createFileStore(config),
    payments: createPaymentProvider(config, database.db, () => new Date()),
    queue,
    clock: () => new Date(),
  };
  // On disk, the data folder's lock says no other server writes there: half-written uploads are
  // a crash's. A shared object store counts as abandoned only what is older than any request.
  const abandoned = (await deps.files.removeAbandonedWrites?.()) ?? 0;
  if (abandoned > 0) console.log(`${abandoned} envoi(s) de fichier interrompu(s) par un arrêt brutal supprimé(s).`);
  phase('file des tâches et stockage');
  if (config.DEMO_DATA) {
    await seedDemoData({ ...deps, config, db: database.db }, (line) => console.log(line));
    phase('démonstration');
  }
  for (const warning of startupWarnings(config)) console.warn(`\n${warning}`);

  const app = await buildApp(config, deps);
  queueFailed = (err) => app.log.error({ err }, 'file des tâches en échec');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt en cours : les requêtes en cours se terminent');
    await stopQueue(queue);
    await app.close();
    await deps.mailer.close?.();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  phase('application');
  console.log(`\nCréadéfi est prêt sur ${config.publicUrl} (démarré en ${((Date.now() - started) / 1000).toFixed(1)} s\u00a0: ${phases.join(', ')})\n`);
  // After listening, so that declaring the workers and schedules does not delay the start;
  // mails queued meanwhile wait in the queue. A stop asked meanwhile may cut this short.
  if (config.JOBS) {
    try {
      await startJobs({ ...deps, config, db: database.db }, queue, app.log);
    } catch (error) {
      if (!closing) throw error;
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
