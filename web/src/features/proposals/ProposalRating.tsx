/**
 * The organiser's 1–5 star note of a proposal. Clicking the current star keeps the note:
 * taking it away is its own control, so a note is never lost by a click meant to confirm it.
 *
 * The stars are five native radios, each with a label that CSS draws as a star: no SVG, no
 * positioning, no listener per star. The proposals page carries one per card and the server draws
 * them all, so their weight is paid in every page's bytes and in its takeover. As with Mantine's
 * rating they replace, the arrows only show a note and Space, Enter or a click keeps it, so moving
 * through the stars by keyboard does not save five notes on the way.
 */
import { Fragment, useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { PARTICIPATIONS } from '@creadefi/domain';
import { LazyTooltip } from '../../ui/LazyTooltip';
import classes from './rating.module.css';

const NOTES = [1, 2, 3, 4, 5] as const;
const STAR_SIZE = { md: 20, lg: 28 } as const;

export interface ProposalRatingProps {
  stars: number;
  onRate: (stars: number) => void;
  size: keyof typeof STAR_SIZE;
  label: string;
}

export function ProposalRating({ stars, onRate, size, label }: ProposalRatingProps) {
  const name = useId();
  // The note the arrows are on, shown until the focus leaves the stars.
  const [shown, setShown] = useState<number | null>(null);
  const keep = (note: number) => {
    setShown(null);
    if (note !== stars) onRate(note);
  };
  const keepByKey = (event: KeyboardEvent<HTMLInputElement>, note: number) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    keep(note);
  };
  const filled = shown ?? stars;
  return (
    <div className={classes.rating}>
      <div
        role="radiogroup"
        aria-label={label}
        className={classes.stars}
        style={{ '--star-size': `${STAR_SIZE[size]}px` } as CSSProperties}
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setShown(null)}
      >
        {NOTES.map((note) => {
          const id = `${name}-${note}`;
          return (
            <Fragment key={note}>
              <input
                id={id}
                className={classes.input}
                type="radio"
                name={name}
                value={note}
                checked={note === stars}
                aria-label={PARTICIPATIONS.judging.stars(note)}
                onChange={() => setShown(note)}
                onKeyDown={(event) => keepByKey(event, note)}
              />
              <label
                htmlFor={id}
                className={classes.star}
                data-filled={note <= filled || undefined}
                data-shown={note === shown || undefined}
                onClick={(event) => {
                  // The click keeps the note itself; the radio's own change would only show it.
                  event.preventDefault();
                  keep(note);
                }}
              />
            </Fragment>
          );
        })}
      </div>
      {stars > 0 && (
        <LazyTooltip label={PARTICIPATIONS.clearStars} withArrow>
          <ActionIcon variant="subtle" color="ink.6" radius="xl" size={size === 'lg' ? 'md' : 'sm'} onClick={() => onRate(0)} aria-label={`${PARTICIPATIONS.clearStars} (${label.toLowerCase()})`}>
            <IconX size={size === 'lg' ? 16 : 14} />
          </ActionIcon>
        </LazyTooltip>
      )}
    </div>
  );
}
