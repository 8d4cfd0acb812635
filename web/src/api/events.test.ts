import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createSseParser, invalidateFor, liveKeys, resetLiveEventsForTests, subscribeLiveEvents, type LiveEvent } from './events';
import { TOKEN_KEY } from './client';

afterEach(() => {
  resetLiveEventsForTests();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('createSseParser', () => {
  it('reads events cut anywhere across chunks, ignores comments and reports retry hints', () => {
    const seen: { event: string; data: string }[] = [];
    const retries: number[] = [];
    const feed = createSseParser((m) => seen.push(m), (ms) => retries.push(ms));
    feed('retry: 5000\n\nevent: ready\ndata: {}\n\n: ping\n\nevent: mes');
    feed('sage\ndata: {"type":"message",');
    feed('"idParticipation":4}\r\n\r\n');
    expect(retries).toEqual([5000]);
    expect(seen).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'message', data: '{"type":"message","idParticipation":4}' },
    ]);
  });
});

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(encoder.encode(chunk)));
      // Left open, as a live stream is.
    },
  });
}

describe('subscribeLiveEvents', () => {
  it('opens one connection with the bearer header for every listener, and delivers the events', async () => {
    localStorage.setItem(TOKEN_KEY, 'jeton');
    const fetchMock = vi.fn(async () => new Response(streamOf(['event: ready\ndata: {}\n\n', 'event: notification\ndata: {"type":"notification","idParticipation":null}\n\n']), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    const stopA = subscribeLiveEvents((e) => a.push(e));
    const stopB = subscribeLiveEvents((e) => b.push(e));
    await vi.waitFor(() => expect(a).toHaveLength(1));
    expect(b).toEqual([{ type: 'notification', idParticipation: null }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/events');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer jeton');
    stopA();
    stopB();
  });

  it('comes back after a failure, with a delay', async () => {
    vi.useFakeTimers();
    try {
      localStorage.setItem(TOKEN_KEY, 'jeton');
      const fetchMock = vi.fn().mockRejectedValueOnce(new TypeError('network')).mockResolvedValue(new Response(streamOf(['event: ready\ndata: {}\n\n']), { status: 200 }));
      vi.stubGlobal('fetch', fetchMock);
      const stop = subscribeLiveEvents(() => {});
      await vi.advanceTimersByTimeAsync(10);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a refused token', async () => {
    vi.useFakeTimers();
    try {
      localStorage.setItem(TOKEN_KEY, 'jeton');
      const fetchMock = vi.fn(async () => new Response('{}', { status: 401 }));
      vi.stubGlobal('fetch', fetchMock);
      const stop = subscribeLiveEvents(() => {});
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('invalidateFor', () => {
  it('refreshes the conversation lists, the conversation and the header badges on a message', () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    invalidateFor(client, { type: 'message', idParticipation: 4 });
    const keys = spy.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual([liveKeys.conversationLists, liveKeys.conversation(4), ['notifications', 'unread-count']]);
    spy.mockClear();
    invalidateFor(client, { type: 'notification', idParticipation: null });
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['notifications']]);
  });
});
