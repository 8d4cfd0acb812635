/**
 * A fixed number of places for work that takes a process of its own, for one instance: who
 * finds them all taken waits its turn, first come first served, for a bounded time, then is
 * told no place came (and does without), rather than a crowd starting a process each.
 */
export interface Slots {
  /** True with a place taken (give it back with `release`), false when none came in time. */
  take(): Promise<boolean>;
  release(): void;
}

export function slots(count: number, waitMs: number): Slots {
  let taken = 0;
  const waiting: (() => void)[] = [];
  return {
    take() {
      if (taken < count) {
        taken += 1;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          taken += 1;
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(wake), 1);
          resolve(false);
        }, waitMs);
        waiting.push(wake);
      });
    },
    release() {
      taken -= 1;
      waiting.shift()?.();
    },
  };
}
