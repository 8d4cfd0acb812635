import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWhenIdle } from './load-when-idle';

describe('loadWhenIdle', () => {
  const idle: IdleRequestCallback[] = [];
  const beIdle = async () => {
    idle.splice(0).forEach((run) => run({ didTimeout: false, timeRemaining: () => 50 }));
    // Let a failed load's rejection be handled.
    await Promise.resolve();
    await Promise.resolve();
  };
  const requestIdleCallback = vi.fn((run: IdleRequestCallback) => idle.push(run));
  beforeEach(() => {
    idle.length = 0;
    requestIdleCallback.mockClear();
    Object.defineProperty(window, 'requestIdleCallback', { value: requestIdleCallback, configurable: true, writable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'requestIdleCallback');
    vi.useRealTimers();
  });

  it('loads only once the browser is idle, and once however many ask', async () => {
    const load = vi.fn(() => Promise.resolve('code'));
    loadWhenIdle(load);
    loadWhenIdle(load);
    expect(load).not.toHaveBeenCalled();
    await beIdle();
    expect(load).toHaveBeenCalledTimes(1);
    loadWhenIdle(load);
    await beIdle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives the load a deadline on a page that is never idle', () => {
    loadWhenIdle(() => Promise.resolve());
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 5_000 });
  });

  it('waits a second where the browser cannot say when it is idle', () => {
    Reflect.deleteProperty(window, 'requestIdleCallback');
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    loadWhenIdle(load);
    vi.advanceTimersByTime(999);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again later when a load failed, without reporting it', async () => {
    const load = vi.fn(() => Promise.reject(new Error('réseau coupé')));
    loadWhenIdle(load);
    await beIdle();
    expect(load).toHaveBeenCalledTimes(1);
    loadWhenIdle(load);
    await beIdle();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
