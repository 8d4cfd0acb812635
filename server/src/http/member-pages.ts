/**
 * A member's page drawn with their data at its request (docs/decisions/0014-member-pages-drawn-with-their-data.md).
 * The web app writes the session token into a page cookie beside its storage; for a page the
 * build drew as a member's frame (a listing, a contest's page, its proposals, a conversation),
 * the server draws the page itself with the app's own components (web/src/app/prerender.tsx),
 * its data asked of the API as this member, and sends it with that data embedded: the member
 * reads their page before any script has run, and the app starts from the same data.
 *
 * The cookie is read here only: the API takes the bearer header alone, so the cookie changes
 * nothing a request can do. Whatever fails — no such session, a page that sends elsewhere, a
 * renderer missing or busy — the member gets the frame, as without the cookie.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { cookieValue } from './cookies';
import { maskedUrl } from './request-log';

/** The page cookie (web/src/api/token.ts writes it; a test checks they agree). */
export const PAGE_COOKIE = 'creadefi_page';
/** The renderer the web build leaves beside its pages (web/scripts/prerender.ts). */
export const RENDERER_FILE = '.vite/render/prerender.mjs';
/** The root's mark and the data block's id (web/src/app/prerendered.ts). */
export const MEMBER_PAGE = 'member';
export const PAGE_DATA_ID = 'creadefi-page-data';

/** Drawings waiting their turn beyond which a page gets its frame: a crowd must not queue behind them. */
export const MAX_WAITING = 4;

/** A session token as the server hands them out (modules/auth/tokens.ts: 32 random bytes, base64url). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token of the page cookie, if the request carries a well-formed one. */
export function pageCookieToken(cookieHeader: string | undefined): string | null {
  const value = cookieValue(cookieHeader, PAGE_COOKIE);
  return value !== null && TOKEN.test(value) ? value : null;
}

/** SHA-256 of the token, base64url: names the member the data was drawn for (web/src/app/page-data.ts). */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** JSON that cannot end its <script> element or be read as markup. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The frame's root, as web/scripts/prerendered-html.ts writes it. */
const FRAME_ROOT = /<div id="root" data-prerendered="signing-in">[\s\S]*?<\/div><!--\/root-->/;

/** The frame's page with the member's page in its root, and its data after it; null if the page has no frame root. */
export function withMemberPage(framePage: string, body: string, data: unknown): string | null {
  if (!FRAME_ROOT.test(framePage)) return null;
  return framePage.replace(
    FRAME_ROOT,
    () => `<div id="root" data-prerendered="${MEMBER_PAGE}">${body}</div><!--/root-->\n  <script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>`,
  );
}

/**
 * The API's reads that are asked with a POST: the listing sends its sort and filters as a body
 * (docs/architecture.md §10). A page being drawn may ask these and GETs, nothing else.
 */
export const READS_BY_POST: ReadonlySet<string> = new Set(['/concours/orderBy/any']);

interface Renderer {
  renderMemberPage(url: string, token: string, send: (path: string, body?: unknown) => Promise<Response>): Promise<{ html: string; queries: unknown } | null>;
}

/** A read of the API as the member (a GET, or one of READS_BY_POST with its body), answered in the process (the same routes, checks and caches). */
export type ApiRead = (path: string, token: string, body?: unknown) => Promise<{ status: number; body: string }>;

export interface MemberPages {
  /** The frame's page with the member's page drawn in it, or null to send the frame. */
  draw(framePage: string, url: string, token: string): Promise<string | null>;
  /** Loads the renderer (React, the app's components: about a second), so that the first member's page does not wait for it. */
  warm(): Promise<void>;
}

export function memberPages(webDist: string, read: ApiRead, log: FastifyBaseLogger): MemberPages {
  const file = path.join(webDist, RENDERER_FILE);
  // Loaded once: a renderer's modules import one another by address, and Node keeps a module
  // per address. A build written beside the running server would need the new renderer, whose
  // class names its stylesheets use: until the server restarts, members get the frame.
  let loaded: { writtenAt: number; renderer: Promise<Renderer | null> } | null = null;
  const renderer = () => {
    const writtenAt = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (!writtenAt || (loaded && loaded.writtenAt !== writtenAt)) return Promise.resolve(null);
    loaded ??= {
      writtenAt,
      renderer: import(pathToFileURL(file).href).then(
        (module: Renderer) => module,
        (error: unknown) => {
          log.error({ err: error }, 'member pages: renderer not loaded');
          return null;
        },
      ),
    };
    return loaded.renderer;
  };

  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const draw = async (framePage: string, url: string, token: string) => {
    const found = await renderer();
    if (!found) return null;
    const send = async (apiPath: string, body?: unknown) => {
      // What draws a page must not change anything: a body goes only with a read.
      if (body !== undefined && !READS_BY_POST.has(apiPath)) throw new Error(`a page being drawn sent a body to ${apiPath}`);
      const answer = await read(apiPath, token, body);
      return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
    };
    const page = await found.renderMemberPage(url, token, send);
    return page && withMemberPage(framePage, page.html, { for: tokenDigest(token), queries: page.queries });
  };

  return {
    async warm() {
      await renderer();
    },
    async draw(framePage, url, token) {
      if (waiting >= MAX_WAITING) return null;
      waiting += 1;
      // One at a time: the renderer's cache and token are its module's own (web/src/app/prerender.tsx).
      const turn = queue.then(() => draw(framePage, url, token));
      queue = turn.catch(() => undefined);
      try {
        return await turn;
      } catch (error) {
        log.error({ err: error, url: maskedUrl({ url }) }, 'member pages: page not drawn');
        return null;
      } finally {
        waiting -= 1;
      }
    },
  };
}
