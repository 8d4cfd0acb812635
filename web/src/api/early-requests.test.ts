import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, TOKEN_KEY } from './client';
import { earlyPaths, sendEarlyRequests, takeEarlyAnswer } from './early-requests';

const answer = (results: unknown) => new Response(JSON.stringify({ results }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the first requests of a member’s page', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'jeton-du-membre'));
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('are the profile, the contest of a contest page or of its proposals, and a conversation', () => {
    expect(earlyPaths('/concours/design')).toEqual(['/user/me']);
    expect(earlyPaths('/details-concours/42')).toEqual(['/user/me', '/concours/read/42']);
    expect(earlyPaths('/participations/42')).toEqual(['/user/me', '/concours/read/42']);
    expect(earlyPaths('/messages/7')).toEqual(['/user/me', '/message/readByParticipant/7']);
    expect(earlyPaths('/details-concours/abc')).toEqual(['/user/me']);
    expect(earlyPaths('/messages')).toEqual(['/user/me']);
  });

  it('leave with the member’s token, and the client takes each answer once instead of asking again', async () => {
    const send = vi.fn(async (url: string, _init?: RequestInit) => answer({ url }));
    sendEarlyRequests('/details-concours/42', send as unknown as typeof fetch);
    expect(send.mock.calls.map(([url, init]) => [url, init?.headers])).toEqual([
      ['/api/user/me', { accept: 'application/json', authorization: 'Bearer jeton-du-membre' }],
      ['/api/concours/read/42', { accept: 'application/json', authorization: 'Bearer jeton-du-membre' }],
    ]);

    const later = vi.fn(async () => answer({ url: 'sent again' }));
    vi.stubGlobal('fetch', later);
    expect(await apiFetch('/concours/read/42')).toEqual({ results: { url: '/api/concours/read/42' } });
    // Taken once: the next call is a request of its own.
    expect(await apiFetch('/concours/read/42')).toEqual({ results: { url: 'sent again' } });
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('are not sent for a visitor, and not taken under another token or after ten seconds', () => {
    const send = vi.fn(async () => answer({}));
    localStorage.clear();
    sendEarlyRequests('/details-concours/42', send as unknown as typeof fetch);
    expect(send).not.toHaveBeenCalled();

    localStorage.setItem(TOKEN_KEY, 'jeton-du-membre');
    vi.useFakeTimers();
    sendEarlyRequests('/details-concours/42', send as unknown as typeof fetch);
    expect(takeEarlyAnswer('/user/me', 'autre-jeton')).toBeUndefined();
    expect(takeEarlyAnswer('/user/me', 'jeton-du-membre')).toBeUndefined();
    vi.advanceTimersByTime(10_000);
    expect(takeEarlyAnswer('/concours/read/42', 'jeton-du-membre')).toBeUndefined();
  });

  it('fail as the taker’s own request would, with the client’s network message', async () => {
    sendEarlyRequests('/concours/design', (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    await expect(apiFetch('/user/me')).rejects.toMatchObject({ status: 0, message: 'Impossible de joindre le serveur, vérifiez votre connexion.' });
  });
});
