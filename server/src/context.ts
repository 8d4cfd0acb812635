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
import type { JobQueue } from './jobs/queue';
import type { CacheInvalidation } from './cache/invalidation';
import type { SessionCache } from './http/viewer';
import type { ListingCaches } from './modules/contests/listing-cache';
import type { ContestDetailsCache } from './modules/contests/details-cache';
import type { ConversationListCache } from './modules/messages/conversation-list-cache';
import type { ProposalsCache } from './modules/participations/proposals-cache';
import type { Background } from './modules/auth/background';

export interface Deps {
  database: Database;
  mailer: Mailer;
  identity: IdentityProviders;
  /** Uploaded files (proposals, work and final files). */
  files: FileStore;
  payments: PaymentProvider;
  /** The durable job queue: mails and timed work (docs/decisions/0011). */
  queue: JobQueue;
  /** Current time; tests move it to exercise deadlines. */
  clock: () => Date;
}

/** Reads kept in memory and dropped on the database's announcements (docs/decisions/0005). */
export interface ReadCaches {
  invalidation: CacheInvalidation;
  sessions: SessionCache;
  listing: ListingCaches;
  details: ContestDetailsCache;
  conversations: ConversationListCache;
  proposals: ProposalsCache;
}

export interface AppContext extends Deps {
  config: Config;
  db: Db;
  /** The HTTP server's; jobs and scripts, without them, read the database every time. */
  caches?: ReadCaches;
  /** The HTTP server's work that runs after the answer; the server waits for it before it closes. */
  background?: Background;
}
