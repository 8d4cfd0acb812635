import { useEffect, useState } from 'react';
import { useReducedMotion } from '@mantine/hooks';
import classes from './Hero.module.css';

/** docs/product.md §11: each word stays 1500 ms on screen; the change itself takes ENTER_MS more. */
const PAUSE_MS = 1500;
const ENTER_MS = 700;

/**
 * The cycling end of the headline "Besoin d'un …" (docs/product.md §11). Hidden from assistive
 * technologies: the heading carries the full list once, in plain text. With reduced motion
 * the words still change, without moving.
 */
export function HeadlineRotator({ words }: { words: readonly string[] }) {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [turns, setTurns] = useState(0);

  useEffect(() => {
    const timer = window.setTimeout(
      () => {
        setIndex((i) => (i + 1) % words.length);
        setTurns((t) => t + 1);
      },
      PAUSE_MS + (reduced ? 0 : ENTER_MS),
    );
    return () => window.clearTimeout(timer);
  }, [index, words.length, reduced]);

  const previous = (index - 1 + words.length) % words.length;
  return (
    <span className={classes.rotator} aria-hidden="true" data-motion={reduced ? undefined : true}>
      {turns > 0 && !reduced && (
        <span key={`out-${turns}`} className={classes.word} data-state="leave">
          {words[previous]}
        </span>
      )}
      <span key={`in-${turns}`} className={classes.word} data-state={turns > 0 ? 'enter' : undefined}>
        {words[index]}
      </span>
    </span>
  );
}
