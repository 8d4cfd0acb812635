import { useEffect, useState } from 'react';
import { useReducedMotion } from '@mantine/hooks';

/** docs/product.md §11: the landing counters run for 2 s. */
const COUNT_UP_MS = 2000;

/** Counts from 0 to `target` once `start` turns true, easing out; shows the target at once with reduced motion. */
export function useCountUp(target: number, start: boolean, duration = COUNT_UP_MS): number {
  const reduced = useReducedMotion();
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!start || reduced) return;
    let frame = 0;
    const began = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - began) / duration);
      setValue(Math.round(target * (1 - Math.pow(1 - t, 3))));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [start, reduced, target, duration]);
  return reduced ? target : value;
}
