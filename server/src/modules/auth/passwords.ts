/**
 * Password hashing with argon2id (docs/architecture.md §11). The library's defaults are the
 * OWASP baseline (argon2id, 19 MiB, 2 passes, 1 lane); they are written out so that a
 * library upgrade cannot silently weaken new hashes.
 */
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/**
 * Hashing runs in libuv's thread pool, off the event loop, but each one keeps a core busy
 * for tens of milliseconds: a burst of sign-ins would take every core (and every pool
 * thread, which file reads and writes share) away from the other requests. Hashes beyond
 * one per core but one wait their turn here instead.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await withHashSlot(() => verify(passwordHash, password));
  } catch {
    // A malformed stored hash is a failed sign-in, not a 500.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real verification, for e-mails with no account or no password,
 * so the duration of a failed sign-in does not tell whether the account exists.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('créadéfi-compte-inexistant');
  await verifyPassword(await dummyHash, password);
  return false;
}
