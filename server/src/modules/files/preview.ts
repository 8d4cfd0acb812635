/**
 * Small previews of image proposals: what the organiser judges from, and the only form in
 * which a non-winning image leaves its author (see access.ts). WebP, 480 px wide, metadata
 * (GPS position, camera) stripped by sharp's default.
 */
import { pipeline } from 'node:stream';
import sharp from 'sharp';
import type { FileStore } from '../../adapters/files/port';
import { differenceHash } from '../originality/dhash';

const PREVIEW_WIDTH = 480;
export const PREVIEW_MIME = 'image/webp';
const PREVIEWABLE = ['image/png', 'image/jpeg', 'image/gif'];
/** A 50-megapixel ceiling keeps a decompression bomb from taking the server's memory. */
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_PREVIEW_BYTES = 20_000_000;

/** The preview's key, or null when sharp cannot read the image: it then simply has none. */
export async function makePreview(files: FileStore, storageKey: string, mime: string): Promise<string | null> {
  if (!PREVIEWABLE.includes(mime)) return null;
  const previewKey = `${storageKey}-preview`;
  try {
    // A GIF keeps its animation: a still first frame would not let the organiser judge it.
    const animated = mime === 'image/gif';
    let image = sharp({ limitInputPixels: MAX_INPUT_PIXELS, animated });
    if (!animated) image = image.rotate();
    image = image.resize({ width: PREVIEW_WIDTH, withoutEnlargement: true }).webp({ quality: 80 });
    const source = await files.read(storageKey);
    await files.write(previewKey, pipeline(source, image, () => {}), { maxBytes: MAX_PREVIEW_BYTES });
    return previewKey;
  } catch {
    await files.delete(previewKey);
    return null;
  }
}

/**
 * The difference hash of an image proposal, taken from its preview: already upright and
 * small, it decodes in milliseconds where the original may take a second; shrinking to 9 × 8
 * pixels makes the two hashes agree. Null when the preview cannot be read: no comparison then.
 */
export async function hashPreview(files: FileStore, previewKey: string): Promise<bigint | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await files.read(previewKey)) chunks.push(chunk as Buffer);
    return await differenceHash(Buffer.concat(chunks));
  } catch {
    return null;
  }
}
