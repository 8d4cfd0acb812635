/**
 * Password hashing with argon2id (DESIGN, security rules). The library's defaults are the
 * OWASP baseline (argon2id, 19 MiB, 2 passes, 1 lane); they are written out so that a
 * library upgrade cannot silently weaken new hashes.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
