/**
 * The pages the web build draws beforehand (web/scripts/prerender.ts): public pages as a
 * visitor sees them, and the frames of some member pages as a member sees them while their
 * profile loads. For these addresses the server sends the drawn page, which shows its text
 * before any script has run, instead of the app's empty page. The build lists them, address
 * → file, in a note that is never served; a `:param` segment of an address stands for any value.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CONTEST_SORT, type ContestSortValue } from '@creadefi/domain';
import { matchRoute } from './route-hints';

export const PRERENDERED_FILE = '.vite/prerendered.json';

const prerenderedFile = z.object({
  pages: z.record(z.string().startsWith('/'), z.string()),
  /** The addresses whose page is a member's frame. */
  signingIn: z.array(z.string().startsWith('/')).default([]),
});

export interface DrawnPage {
  /** The address as the build lists it (a pattern for a frame that stands for any id). */
  path: string;
  html: string;
  /** A member page's frame, drawn as the member sees it while their profile loads. */
  signingIn: boolean;
}

/** The drawn pages of a build; none for a build that drew none. */
export function readPrerenderedPages(webDist: string): DrawnPage[] {
  const list = path.join(webDist, PRERENDERED_FILE);
  if (!fs.existsSync(list)) return [];
  const { pages, signingIn } = prerenderedFile.parse(JSON.parse(fs.readFileSync(list, 'utf8')));
  const dist = path.resolve(webDist);
  return Object.entries(pages).map(([address, file]) => {
    const full = path.resolve(dist, file);
    if (!full.startsWith(`${dist}${path.sep}`)) throw new Error(`${PRERENDERED_FILE} : ${file} hors du dossier de la build`);
    return { path: address, html: fs.readFileSync(full, 'utf8'), signingIn: signingIn.includes(address) };
  });
}

/**
 * The drawn page for a page path, matched as the app's router matches it (a named address
 * before a pattern; a trailing slash ignored).
 */
export function prerenderedPageFor(pages: readonly DrawnPage[], pathname: string): DrawnPage | undefined {
  return matchRoute(pages, pathname);
}

/**
 * A listing's frame is drawn in the listing's default order. An address that asks for another
 * (`?tri=plus-de-gains`) gets the frame with that order chosen in its sort menu: the menu would
 * otherwise show one order, then another once the app has run. A page without that menu, or
 * whose menu lacks the order, is returned as it is.
 */
export function withSortChosen(html: string, sort: ContestSortValue): string {
  const drawnChoice = `<option value="${DEFAULT_CONTEST_SORT}" selected="">`;
  const wanted = `<option value="${sort}">`;
  if (sort === DEFAULT_CONTEST_SORT || html.split(drawnChoice).length !== 2 || html.split(wanted).length !== 2) return html;
  return html.replace(drawnChoice, `<option value="${DEFAULT_CONTEST_SORT}">`).replace(wanted, `<option value="${sort}" selected="">`);
}
