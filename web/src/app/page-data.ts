/**
 * The data the server drew a member's page with (prerender.tsx's renderMemberPage), embedded in
 * the page: the app's cache starts from it, so that its first screen is the page as drawn, without
 * asking again. Only for the member it was drawn for, whom the server names by a digest of their
 * token: another tab may have signed in as someone else since.
 */
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { getToken } from '../api/token';
import { PAGE_DATA_ID } from './prerendered';

export interface PageData {
  /** SHA-256 of the member's token, base64url. */
  for: string;
  queries: DehydratedState;
}

export async function tokenDigest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Puts the page's data in the cache if it was drawn for this member; whether it did. */
export async function takePageData(queryClient: QueryClient, root: Document = document): Promise<boolean> {
  const element = root.getElementById(PAGE_DATA_ID);
  const token = getToken();
  if (!element) return false;
  element.remove();
  // crypto.subtle exists only on secure origins (https, localhost).
  if (!token || !globalThis.crypto?.subtle) return false;
  try {
    const data = JSON.parse(element.textContent ?? '') as PageData;
    if (data.for !== (await tokenDigest(token))) return false;
    hydrate(queryClient, data.queries);
    return true;
  } catch {
    // an unreadable block: the page asks for its data
    return false;
  }
}
