import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame } from './after-next-frame';

describe('afterNextFrame', () => {
  const frames = new Map<number, FrameRequestCallback>();
  const drawFrame = () => {
    const due = [...frames.values()];
    frames.clear();
    due.forEach((run) => run(0));
  };
  beforeEach(() => {
    vi.useFakeTimers();
    frames.clear();
    let next = 0;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => (frames.set(++next, run), next));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => frames.delete(id));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs the task in a task of its own after the next frame, not in the frame', () => {
    const task = vi.fn();
    afterNextFrame(task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    drawFrame();
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled, before or after the frame', () => {
    const [before, after] = [vi.fn(), vi.fn()];
    afterNextFrame(before)();
    const cancelAfter = afterNextFrame(after);
    drawFrame();
    cancelAfter();
    vi.runAllTimers();
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
