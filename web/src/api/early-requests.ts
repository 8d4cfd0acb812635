/**
 * The first requests of a member's page, sent by the entry as soon as the page arrives rather
 * than once the app's code has arrived and run: the profile, which every page waits for
 * (docs/product.md §11), and the data of a page whose address alone says what to ask. The client
 * (client.ts) takes each answer once, for the same request with the same token, instead of
 * sending it again. This module is the entry's only import: it must stay small.
 */
import { getToken } from './token';

/** The GET requests (paths under /api) a page at this address starts with. */
export function earlyPaths(pathname: string): string[] {
  // A contest's page and its proposals page both start from the contest (router.tsx's contestData).
  const contest = /^\/(?:details-concours|participations)\/(\d+)\/?$/.exec(pathname);
  const conversation = /^\/messages\/(\d+)\/?$/.exec(pathname);
  return ['/user/me', ...(contest ? [`/concours/read/${contest[1]}`] : []), ...(conversation ? [`/message/readByParticipant/${conversation[1]}`] : [])];
}

/** An answer not taken by then belongs to a page that did not ask: it is dropped. */
const KEPT_MS = 10_000;

const sent = new Map<string, { token: string; answer: Promise<Response> }>();

export function sendEarlyRequests(pathname: string, send: typeof fetch = fetch): void {
  const token = getToken();
  if (!token) return;
  for (const path of earlyPaths(pathname)) {
    const answer = send(`/api${path}`, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
    // A failure is the taker's to report, as if it had sent the request itself.
    answer.catch(() => undefined);
    const early = { token, answer };
    sent.set(path, early);
    setTimeout(() => sent.get(path) === early && sent.delete(path), KEPT_MS);
  }
}

/** The early answer to this request, once; none if the token changed since it was sent. */
export function takeEarlyAnswer(path: string, token: string | null): Promise<Response> | undefined {
  const early = sent.get(path);
  if (!early) return undefined;
  sent.delete(path);
  return early.token === token ? early.answer : undefined;
}
