import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrolledPast } from './use-scrolled-past';

describe('useScrolledPast', () => {
  let frames: FrameRequestCallback[] = [];
  const nextFrame = () => act(() => frames.splice(0).forEach((run) => run(performance.now())));
  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  };

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads a position kept by a reload once the next frame is drawn, not while the page is being committed', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 500 });
    const { result } = renderHook(() => useScrolledPast(80));
    expect(result.current).toBe(false);
    nextFrame();
    expect(result.current).toBe(false);
    act(() => vi.runAllTimers());
    expect(result.current).toBe(true);
  });

  it('follows the scroll, once per frame', () => {
    const { result } = renderHook(() => useScrolledPast(80));
    nextFrame();
    act(() => vi.runAllTimers());
    scrollTo(50);
    scrollTo(120);
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(result.current).toBe(true);
    scrollTo(10);
    nextFrame();
    expect(result.current).toBe(false);
  });
});
