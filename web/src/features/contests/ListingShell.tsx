/** The frame of the listing and search pages: a soft brand band with the title and the search box, then the list. */
import type { ReactNode } from 'react';
import { Container, Text, Title } from '@mantine/core';
import { CONTESTS } from '@creadefi/domain';
import { PageHeroBand } from '../../ui/PageHero';
import { SearchBox } from './SearchBox';
import classes from './ListingShell.module.css';

export interface ListingShellProps {
  eyebrow?: ReactNode;
  title?: ReactNode;
  lead?: ReactNode;
  /** The search box; the listings' own opens the search page. */
  search?: ReactNode;
  children: ReactNode;
}

export function ListingShell({ eyebrow, title = CONTESTS.listingTitle, lead, search = <SearchBox />, children }: ListingShellProps) {
  return (
    <>
      <PageHeroBand ring>
        <Container className={classes.heroInner}>
          {eyebrow && <div className={classes.eyebrow}>{eyebrow}</div>}
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {lead && <Text className={classes.lead}>{lead}</Text>}
          {search}
        </Container>
      </PageHeroBand>
      <Container className={classes.body}>{children}</Container>
    </>
  );
}
