import type { ReactNode } from 'react';
import classes from './PageHero.module.css';

/** The title band of the FAQ and legal pages. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <header className={classes.hero}>
      <div className={classes.inner}>
        <p className={classes.eyebrow}>{eyebrow}</p>
        <h1 className={classes.title}>{title}</h1>
        {lead && <p className={classes.lead}>{lead}</p>}
        {children}
      </div>
    </header>
  );
}
