import classes from './card.module.css';

/** The shared card frame (card.module.css) with the page's own class, which holds its padding and layout. */
export function cardClass(own: string | undefined): string {
  return own ? `${classes.card} ${own}` : classes.card!;
}
