/**
 * A member's photo (docs/product.md « Talents »): one PNG, JPEG or WebP image of at most
 * AVATAR_MAX_BYTES, its type read from its bytes, turned upright, cropped to a square of
 * AVATAR_SIZE pixels and stored as WebP without its metadata, under a new key each time.
 * The member's row names the key and a short hash of the bytes, the address's version, so a
 * browser may keep a version for good. A replaced or removed photo is deleted from the store
 * once the row no longer names it; the sweep of unreferenced files catches a failed deletion.
 */
import { Readable } from 'node:stream';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, AVATAR_TYPES, AppError, MESSAGES, avatarUrl, badRequest, formatBytes, notFound } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { newStorageKey } from '../../adapters/files/port';
import type { FileDelivery } from '../files/access';
import type { IncomingFile } from '../files/upload';
import { SNIFF_BYTES, sniffMime } from '../files/sniff';
import { pseudoKey } from '../users/pseudo-key';

const T = MESSAGES.talents;

/** Characters of the bytes' SHA-256 kept as the photo's version. */
const HASH_LENGTH = 16;
/** A decompression bomb is refused before it takes the server's memory (as previews do). */
const MAX_INPUT_PIXELS = 50_000_000;
const FOREVER = 'public, max-age=31536000, immutable';
/** An address without the current version (an old link, a bookmark) is kept a short while only. */
const BRIEFLY = 'public, max-age=300';

export const avatarTooBig = () => new AppError(413, T.avatarTooBig(formatBytes(AVATAR_MAX_BYTES)));

/**
 * Reads the uploaded image while it arrives, refusing it as soon as its first bytes show
 * another type (415) or its size passes the limit (413): never more than AVATAR_MAX_BYTES
 * are held.
 */
export async function readAvatarUpload(incoming: IncomingFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let checked = false;
  const checkType = async () => {
    const mime = await sniffMime(Buffer.concat(chunks).subarray(0, SNIFF_BYTES));
    if (!mime || !(AVATAR_TYPES as readonly string[]).includes(mime)) throw new AppError(415, T.avatarWrongType);
    checked = true;
  };
  for await (const chunk of incoming.stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > AVATAR_MAX_BYTES) throw avatarTooBig();
    chunks.push(chunk);
    if (!checked && bytes >= SNIFF_BYTES) await checkType();
  }
  if (incoming.truncated?.()) throw avatarTooBig();
  if (bytes === 0) throw badRequest(T.avatarNoFile);
  if (!checked) await checkType();
  return Buffer.concat(chunks);
}

/** Upright, cropped to the centre square, WebP; sharp keeps no metadata unless asked. */
export async function renderAvatar(image: Buffer): Promise<Buffer> {
  try {
    return await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(T.avatarUnreadable);
  }
}

async function forget(ctx: AppContext, key: string | null): Promise<void> {
  if (!key) return;
  // The row no longer names it: a failure leaves an unreferenced file the sweep removes.
  await ctx.files.delete(key).catch(() => undefined);
}

/**
 * Puts `image` (already rendered) in place of the member's photo. Concurrent replacements
 * queue on the member's row: each deletes the photo it replaced, the last one stays.
 */
export async function saveAvatar(ctx: AppContext, userId: number, image: Buffer): Promise<string | null> {
  const key = newStorageKey('a');
  const written = await ctx.files.write(key, Readable.from([image]), { maxBytes: AVATAR_MAX_BYTES });
  const hash = written.sha256.slice(0, HASH_LENGTH);
  let replaced: { key: string | null; pseudo: string };
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select({ key: users.avatarKey, pseudo: users.pseudo }).from(users).where(eq(users.id, userId)).for('update');
      if (!row) throw notFound(MESSAGES.common.notFound);
      await tx.update(users).set({ avatarKey: key, avatarHash: hash }).where(eq(users.id, userId));
      return row;
    });
  } catch (error) {
    await forget(ctx, key);
    throw error;
  }
  await forget(ctx, replaced.key);
  return avatarUrl(replaced.pseudo, hash);
}

export async function removeAvatar(ctx: AppContext, userId: number): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ key: users.avatarKey }).from(users).where(eq(users.id, userId)).for('update');
    if (row?.key) await tx.update(users).set({ avatarKey: null, avatarHash: null }).where(eq(users.id, userId));
    return row?.key ?? null;
  });
  await forget(ctx, removed);
}

/** The photo of a member who is not suspended, by exact pseudo; `version` is the `v` the address carried. */
export async function avatarDelivery(ctx: AppContext, pseudo: string, version: string | undefined): Promise<FileDelivery> {
  const [row] = await ctx.db
    .select({ key: users.avatarKey, hash: users.avatarHash })
    .from(users)
    .where(and(eq(users.pseudoKey, pseudoKey(pseudo)), eq(users.pseudo, pseudo), isNull(users.suspendedAt), isNotNull(users.avatarKey)))
    .limit(1);
  if (!row?.key || !row.hash) throw notFound(T.avatarNone);
  return {
    storageKey: row.key,
    mime: 'image/webp',
    filename: 'photo.webp',
    disposition: 'inline',
    cacheControl: version === row.hash ? FOREVER : BRIEFLY,
    etag: `"${row.hash}"`,
    ranges: false,
  };
}
