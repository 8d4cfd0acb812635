/**
 * Sign-in with Google or Facebook (docs/product.md §8). The account is found by (provider, subject);
 * the first sign-in creates a verified account with a pseudo built from the name. An e-mail
 * that already belongs to another account is never enough to enter it: the person is told
 * how to sign in to that account instead.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { badRequest, capitaliseName, conflict, MESSAGES, unauthorized, type SessionResults } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { userIdentities, users } from '../../db/schema';
import { IdentityVerificationError, type VerifiedIdentity } from '../../adapters/identity/port';
import { uniqueViolation } from '../../db/unique-violation';
import { findUserByEmail, openSession } from './service';
import { pseudoBase, pseudoCandidates } from './pseudo';
import { pseudoKey } from '../users/pseudo-key';

const A = MESSAGES.auth;

async function verified<T>(provider: 'google' | 'facebook', verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (error) {
    if (error instanceof IdentityVerificationError) throw unauthorized(provider === 'google' ? A.googleFailed : A.facebookFailed);
    throw error;
  }
}

export async function loginWithGoogle(ctx: AppContext, tokenId: string): Promise<SessionResults> {
  const google = ctx.identity.google;
  if (!google) throw badRequest(A.providerDisabled);
  return signInWithIdentity(ctx, await verified('google', () => google.verify(tokenId)));
}

export async function loginWithFacebook(ctx: AppContext, accessToken: string, userID: string): Promise<SessionResults> {
  const facebook = ctx.identity.facebook;
  if (!facebook) throw badRequest(A.providerDisabled);
  return signInWithIdentity(ctx, await verified('facebook', () => facebook.verify(accessToken, userID)));
}

async function findIdentityUser(db: Db | Tx, provider: string, subject: string) {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.user ?? null;
}

async function freePseudo(db: Db | Tx, base: string): Promise<string> {
  const candidates = pseudoCandidates(base);
  const taken = await db
    .select({ key: users.pseudoKey })
    .from(users)
    .where(inArray(users.pseudoKey, candidates.map(pseudoKey)));
  const takenSet = new Set(taken.map((t) => t.key));
  return candidates.find((c) => !takenSet.has(pseudoKey(c))) ?? `${base}_${Date.now() % 100_000}`;
}

async function signInWithIdentity(ctx: AppContext, identity: VerifiedIdentity): Promise<SessionResults> {
  // Two first sign-ins at once race on the unique indexes; the loser finds the winner's account.
  for (let attempt = 0; attempt < 3; attempt++) {
    const known = await findIdentityUser(ctx.db, identity.provider, identity.subject);
    if (known) return openSession(ctx, known);

    if (!identity.email) throw badRequest(A.providerEmailMissing);
    const email = identity.email.trim().toLowerCase();
    const owner = await findUserByEmail(ctx.db, email);
    if (owner) {
      // The same first sign-in, arriving at once, may have created the account between the two reads.
      const justCreated = await findIdentityUser(ctx.db, identity.provider, identity.subject);
      if (justCreated) return openSession(ctx, justCreated);
      throw conflict(owner.passwordHash ? A.providerEmailHasPassword : A.providerEmailHasOtherProvider);
    }

    const firstName = identity.firstName?.trim() ? capitaliseName(identity.firstName) : null;
    const lastName = identity.lastName?.trim() ? capitaliseName(identity.lastName) : null;
    const pseudo = await freePseudo(ctx.db, pseudoBase(firstName, lastName, email));
    const now = ctx.clock();
    try {
      const user = await ctx.db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values({ email, pseudo, pseudoKey: pseudoKey(pseudo), firstName, lastName, emailVerifiedAt: now, createdAt: now, updatedAt: now }).returning();
        await tx.insert(userIdentities).values({ userId: row!.id, provider: identity.provider, subject: identity.subject, email, createdAt: now });
        return row!;
      });
      return openSession(ctx, user);
    } catch (error) {
      if (uniqueViolation(error) === null) throw error;
    }
  }
  throw conflict(A.emailTaken);
}
