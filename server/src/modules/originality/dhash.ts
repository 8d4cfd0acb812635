/**
 * The difference hash (dHash) of an image: greyscale, shrunk to 9 × 8 pixels, then one bit per
 * pair of horizontal neighbours (is the right one brighter?). Resizing, recompressing or
 * slightly retouching an image changes few of its 64 bits; another image changes about half.
 */
import sharp, { type Sharp } from 'sharp';
import type { FileStore } from '../../adapters/files/port';

const WIDTH = 9;
const HEIGHT = 8;
/** A decompression bomb is refused before it takes the server's memory (as previews do). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Two images whose hashes differ in at most this many of 64 bits are taken for near copies.
 * Measured: a copy shrunk to 70 % and saved as JPEG quality 60 stays within 0–4 bits, photos
 * and textured images of other subjects sit around 32 (half the bits), rarely under 20. Flat
 * images come closer: two unrelated logos centred on a plain light background share the bits
 * of their background and were measured 7 bits apart (the demo's yoga logos). 6 keeps every
 * measured copy in and those logos out; 10, the usual figure for photos, would flag them.
 */
export const NEAR_COPY_MAX_DISTANCE = 6;

/** The 64 bits as a signed 64-bit integer, the type PostgreSQL's bigint stores. */
export async function differenceHash(image: Buffer): Promise<bigint> {
  return hashOf(sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }));
}

async function hashOf(image: Sharp): Promise<bigint> {
  const { data, info } = await image.rotate().greyscale().resize(WIDTH, HEIGHT, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  let hash = 0n;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH - 1; x++) {
      const left = data[(y * WIDTH + x) * channels]!;
      const right = data[(y * WIDTH + x + 1) * channels]!;
      hash = (hash << 1n) | (right > left ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest > 0n) {
    count += Number(rest & 1n);
    rest >>= 1n;
  }
  return count;
}

/** Images a hash is taken of; a GIF is hashed from its first frame. */
const HASHED = ['image/png', 'image/jpeg', 'image/gif'];

/**
 * The difference hash of a stored image, read from the store as it streams (sharp shrinks a
 * JPEG while decoding it), or null for other media and for an image sharp cannot read: no
 * comparison then. Taken at upload, before the marked preview exists, so that the organiser
 * sees a resemblance as soon as the proposal arrives.
 */
export async function hashStoredImage(files: FileStore, storageKey: string, mime: string): Promise<bigint | null> {
  if (!HASHED.includes(mime)) return null;
  try {
    const image = sharp({ limitInputPixels: MAX_INPUT_PIXELS });
    const source = await files.read(storageKey);
    // A store that fails mid-read must end the decoding too, or it would wait for bytes forever.
    source.on('error', (error) => image.destroy(error));
    source.pipe(image);
    return await hashOf(image);
  } catch {
    return null;
  }
}
