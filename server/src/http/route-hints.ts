/**
 * The files of each web route that its page announces (written by the web build from
 * router.tsx, web/scripts/route-hints.ts): the browser then fetches the route's code beside the
 * entry instead of after the entry has run. A wrong guess costs bytes, never correctness, so
 * the matching follows React Router's rules only as far as the app's route paths need.
 */
import { z } from 'zod';

/** Beside the build's manifest, in a folder that is never served. */
export const ROUTE_HINTS_FILE = '.vite/route-hints.json';

const routeHintsFile = z.object({
  routes: z.array(z.object({ path: z.string(), modules: z.array(z.string()), styles: z.array(z.string()) })),
});

export type RouteHint = z.infer<typeof routeHintsFile>['routes'][number];

export function parseRouteHints(json: string): RouteHint[] {
  return routeHintsFile.parse(JSON.parse(json)).routes;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * How well a route path matches a page path, or null: a fixed segment outranks a parameter,
 * which outranks a trailing `*` (React Router's ranking; its matching ignores case and a
 * trailing slash).
 */
function score(pattern: string[], path: string[]): number | null {
  let total = 0;
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    if (expected === '*' && i === pattern.length - 1) return total - 2;
    const actual = path[i];
    if (actual === undefined) return null;
    if (expected.startsWith(':')) total += 3;
    else if (expected.toLowerCase() === actual.toLowerCase()) total += 10;
    else return null;
  }
  return pattern.length === path.length ? total : null;
}

/** The route a page path lands on; among equals, the first listed (as the router would). */
export function matchRoute<T extends { path: string }>(routes: readonly T[], pathname: string): T | undefined {
  const path = segmentsOf(pathname).map(decodeSegment);
  let best: { route: T; score: number } | undefined;
  for (const route of routes) {
    const s = score(segmentsOf(route.path), path);
    if (s !== null && (!best || s > best.score)) best = { route, score: s };
  }
  return best?.route;
}

/** A value written between double quotes in an HTML attribute. */
export const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<link>` tags of a route's files, in the crossorigin mode the app's own loading uses. */
function hintTags(hint: RouteHint): string {
  return [
    ...hint.modules.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
    ...hint.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`),
  ].join('\n    ');
}

/** The page with the route's hints last in its head, after the entry and its own imports. */
export function withHints(html: string, hint: RouteHint | undefined): string {
  if (!hint || (hint.modules.length === 0 && hint.styles.length === 0)) return html;
  const end = html.search(/<\/head>/i);
  if (end < 0) return html;
  return `${html.slice(0, end)}  ${hintTags(hint)}\n  ${html.slice(end)}`;
}
