/**
 * Removes stored files that no row refers to. A file is renamed into place before its row
 * commits, so a crash in between, or a request that fails after its write, can leave one
 * behind; files younger than a day are never touched, since their row may still be coming.
 */
import { DAY_MS } from '@creadefi/domain';
import { inArray, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import { files, handoverDocuments, users } from '../db/schema';

export const ORPHAN_MIN_AGE_MS = DAY_MS;
const BATCH = 500;

export async function sweepOrphanFiles(ctx: AppContext): Promise<number> {
  const listKeys = ctx.files.listKeys?.bind(ctx.files);
  if (!listKeys) return 0;
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const rows = await ctx.db
      .select({ storageKey: files.storageKey, previewKey: files.previewKey, posterKey: files.posterKey })
      .from(files)
      .where(or(inArray(files.storageKey, batch), inArray(files.previewKey, batch), inArray(files.posterKey, batch)));
    const documents = await ctx.db.select({ storageKey: handoverDocuments.storageKey }).from(handoverDocuments).where(inArray(handoverDocuments.storageKey, batch));
    const avatars = await ctx.db.select({ avatarKey: users.avatarKey }).from(users).where(inArray(users.avatarKey, batch));
    const referenced = new Set([...rows.flatMap((r) => [r.storageKey, r.previewKey, r.posterKey]), ...documents.map((d) => d.storageKey), ...avatars.map((a) => a.avatarKey)]);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await ctx.files.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const key of listKeys(new Date(ctx.clock().getTime() - ORPHAN_MIN_AGE_MS))) {
    batch.push(key);
    if (batch.length === BATCH) await sweep();
  }
  if (batch.length > 0) await sweep();
  return removed;
}
