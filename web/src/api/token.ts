/** Where the session's bearer token is kept (docs/architecture.md §7), read without the rest of the client. */
export const TOKEN_KEY = 'creadefi.token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
