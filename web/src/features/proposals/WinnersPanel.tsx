/**
 * "Vos gagnants" (docs/product.md §11): the chosen proposals, each removable, and the button that
 * finalises the contest. Once finalised (status 4 or 5) the list is only a record.
 */
import { ActionIcon, Button, Skeleton, Text } from '@mantine/core';
import { LazyTooltip } from '../../ui/LazyTooltip';
import { IconCoins, IconTrophy, IconX } from '@tabler/icons-react';
import { extraPrizes, mayChangeWinners, formatEuros, PARTICIPATIONS, type ParticipationDto } from '@creadefi/domain';
import { EnlargeProposalButton, proposalNumber } from './ProposalCard';
import classes from './proposals.module.css';
import { cardClass } from '../../ui/card';

const J = PARTICIPATIONS.judging;

export interface WinnersPanelProps {
  status: number;
  format: number;
  /** What each winner receives, cents. */
  gain: number;
  /** What each extra winner costs the organiser, cents. */
  cost: number;
  /** Prizes the organiser's payments cover so far. */
  prizesPaid: number;
  winners: ParticipationDto[] | undefined;
  loading: boolean;
  onOpen: (proposal: ParticipationDto) => void;
  onRemove: (proposal: ParticipationDto) => void;
  onFinalise: () => void;
}

export function WinnersPanel({ status, format, gain, cost, prizesPaid, winners, loading, onOpen, onRemove, onFinalise }: WinnersPanelProps) {
  const editable = mayChangeWinners('organiser', status);
  const list = winners ?? [];
  const extra = extraPrizes(list.length, prizesPaid);
  return (
    <section className={cardClass(classes.panel)} aria-labelledby="winners-title">
      <div className={classes.panelHead}>
        <span className={classes.panelIcon} aria-hidden>
          <IconTrophy size={20} stroke={1.7} />
        </span>
        <div>
          <Text component="h2" id="winners-title" className={classes.panelTitle}>
            {PARTICIPATIONS.winnersTitle}
          </Text>
          <Text fz="sm" c="dimmed">
            {PARTICIPATIONS.winnersSubtitle}
          </Text>
        </div>
      </div>

      {loading ? (
        <Skeleton h={64} radius="md" />
      ) : list.length === 0 ? (
        <Text className={classes.panelEmpty}>{PARTICIPATIONS.noWinnerYet}</Text>
      ) : (
        <ul className={classes.winnerList}>
          {list.map((winner) => (
            <li key={winner.id} className={classes.winnerRow}>
              <EnlargeProposalButton proposal={winner} format={format} className={classes.winnerThumb} onOpen={() => onOpen(winner)} />
              <div className={classes.winnerBody}>
                <Text fw={600} fz="sm">
                  {proposalNumber(winner)}
                </Text>
                <Text fz="sm" c="dimmed" truncate="end">
                  {winner.participant.pseudo}
                </Text>
              </div>
              {editable && (
                <LazyTooltip label={J.removeWinner} withArrow>
                  <ActionIcon variant="subtle" color="ink.6" onClick={() => onRemove(winner)} aria-label={J.removeWinnerNamed(proposalNumber(winner))}>
                    <IconX size={18} />
                  </ActionIcon>
                </LazyTooltip>
              )}
            </li>
          ))}
        </ul>
      )}

      {editable && (
        <>
          {list.length > 0 && (
            <Text fz="xs" c="dimmed" mt="sm">
              {J.eachWinnerGets(list.length, formatEuros(gain))}
            </Text>
          )}
          {extra > 0 && (
            <div className={classes.extraDue} role="status" data-testid="extra-prizes-due">
              <IconCoins size={18} aria-hidden className={classes.extraDueIcon} />
              <div>
                <Text fz="sm" fw={600}>
                  {PARTICIPATIONS.extraPrizesNote(extra, formatEuros(extra * cost))}
                </Text>
                <Text fz="xs" c="dimmed">
                  {PARTICIPATIONS.prizesCovered(prizesPaid)}
                </Text>
              </div>
            </div>
          )}
          <Button variant="gradient" fullWidth mt="md" onClick={onFinalise} disabled={list.length === 0}>
            {PARTICIPATIONS.finalise}
          </Button>
        </>
      )}
    </section>
  );
}
