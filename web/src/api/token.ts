/** Where the session's bearer token is kept (docs/architecture.md §7), read without the rest of the client. */
export const TOKEN_KEY = 'creadefi.token';

/**
 * The same token, for the server's page requests only: with it the server draws a member's page
 * with their data (docs/decisions/0014-member-pages-drawn-with-their-data.md). The API never reads
 * it; it is written and cleared with the stored token.
 */
export const PAGE_COOKIE = 'creadefi_page';

/** As long as a session can last (SESSION_DAYS): the server checks the session at every page. */
const PAGE_COOKIE_SECONDS = 30 * 24 * 3600;

/**
 * While the server draws a member's page (app/prerender.tsx): the member's token, and how the
 * page's first requests are answered there (by the API itself, with that token).
 */
export interface Drawing {
  token: string;
  /** A GET, or with a body one of the API's reads asked with a POST (the listing's). */
  send(path: string, body?: unknown): Promise<Response>;
}

let drawing: Drawing | null = null;

export function drawFor(next: Drawing | null): void {
  drawing = next;
}

export function currentDrawing(): Drawing | null {
  return drawing;
}

export function getToken(): string | null {
  if (drawing) return drawing.token;
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function cookieOf(token: string | null): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = token ? `Max-Age=${PAGE_COOKIE_SECONDS}` : 'Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  return `${PAGE_COOKIE}=${token ?? ''}; Path=/; ${lifetime}; SameSite=Lax${secure}`;
}

/** Writes the page cookie for this token, or clears it. */
export function writePageCookie(token: string | null): void {
  try {
    document.cookie = cookieOf(token);
  } catch {
    // cookies refused: pages are drawn as frames, then filled by the app
  }
}

/** At each page's start: a session kept from before the cookie existed, or whose cookie expired first, gets it back. */
export function syncPageCookie(): void {
  const token = getToken();
  const current = document.cookie.split('; ').find((part) => part.startsWith(`${PAGE_COOKIE}=`));
  if ((current?.slice(PAGE_COOKIE.length + 1) || null) !== token) writePageCookie(token);
}
