/** A client of GET /api/events over real HTTP, for tests that follow the live events. */
import { expect } from 'vitest';

export interface Stream {
  /** Resolves with the data of the next event of this type (fails after `ms`). */
  next(type: string, ms?: number): Promise<Record<string, unknown>>;
  received: string[];
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  if (res.status !== 200) throw new Error(`events answered ${res.status}`);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const received: string[] = [];
  const waiting: { type: string; resolve: (d: Record<string, unknown>) => void }[] = [];
  /** Events that arrived before anyone waited for them. */
  const unclaimed: { type: string; data: Record<string, unknown> }[] = [];
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!type) continue;
          received.push(type);
          const parsed = JSON.parse(data ?? '{}') as Record<string, unknown>;
          const i = waiting.findIndex((w) => w.type === type);
          if (i >= 0) waiting.splice(i, 1)[0]!.resolve(parsed);
          else unclaimed.push({ type, data: parsed });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    received,
    next: (type, ms = 5000) =>
      new Promise((resolve, reject) => {
        const early = unclaimed.findIndex((u) => u.type === type);
        if (early >= 0) return resolve(unclaimed.splice(early, 1)[0]!.data);
        const timer = setTimeout(() => reject(new Error(`no ${type} event within ${ms} ms (got ${received.join(', ')})`)), ms);
        waiting.push({ type, resolve: (d) => (clearTimeout(timer), resolve(d)) });
      }),
    close: () => controller.abort(),
  };
}
