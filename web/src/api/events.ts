/**
 * Live events (GET /api/events, server-sent events). EventSource cannot send the bearer
 * header, so the stream is read with fetch() and a ReadableStream reader. A tab keeps one
 * connection whatever the number of pages listening, opened with the first subscriber and
 * closed shortly after the last one leaves (so moving from the list to a conversation keeps
 * it). A dropped connection comes back with an exponential backoff; events missed meanwhile
 * are caught up by refetching everything the events would have refreshed.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEventDto } from '@creadefi/domain';
import { getToken } from './client';

export type LiveEvent = LiveEventDto;
type Listener = (event: LiveEvent) => void;

/** Query keys the events refresh; the pages that show these data use the same keys. */
export const liveKeys = {
  messages: ['messages'] as const,
  conversationLists: ['messages', 'list'] as const,
  conversationList: (side: 'organiser' | 'participant') => ['messages', 'list', side] as const,
  conversations: ['messages', 'conversation'] as const,
  conversation: (idParticipation: number) => ['messages', 'conversation', idParticipation] as const,
  notifications: ['notifications'] as const,
  notificationPages: ['notifications', 'page'] as const,
  /** The header's badges (web/src/app/layout/use-unread-counts.ts). */
  unreadCounts: ['notifications', 'unread-count'] as const,
};

/** Waits before reconnecting: 1 s, 2 s, 4 s… up to 30 s, with jitter so tabs do not return together. */
const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** Leaving one page for another subscribing page must not drop and reopen the stream. */
const LINGER_MS = 3000;

export interface SseMessage {
  event: string;
  data: string;
}

/**
 * An incremental parser of the text/event-stream format: feed it chunks as they arrive; it
 * calls back for each complete event and for `retry:` hints. Comment lines (": ping") are
 * the server's heartbeat and are ignored.
 */
export function createSseParser(onMessage: (message: SseMessage) => void, onRetry?: (ms: number) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    // The last piece may be a line cut in the middle: it waits for the next chunk.
    buffer = lines.pop() ?? '';
    for (const text of lines) line(text);
  };
}

function parseLiveEvent(message: SseMessage): LiveEvent | null {
  if (message.event !== 'message' && message.event !== 'notification') return null;
  try {
    const value = JSON.parse(message.data) as Partial<LiveEvent>;
    const type = value.type === 'message' || value.type === 'notification' ? value.type : message.event;
    return { type, idParticipation: typeof value.idParticipation === 'number' ? value.idParticipation : null };
  } catch {
    return null;
  }
}

type Status = 'idle' | 'connecting' | 'open';

const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let status: Status = 'idle';
let controller: AbortController | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let lingerTimer: ReturnType<typeof setTimeout> | null = null;
let attempt = 0;
let serverRetryMs = 0;
/** After a drop, what was missed is fetched again once the stream is back. */
let missedSome = false;

function setStatus(next: Status) {
  if (status === next) return;
  status = next;
  statusListeners.forEach((notify) => notify());
}

function emit(event: LiveEvent) {
  [...listeners].forEach((listener) => listener(event));
}

function scheduleReconnect() {
  if (retryTimer || listeners.size === 0) return;
  const base = Math.min(BACKOFF_MAX_MS, Math.max(serverRetryMs, BACKOFF_START_MS * 2 ** attempt));
  attempt++;
  const delay = Math.round(base * (0.75 + Math.random() * 0.5));
  retryTimer = setTimeout(() => {
    retryTimer = null;
    connect();
  }, delay);
}

async function run(signal: AbortSignal, token: string) {
  const res = await fetch('/api/events', { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` }, signal, cache: 'no-store' });
  // A token the server refuses is the session's business; retrying it would only repeat the refusal.
  if (res.status === 401 || res.status === 403) return 'refused' as const;
  if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const feed = createSseParser(
    (message) => {
      if (message.event === 'ready') {
        setStatus('open');
        attempt = 0;
        if (missedSome) {
          missedSome = false;
          emit({ type: 'message', idParticipation: null });
          emit({ type: 'notification', idParticipation: null });
        }
        return;
      }
      const event = parseLiveEvent(message);
      if (event) emit(event);
    },
    (ms) => {
      serverRetryMs = ms;
    },
  );
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'ended' as const;
    feed(decoder.decode(value, { stream: true }));
  }
}

function connect() {
  if (controller || listeners.size === 0) return;
  const token = getToken();
  if (!token) {
    setStatus('idle');
    return;
  }
  const current = new AbortController();
  controller = current;
  setStatus('connecting');
  run(current.signal, token)
    .then((outcome) => {
      if (controller !== current) return;
      controller = null;
      setStatus('idle');
      missedSome = true;
      if (outcome === 'ended') scheduleReconnect();
    })
    .catch(() => {
      if (controller !== current) return;
      controller = null;
      setStatus('idle');
      missedSome = true;
      scheduleReconnect();
    });
}

function disconnect() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  controller?.abort();
  controller = null;
  attempt = 0;
  missedSome = false;
  setStatus('idle');
}

/** Coming back online is a better signal than any backoff. */
function onOnline() {
  if (listeners.size === 0 || controller) return;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  attempt = 0;
  connect();
}

/** Listens to the tab's live events; the returned function stops listening. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (lingerTimer) clearTimeout(lingerTimer);
  lingerTimer = null;
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('online', onOnline);
  // A task later: a page being taken over subscribes amid all its other effects, in one task
  // that a slowed phone already finds long; the stream need not open in that very task.
  setTimeout(connect);
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return;
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    lingerTimer = setTimeout(() => {
      lingerTimer = null;
      if (listeners.size === 0) disconnect();
    }, LINGER_MS);
  };
}

function subscribeStatus(notify: () => void) {
  statusListeners.add(notify);
  return () => statusListeners.delete(notify);
}

/** Whether events are arriving now; pages poll only while they are not. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribeStatus,
    () => status === 'open',
    () => false,
  );
}

/** What an event makes stale: the conversation lists, the conversation itself, the bell and the badges. */
export function invalidateFor(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type === 'message') {
    void queryClient.invalidateQueries({ queryKey: liveKeys.conversationLists });
    void queryClient.invalidateQueries({ queryKey: event.idParticipation === null ? liveKeys.conversations : liveKeys.conversation(event.idParticipation) });
    void queryClient.invalidateQueries({ queryKey: liveKeys.unreadCounts });
  } else {
    void queryClient.invalidateQueries({ queryKey: liveKeys.notifications });
  }
}

/**
 * Keeps the page's data live while it is shown: every event refreshes the queries it makes
 * stale. `onEvent` lets a page react further (scroll, sound) without its own subscription.
 */
export function useLiveEvents(onEvent?: Listener): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        invalidateFor(queryClient, event);
        onEvent?.(event);
      }),
    [queryClient, onEvent],
  );
}

/** Tests start every case from a closed connection. */
export function resetLiveEventsForTests(): void {
  listeners.clear();
  if (lingerTimer) clearTimeout(lingerTimer);
  lingerTimer = null;
  disconnect();
  serverRetryMs = 0;
}
