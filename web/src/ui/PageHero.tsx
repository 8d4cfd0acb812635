import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import classes from './PageHero.module.css';

/** The brand band at the top of a page; each page lays out its own title inside. `ring` adds the logo's ring. */
export function PageHeroBand({ ring = false, children }: { ring?: boolean; children: ReactNode }) {
  return <header className={ring ? `${classes.hero} ${classes.ring}` : classes.hero}>{children}</header>;
}

/** The line under a page's title in the band. */
export function PageHeroLead({ children }: { children: ReactNode }) {
  return <Text className={classes.bandLead}>{children}</Text>;
}

/** The page's icon in the band, beside its title. */
export function PageHeroIcon({ children }: { children: ReactNode }) {
  return (
    <span className={classes.icon} aria-hidden>
      {children}
    </span>
  );
}

/** The title band of the FAQ and legal pages. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <PageHeroBand>
      <div className={classes.inner}>
        <p className={classes.eyebrow}>{eyebrow}</p>
        <h1 className={classes.title}>{title}</h1>
        {lead && <p className={classes.lead}>{lead}</p>}
        {children}
      </div>
    </PageHeroBand>
  );
}
