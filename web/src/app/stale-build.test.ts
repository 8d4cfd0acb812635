import { afterEach, describe, expect, it, vi } from 'vitest';
import { installStaleBuildReload } from './stale-build';

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

const preloadError = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

describe('installStaleBuildReload', () => {
  it('reloads once when a script of an earlier build cannot be loaded, and not again within a minute', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    const reload = vi.fn();
    const uninstall = installStaleBuildReload(window, reload);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The new page fails the same way: the error goes on to the error screen.
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-11-23T10:01:01Z'));
    preloadError();
    expect(reload).toHaveBeenCalledTimes(2);
    uninstall();
    preloadError();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
