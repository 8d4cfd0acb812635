/**
 * The public pages the web build draws beforehand (web/scripts/prerender.ts): for these
 * addresses the server sends the drawn page, which shows its text before any script has run,
 * instead of the app's empty page. The build lists them, address → file, in a note that is
 * never served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const PRERENDERED_FILE = '.vite/prerendered.json';

const prerenderedFile = z.object({ pages: z.record(z.string().startsWith('/'), z.string()) });

/** Address → page, read from a build; none for a build that drew none. */
export function readPrerenderedPages(webDist: string): Map<string, string> {
  const list = path.join(webDist, PRERENDERED_FILE);
  if (!fs.existsSync(list)) return new Map();
  const { pages } = prerenderedFile.parse(JSON.parse(fs.readFileSync(list, 'utf8')));
  const dist = path.resolve(webDist);
  return new Map(
    Object.entries(pages).map(([pathname, file]) => {
      const full = path.resolve(dist, file);
      if (!full.startsWith(`${dist}${path.sep}`)) throw new Error(`${PRERENDERED_FILE} : ${file} hors du dossier de la build`);
      return [pathname, fs.readFileSync(full, 'utf8')];
    }),
  );
}

/** The drawn page for a page path, with the address it was drawn for: React Router ignores a trailing slash, so does this. */
export function prerenderedPageFor(pages: Map<string, string>, pathname: string): { address: string; html: string } | undefined {
  const address = pathname.replace(/\/+$/, '') || '/';
  const html = pages.get(address);
  return html === undefined ? undefined : { address, html };
}
