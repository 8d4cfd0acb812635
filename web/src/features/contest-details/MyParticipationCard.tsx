/**
 * The card of the talent's own participation: its heading, an action beside it, its content.
 * Apart from the participation and its controls (ProposalControls: dialogs, a field, a rating),
 * which arrive after the brief: the card stands while they load.
 */
import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';
import { PARTICIPATIONS } from '@creadefi/domain';
import { cardClass } from '../../ui/card';
import classes from './ContestDetailsPage.module.css';

export function MyParticipationCard({ action, children }: { action?: ReactNode; children: ReactNode }) {
  return (
    <Paper className={cardClass(classes.card)} component="section" aria-labelledby="my-participation">
      <div className={classes.sectionHead}>
        <Title order={2} id="my-participation" className={classes.sectionTitle} mb={0}>
          {PARTICIPATIONS.yourParticipation}
        </Title>
        {action}
      </div>
      {children}
    </Paper>
  );
}
