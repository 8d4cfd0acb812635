/**
 * What every module receives: the configuration and the ports to the outside world.
 * Tests build the same context with their own data folder and stub servers.
 */
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './adapters/mail/port';
import type { IdentityProviders } from './adapters/identity/port';
import type { FileStore } from './adapters/files/port';
import type { PaymentProvider } from './adapters/payments/port';

export interface Deps {
  database: Database;
  mailer: Mailer;
  identity: IdentityProviders;
  /** Uploaded files (proposals, work and final files). */
  files: FileStore;
  payments: PaymentProvider;
  /** Current time; tests move it to exercise deadlines. */
  clock: () => Date;
}

export interface AppContext extends Deps {
  config: Config;
  db: Db;
}
