/**
 * The one fetch client: bearer header from the session, the API envelope, and errors mapped
 * to ApiError with the server's French text (docs/architecture.md §10; a 500 becomes the generic text).
 */
import { COMMON } from '@creadefi/domain';
import { takeEarlyAnswer } from './early-requests';
import { currentDrawing, getToken } from './token';

export { getToken, TOKEN_KEY } from './token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Envelope<T> {
  message?: string;
  results?: T;
}

let onUnauthorized: (() => void) | null = null;
/** The session registers how to sign out when the server says the token is no longer valid. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

const NETWORK_ERROR = 'Impossible de joindre le serveur, vérifiez votre connexion.';

/**
 * Maps a refused answer to ApiError with the server's French text (a 500 becomes the generic
 * text) and signs out when the server no longer knows the token. Every way of calling the
 * API (fetch, uploads through XMLHttpRequest, authorised downloads) goes through it.
 */
export function apiErrorFrom(status: number, data: unknown, sentToken: string | null = getToken()): ApiError {
  if (status === 0) return new ApiError(0, NETWORK_ERROR);
  if (status === 401 && sentToken) onUnauthorized?.();
  if (status >= 500 && status !== 503) return new ApiError(status, COMMON.serverError);
  const envelope = (data ?? {}) as { message?: unknown };
  const detail = (typeof envelope.message === 'object' && envelope.message !== null ? envelope.message : {}) as { message?: string; fields?: Record<string, string> };
  // A proxy in front of the API may refuse a large body before the server can word it.
  const fallback = status === 413 ? COMMON.payloadTooLarge : COMMON.serverError;
  return new ApiError(status, detail.message ?? fallback, detail.fields);
}

export async function apiFetch<T = unknown>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal; form?: FormData } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const method = init.method ?? (body ? 'POST' : 'GET');
  let res: Response;
  try {
    // A page the server draws only reads: GETs, and the reads asked with a POST, which the
    // server tells from writes (server/src/http/member-pages.ts).
    const drawing = currentDrawing();
    if (drawing && method !== 'GET' && !(method === 'POST' && init.body !== undefined)) throw new Error(`${method} ${path}`);
    res = await ((method === 'GET' && takeEarlyAnswer(path, token)) || (drawing ? drawing.send(path, method === 'GET' ? undefined : init.body) : fetch(`/api${path}`, { method, headers, body, signal: init.signal })));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw apiErrorFrom(0, null);
  }
  if (res.status === 204) return {};
  const data = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok) throw apiErrorFrom(res.status, data, token);
  return (data ?? {}) as Envelope<T>;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body: body ?? {} }),
};
