/** The frame of the listing pages: a soft brand band with the title, then the list. */
import type { ReactNode } from 'react';
import { Container, Text, Title } from '@mantine/core';
import { CONTESTS } from '@creadefi/domain';
import { PageHeroBand } from '../../ui/PageHero';
import classes from './ListingShell.module.css';

export function ListingShell({ eyebrow, lead, children }: { eyebrow?: ReactNode; lead: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeroBand ring>
        <Container className={classes.heroInner}>
          {eyebrow && <div className={classes.eyebrow}>{eyebrow}</div>}
          <Title order={1} className={classes.title}>
            {CONTESTS.listingTitle}
          </Title>
          <Text className={classes.lead}>{lead}</Text>
        </Container>
      </PageHeroBand>
      <Container className={classes.body}>{children}</Container>
    </>
  );
}
