/**
 * The browser's voter token for polls: drawn once at random and kept in localStorage, so that
 * the server's unique key (poll, voter) lets this browser vote once per poll.
 */
const VOTER_KEY = 'creadefi:poll-voter';
const votedKey = (token: string) => `creadefi:poll-voted:${token}`;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function voterToken(): string {
  const kept = localStorage.getItem(VOTER_KEY);
  if (kept && /^[A-Za-z0-9_-]{20,64}$/.test(kept)) return kept;
  const fresh = randomToken();
  localStorage.setItem(VOTER_KEY, fresh);
  return fresh;
}

export const hasVoted = (token: string) => localStorage.getItem(votedKey(token)) !== null;
export const rememberVote = (token: string) => localStorage.setItem(votedKey(token), '1');
