/**
 * The environment, parsed once at start. Every variable the server reads is declared here
 * with what it does; a wrong value stops the start with the list of what is wrong.
 */
import path from 'node:path';
import { z } from 'zod';
import { EXAMPLE_INVOICE_SELLER, type InvoiceSeller } from '@creadefi/domain';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A yes/no whose absence means something of its own: unset (or empty) stays undefined. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const schema = z.object({
  /** production | development | test */
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  /** HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Public address of the app, used in e-mailed links and payment return URLs. */
  PUBLIC_URL: z.url().optional(),
  /**
   * Which proxies are believed when they pass on the client's address (X-Forwarded-For),
   * which the rate limits count by: `loopback` (default: a proxy on this machine), a number
   * of hops, addresses or CIDR ranges separated by commas, `true` (anyone: only behind a
   * proxy that overwrites the header) or `false`. Trusting a client that is no proxy lets it
   * pick a new address for each attempt.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /** Folder for the embedded database, the outbox and uploaded files. */
  DATA_DIR: z.string().default('data'),
  /**
   * Where uploaded files live: `disk` (default, DATA_DIR/uploads: one server) or `s3`, an
   * S3-compatible object store that several servers share (docs/deploy.md).
   */
  FILE_STORE: z.enum(['disk', 's3']).default('disk'),
  /** The store's address for FILE_STORE=s3, e.g. https://s3.fr-par.scw.cloud; unset means AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  /** The store's region (any value for stores that have none). */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The bucket holding the files; it must exist and be private. */
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Address the bucket in the path (endpoint/bucket/key), as most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: bool,
  /** A PostgreSQL URL; unset means the embedded PGlite database under DATA_DIR/db. */
  DATABASE_URL: z.string().optional(),
  /**
   * Load demo accounts and contests into an empty database. Unset: yes on the embedded
   * database (`npm start` on a fresh machine shows a living site), no on a PostgreSQL server,
   * where an account anyone could guess the way into has no place.
   */
  DEMO_DATA: optionalBool,
  /** outbox (default: .eml files under DATA_DIR/outbox) or smtp. */
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  /** SMTP URL for MAIL_TRANSPORT=smtp, e.g. smtp://user:pass@host:587. */
  SMTP_URL: z.string().optional(),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().default('Créadéfi <no-reply@creadefi.fr>'),
  /** Address receiving the footer contact form. */
  SUPPORT_EMAIL: z.string().default('support@creadefi.fr'),
  /** Google OAuth client id; unset hides "Connexion avec Google". */
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Where Google's signing keys are read from. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Facebook app id and secret; unset hides Facebook sign-in. */
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  /** Graph API base, configurable so tests can serve their own. */
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  /** sandbox (built in) or mangopay. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mangopay']).default('sandbox'),
  /**
   * The registered company named as seller on the fee invoices (docs/decisions/0013): all six,
   * or none (the invoices then name an example company, refused with real payments).
   */
  INVOICE_SELLER_NAME: z.string().trim().min(1).optional(),
  INVOICE_SELLER_LEGAL_FORM: z.string().trim().min(1).optional(),
  INVOICE_SELLER_ADDRESS: z.string().trim().min(1).optional(),
  INVOICE_SELLER_SIREN: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{3} ?\d{3}$/, 'un SIREN a 9 chiffres')
    .optional(),
  INVOICE_SELLER_RCS: z.string().trim().min(1).optional(),
  INVOICE_SELLER_VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^[A-Z]{2} ?[0-9A-Z]{2} ?[0-9A-Z ]{8,12}$/, 'un numéro de TVA intracommunautaire commence par le code du pays, par exemple FR 40 912345674')
    .optional(),
  MANGOPAY_CLIENT_ID: z.string().optional(),
  MANGOPAY_API_KEY: z.string().optional(),
  MANGOPAY_BASE_URL: z.url().default('https://api.sandbox.mangopay.com'),
  /** The platform's MangoPay user and its wallet that pays the discounts of promo codes (kept funded by the platform). */
  MANGOPAY_PLATFORM_USER_ID: z.string().optional(),
  MANGOPAY_PROMOTIONS_WALLET_ID: z.string().optional(),
  /** Session lifetime in days. */
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A session not used for this many days has ended, whatever its lifetime. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Rate limits: attempts per window on sign-in, registration and password reset. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Seconds a client may take to send a request's headers. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /**
   * Seconds a client may take to send a whole request, body included: an hour carries the
   * largest file (500 Mo) over a line of 1,2 Mbit/s.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** A request body that delivers less than 16 Kio in this many seconds is cut, and its partial file removed. */
  BODY_STALL_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** Uploads one member may send at once, and uploads this server receives at once from everyone. */
  UPLOADS_PER_MEMBER: z.coerce.number().int().min(1).max(100).default(3),
  UPLOADS_AT_ONCE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Run the job queue's workers (mails) and schedules (contest end, automatic validation, …) in this instance; without, it only queues (docs/decisions/0011). */
  JOBS: bool.default(true),
  /** Folder of the built web app (web/dist); tests and parallel builds may point elsewhere. */
  WEB_DIST: z.string().optional(),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof schema>;

/** TRUST_PROXY as Fastify's `trustProxy` takes it. */
export function trustProxyOption(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

export interface Config extends Omit<Env, 'DEMO_DATA'> {
  /** DEMO_DATA as decided: the variable when set, else whether the database is the embedded one. */
  DEMO_DATA: boolean;
  dataDir: string;
  publicUrl: string;
  isProduction: boolean;
  webDist: string;
  /** The seller named on the fee invoices: the configured company, else the example one. */
  invoiceSeller: InvoiceSeller;
  invoiceSellerConfigured: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = { ...parsed.data, ...overrides } as Env;
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) throw new Error('Configuration invalide :\n  - SMTP_URL est requis quand MAIL_TRANSPORT=smtp');
  if (e.PAYMENT_PROVIDER === 'mangopay' && (!e.MANGOPAY_CLIENT_ID || !e.MANGOPAY_API_KEY || !e.MANGOPAY_PLATFORM_USER_ID || !e.MANGOPAY_PROMOTIONS_WALLET_ID)) {
    throw new Error(
      'Configuration invalide :\n  - MANGOPAY_CLIENT_ID, MANGOPAY_API_KEY, MANGOPAY_PLATFORM_USER_ID et MANGOPAY_PROMOTIONS_WALLET_ID sont requis quand PAYMENT_PROVIDER=mangopay',
    );
  }
  if (e.FILE_STORE === 's3' && (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Configuration invalide :\n  - S3_BUCKET, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY sont requis quand FILE_STORE=s3');
  }
  const sellerFields = [e.INVOICE_SELLER_NAME, e.INVOICE_SELLER_LEGAL_FORM, e.INVOICE_SELLER_ADDRESS, e.INVOICE_SELLER_SIREN, e.INVOICE_SELLER_RCS, e.INVOICE_SELLER_VAT_NUMBER];
  const sellerGiven = sellerFields.filter((v) => v !== undefined).length;
  if (sellerGiven > 0 && sellerGiven < sellerFields.length) {
    throw new Error(
      'Configuration invalide :\n  - INVOICE_SELLER_NAME, INVOICE_SELLER_LEGAL_FORM, INVOICE_SELLER_ADDRESS, INVOICE_SELLER_SIREN, INVOICE_SELLER_RCS et INVOICE_SELLER_VAT_NUMBER vont ensemble : une facture doit toutes les porter',
    );
  }
  // Real money means real invoices: they cannot name an example company.
  if (e.PAYMENT_PROVIDER === 'mangopay' && e.NODE_ENV === 'production' && sellerGiven === 0) {
    throw new Error('Configuration invalide :\n  - les coordonnées du vendeur des factures (INVOICE_SELLER_*) sont requises quand PAYMENT_PROVIDER=mangopay en production');
  }
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) throw new Error('Configuration invalide :\n  - HEADERS_TIMEOUT_SECONDS ne peut pas dépasser REQUEST_TIMEOUT_SECONDS');
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  return {
    ...e,
    DEMO_DATA: e.DEMO_DATA ?? !e.DATABASE_URL,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    isProduction: e.NODE_ENV === 'production',
    invoiceSeller:
      sellerGiven > 0
        ? {
            name: e.INVOICE_SELLER_NAME!,
            legalForm: e.INVOICE_SELLER_LEGAL_FORM!,
            address: e.INVOICE_SELLER_ADDRESS!,
            siren: e.INVOICE_SELLER_SIREN!,
            rcs: e.INVOICE_SELLER_RCS!,
            vatNumber: e.INVOICE_SELLER_VAT_NUMBER!,
          }
        : EXAMPLE_INVOICE_SELLER,
    invoiceSellerConfigured: sellerGiven > 0,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'web/dist'),
  };
}
