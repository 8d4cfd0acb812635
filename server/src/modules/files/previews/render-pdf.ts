/**
 * PDF proposals: the first pages rasterised at screen size (pdf.js drawing on @napi-rs/canvas),
 * stacked into one tall marked WebP. Nothing of the document (text layer, links, fonts,
 * metadata) is left to copy. Runs in the preview child process.
 */
import sharp from 'sharp';
import { markImage } from './render-image';

export const PDF_PAGES = 10;
const PAGE_WIDTH = 800;
/** Ten pages of this height stay within WebP's 16 383 px. */
const PAGE_MAX_HEIGHT = 1560;
const GAP = 16;

export async function renderPdf(input: Buffer, label: string): Promise<Buffer> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  const task = getDocument({ data: new Uint8Array(input), disableFontFace: true, useSystemFonts: false, verbosity: 0, maxImageSize: 40_000_000 });
  const doc = await task.promise;
  const pages: { png: Buffer; width: number; height: number }[] = [];
  try {
    for (let n = 1; n <= Math.min(doc.numPages, PDF_PAGES); n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(PAGE_WIDTH / base.width, PAGE_MAX_HEIGHT / base.height);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // @napi-rs/canvas is the canvas pdf.js itself uses under Node; only its types differ.
      await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0]).promise;
      pages.push({ png: canvas.toBuffer('image/png'), width: canvas.width, height: canvas.height });
      page.cleanup();
    }
  } finally {
    await task.destroy();
  }
  if (pages.length === 0) throw new Error('PDF sans page');
  const width = Math.max(...pages.map((p) => p.width));
  const height = pages.reduce((sum, p) => sum + p.height, 0) + GAP * (pages.length - 1);
  let top = 0;
  const layers = pages.map((p) => {
    const layer = { input: p.png, top, left: Math.floor((width - p.width) / 2) };
    top += p.height + GAP;
    return layer;
  });
  const sheet = await sharp({ create: { width, height, channels: 3, background: '#e9e9ee' } })
    .composite(layers)
    .png()
    .toBuffer();
  return markImage(sheet, label, false);
}
