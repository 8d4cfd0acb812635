/**
 * Images and PDF pages: downscaled and marked, as WebP. Runs in the preview child process
 * (child.ts), never in the server's own.
 */
import sharp from 'sharp';
import { markSvg } from './mark';

export const IMAGE_PREVIEW_WIDTH = 480;
/** A 50-megapixel ceiling keeps a decompression bomb from taking the child's memory. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Lays the mark over an image already at its preview size (every frame of an animation). */
export async function markImage(input: Buffer, label: string, animated: boolean): Promise<Buffer> {
  const meta = await sharp(input, { animated }).metadata();
  const width = meta.width!;
  const height = animated ? (meta.pageHeight ?? meta.height!) : meta.height!;
  // One tile per frame: an animation is a strip of frames, each gets the whole mark.
  const mark = await sharp(markSvg(width, height, label)).png().toBuffer();
  return sharp(input, { animated })
    .composite([{ input: mark, tile: true, top: 0, left: 0 }])
    .webp({ quality: 80 })
    .toBuffer();
}

export async function renderImage(input: Buffer, mime: string, label: string): Promise<Buffer> {
  // A GIF keeps its animation: a still first frame would not let the organiser judge it.
  const animated = mime === 'image/gif';
  let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated });
  if (!animated) image = image.rotate();
  const small = await image.resize({ width: IMAGE_PREVIEW_WIDTH, withoutEnlargement: true }).webp({ lossless: true }).toBuffer();
  return markImage(small, label, animated);
}
