/**
 * Handlers whose identity never changes and that call the latest ones given. A part memoised
 * with `memo` keeps its props when its parent draws again with new closures (a page redrawn on
 * each answer of its queries), and still calls what the parent last drew.
 */
import { useLayoutEffect, useState } from 'react';

type Handlers = Record<string, (...args: never[]) => unknown>;

/** The handlers drawn last, read only when a handler is called (never while drawing). */
function latestHandlers<T extends Handlers>(first: T) {
  let latest = first;
  const stable = Object.fromEntries(Object.keys(first).map((key) => [key, (...args: never[]) => latest[key]!(...args)])) as T;
  return { stable, update: (handlers: T) => void (latest = handlers) };
}

export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const [{ stable, update }] = useState(() => latestHandlers(handlers));
  // Before any event can reach them: layout effects run before the browser hands one over.
  useLayoutEffect(() => update(handlers));
  return stable;
}
