/**
 * The exact-copy rule (docs/product.md, originality): the bytes of a proposal belong to the
 * first talent who sent them. The same talent may send them again anywhere (their own work);
 * another talent is refused, whatever the contest.
 */
import { eq } from 'drizzle-orm';
import { conflict, MESSAGES } from '@creadefi/domain';
import type { Tx } from '../../db/client';
import { contentAuthors } from '../../db/schema';

/**
 * Claims the content for `userId`, or refuses it when another talent sent it first. Two
 * uploads of the same bytes at once meet on the primary key: the second insert waits for the
 * first transaction, then finds its row (or takes the key if that transaction rolled back).
 */
export async function claimContent(tx: Tx, sha256: string, userId: number, now: Date): Promise<void> {
  const claimed = await tx.insert(contentAuthors).values({ sha256, userId, createdAt: now }).onConflictDoNothing().returning({ userId: contentAuthors.userId });
  if (claimed.length > 0) return;
  const [author] = await tx.select({ userId: contentAuthors.userId }).from(contentAuthors).where(eq(contentAuthors.sha256, sha256));
  if (author && author.userId !== userId) throw conflict(MESSAGES.originality.exactCopy);
}
