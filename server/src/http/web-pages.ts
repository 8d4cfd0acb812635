/**
 * The web app's page, answered for every page path. It routes every page path itself, but a
 * missing file — a script of an earlier build asked for by a tab opened before a deployment —
 * must get a 404: answered with the page, the browser would refuse it as a script, whereas a
 * failed load lets the app reload onto the new build.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute, parseRouteHints, ROUTE_HINTS_FILE, withHints, type RouteHint } from './route-hints';
import { contestSortOfSlug, DEFAULT_CONTEST_SORT } from '@creadefi/domain';
import { PRERENDERED_FILE, prerenderedPageFor, readPrerenderedPages, withSortChosen, type DrawnPage } from './prerendered-pages';
import { withScriptsAfterFirstPaint } from './scripts-after-paint';
import { pageCookieToken, type MemberPages } from './member-pages';

const FILE_NAME = /\/[^/]*\.[a-z0-9]{1,8}$/i;

export function isWebPagePath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split(/[?#]/, 1)[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname.startsWith('/assets/')) return false;
  return !FILE_NAME.test(pathname);
}

/** A hashed file of the web build, by the path it is asked for under. */
const ASSET_PATH = /^\/assets\/[A-Za-z0-9_-][\w.-]*$/;

/**
 * The build file asked for, when the static files listed at start do not hold it: a build
 * written beside the running server, whose page is served from the next visit on (loadWebPage),
 * names files that did not exist then. Its path under the build folder, or null.
 */
export function assetWrittenAfterStart(webDist: string, url: string): string | null {
  const pathname = url.split(/[?#]/, 1)[0]!;
  if (!ASSET_PATH.test(pathname)) return null;
  return fs.statSync(path.join(webDist, pathname), { throwIfNoEntry: false })?.isFile() ? pathname.slice(1) : null;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** Brotli if the browser takes it, else gzip, else none (`q=0` refuses a coding). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    quality.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

interface RenderedPage {
  etag: string;
  /** A member page's frame, which a member's page cookie may replace with their page. */
  frame: boolean;
  body: Record<Encoding, Buffer>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page drawn for one member (member-pages.ts), compressed once: quickly, it is sent once. */
async function compressOnce(html: string, encoding: Encoding): Promise<Buffer> {
  const identity = Buffer.from(html);
  if (encoding === 'br') return brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  if (encoding === 'gzip') return gzip(identity, { level: 6 });
  return identity;
}

async function render(html: string, frame: boolean): Promise<RenderedPage> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    // As the build compresses its files: the page is small and compressed once per route.
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip(identity, { level: 9 }),
  ]);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, frame, body: { br, gzip: gz, identity } };
}

/** If-None-Match compares weakly: a page is the same whatever its compression. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
const isFresh = (ifNoneMatch: string | undefined, etag: string) => (ifNoneMatch ?? '').split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));

export interface WebPage {
  reply(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

interface Build {
  /** When index.html and the hints were written. */
  writtenAt: string;
  html: string;
  routes: RouteHint[];
  /** The pages drawn by the build (prerendered-pages.ts). */
  prerendered: DrawnPage[];
  pages: Map<string, Promise<RenderedPage>>;
}

/** Two stats per page asked for: pages are few beside API calls, and this keeps one code path. */
const writtenAt = (files: string[]) => files.map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0).join(':');

/**
 * The page of a built web app: index.html with, in its head, the files of the route asked for
 * (route-hints.ts), rendered and compressed once per route. A build without hints gets
 * index.html as it is. A build written over the running one (`npm run build` beside a running
 * server) is read again at the next page: the files the old page names are gone.
 * With `members`, a member page's frame asked for with a page cookie is sent as that member's
 * page, drawn with their data (member-pages.ts).
 */
export function loadWebPage(webDist: string, members?: MemberPages): WebPage {
  const indexFile = path.join(webDist, 'index.html');
  const hintsFile = path.join(webDist, ROUTE_HINTS_FILE);
  const files = [indexFile, hintsFile, path.join(webDist, PRERENDERED_FILE)];
  const read = (at: string): Build => ({
    writtenAt: at,
    html: fs.readFileSync(indexFile, 'utf8'),
    routes: fs.existsSync(hintsFile) ? parseRouteHints(fs.readFileSync(hintsFile, 'utf8')) : [],
    prerendered: readPrerenderedPages(webDist),
    pages: new Map(),
  });
  let build = read(writtenAt(files));
  const pageFor = (url: string) => {
    const pathname = url.split(/[?#]/, 1)[0]!;
    const search = new URLSearchParams(url.slice(pathname.length).split('#', 1)[0]);
    const at = writtenAt(files);
    if (at !== build.writtenAt) {
      // Halfway through a build the files may be missing or cut: the page served so far stays.
      try {
        build = read(at);
      } catch {
        // read again at the next page
      }
    }
    const hint = matchRoute(build.routes, pathname);
    const drawn = prerenderedPageFor(build.prerendered, pathname);
    // Only the orders the listing knows make pages of their own: a handful per drawn page.
    const sort = drawn ? contestSortOfSlug(search.get('tri')) : undefined;
    const chosen = sort && sort !== DEFAULT_CONTEST_SORT ? sort : undefined;
    const key = drawn ? `drawn:${drawn.path}${chosen ? `?${chosen}` : ''}` : (hint?.path ?? '');
    let page = build.pages.get(key);
    if (!page) {
      page = render(drawn ? withScriptsAfterFirstPaint(withHints(chosen ? withSortChosen(drawn.html, chosen) : drawn.html, hint), drawn) : withHints(build.html, hint), drawn?.signingIn ?? false);
      build.pages.set(key, page);
    }
    return page;
  };
  return {
    async reply(request, reply) {
      const page = await pageFor(request.url);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const token = members && page.frame && request.method === 'GET' ? pageCookieToken(request.headers.cookie) : null;
      const drawn = token ? await members!.draw(page.body.identity.toString('utf8'), request.url, token) : null;
      if (drawn) {
        // One member's page: kept by no cache, not even theirs (it would outlive their session).
        reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(await compressOnce(drawn, encoding));
      }
      reply.header('cache-control', 'no-cache').header('vary', page.frame ? 'accept-encoding, cookie' : 'accept-encoding').header('etag', page.etag).type('text/html; charset=utf-8');
      if (isFresh(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(page.body[encoding]);
    },
  };
}
