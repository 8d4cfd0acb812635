/** Reads a PDF's text as a reader would copy it: lines joined by spaces, every kind of space made one. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

export const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

export async function pdfText(bytes: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 });
  const pdf = await task.promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? ' ' : '');
    text += ' ';
  }
  await task.destroy();
  return flat(text);
}
