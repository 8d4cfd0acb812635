/**
 * One proposal in the organiser's grid (docs/product.md §11): its first file as thumbnail (the text
 * itself for text contests), running number, author, a 1–5 star note and the preview
 * actions — shown on hover with a mouse, always on touch screens.
 */
import { Link } from 'react-router';
import { Badge, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { LazyTooltip } from '../../ui/LazyTooltip';
import { IconTrophyFilled } from '@tabler/icons-react';
import { FORMAT, TEXT_PROPOSAL_PREVIEW, truncate, type ParticipationDto, FEEDBACK, PARTICIPATIONS } from '@creadefi/domain';
import { paths } from '../../app/paths';
import { FileThumb, KindIcon, previewStatusText } from '../../ui/FileThumb';
import { LevelBadge } from '../../ui/LevelBadge';
import type { ProposalActions } from './permissions';
import { LookalikeNotes } from './LookalikeNotes';
import { ProposalRating } from './ProposalRating';
import { CardIcon } from './card-icons';
import classes from './proposals.module.css';

const J = PARTICIPATIONS.judging;

export function proposalNumber(p: Pick<ParticipationDto, 'number' | 'id'>): string {
  return `#${p.number ?? p.id}`;
}

/**
 * The thumbnail as a button that enlarges the proposal. Its name holds every word the thumbnail
 * shows: a preview's state for a file, while a text's words are left out of it and of the
 * reading order (the viewer reads them in full), so the name stays « Agrandir la proposition #n ».
 */
export function EnlargeProposalButton({ proposal, format, className, onOpen }: { proposal: ParticipationDto; format: number; className?: string; onOpen: () => void }) {
  const label = J.enlargeProposal(proposalNumber(proposal));
  if (format === FORMAT.text) {
    return (
      <UnstyledButton className={className} onClick={onOpen}>
        <VisuallyHidden>{label}</VisuallyHidden>
        <div aria-hidden style={{ height: '100%' }}>
          <ProposalThumb proposal={proposal} format={format} />
        </div>
      </UnstyledButton>
    );
  }
  const status = previewStatusText(proposal.fileParticipants[0]);
  return (
    <UnstyledButton className={className} onClick={onOpen} aria-label={status ? `${label}, ${status}` : label}>
      <ProposalThumb proposal={proposal} format={format} />
    </UnstyledButton>
  );
}

export function ProposalThumb({ proposal, format }: { proposal: ParticipationDto; format: number }) {
  if (format === FORMAT.text) {
    return (
      <div className={classes.textThumb}>
        <Text className={classes.textThumbBody}>{truncate(proposal.inputText?.trim() ?? '', TEXT_PROPOSAL_PREVIEW)}</Text>
      </div>
    );
  }
  const first = proposal.fileParticipants[0];
  if (!first) return <KindIcon mime={format === FORMAT.video ? 'video/mp4' : format === FORMAT.audio ? 'audio/mpeg' : 'image/png'} size={44} />;
  return <FileThumb file={first} className={classes.thumbImage} />;
}

export interface ProposalCardProps {
  proposal: ParticipationDto;
  format: number;
  actions: ProposalActions;
  onOpen: () => void;
  onRate: (stars: number) => void;
  onToggleWinner: () => void;
  onReport: () => void;
  onComment: () => void;
}

export function ProposalCard({ proposal, format, actions, onOpen, onRate, onToggleWinner, onReport, onComment }: ProposalCardProps) {
  const number = proposalNumber(proposal);
  const files = proposal.fileParticipants.length;
  return (
    <article className={classes.card} data-winner={proposal.isWinner || undefined} aria-label={J.proposalBy(number, proposal.participant.pseudo)}>
      <div className={classes.media}>
        <EnlargeProposalButton proposal={proposal} format={format} className={classes.mediaButton} onOpen={onOpen} />
        <div className={classes.badges}>
          {proposal.isWinner && (
            <Badge variant="gradient" size="sm" leftSection={<IconTrophyFilled size={12} />}>
              {J.winner}
            </Badge>
          )}
          {proposal.comment && (
            <Badge color="teal" variant="filled" size="sm">
              {FEEDBACK.commented}
            </Badge>
          )}
          {proposal.reported && (
            <Badge color="red" variant="filled" size="sm">
              {J.reported}
            </Badge>
          )}
        </div>
        {files > 1 && (
          <span className={classes.fileCount} aria-label={J.files(files)}>
            {J.files(files)}
          </span>
        )}
        <div className={classes.actions} role="group" aria-label={J.actionsOn(number)}>
          <LazyTooltip label={J.enlarge} withArrow>
            <button type="button" className={classes.action} onClick={onOpen} aria-label={J.enlarge}>
              <CardIcon name="enlarge" />
            </button>
          </LazyTooltip>
          {actions.message ? (
            <LazyTooltip label={J.sendMessage} withArrow>
              <Link to={paths.conversation(proposal.id)} className={classes.action} aria-label={J.sendMessage}>
                <CardIcon name="message" />
              </Link>
            </LazyTooltip>
          ) : (
            <button type="button" className={classes.action} disabled aria-label={J.sendMessage}>
              <CardIcon name="message" />
            </button>
          )}
          <LazyTooltip label={proposal.isWinner ? J.removeWinner : J.makeWinner} withArrow disabled={!actions.winner}>
            <button
              type="button"
              className={classes.action}
              data-tone={proposal.isWinner ? 'winner' : undefined}
              onClick={onToggleWinner}
              disabled={!actions.winner}
              aria-label={proposal.isWinner ? J.removeWinner : J.makeWinner}
              aria-pressed={proposal.isWinner}
            >
              <CardIcon name={proposal.isWinner ? 'winnerFilled' : 'winner'} />
            </button>
          </LazyTooltip>
          {actions.comment && (
            <LazyTooltip label={FEEDBACK.open} withArrow>
              <button type="button" className={classes.action} onClick={onComment} aria-label={FEEDBACK.openLabel(proposal.number)}>
                <CardIcon name="comment" />
              </button>
            </LazyTooltip>
          )}
          <LazyTooltip label={J.report} withArrow disabled={!actions.report}>
            <button type="button" className={classes.action} data-tone="danger" onClick={onReport} disabled={!actions.report} aria-label={J.report}>
              <CardIcon name="report" />
            </button>
          </LazyTooltip>
        </div>
      </div>
      <div className={classes.cardBody}>
        <div className={classes.cardHead}>
          <Text className={classes.number}>{number}</Text>
          <Text className={classes.author} truncate="end" title={proposal.participant.pseudo}>
            {proposal.participant.pseudo}
          </Text>
          {proposal.participant.level && <LevelBadge level={proposal.participant.level} size="xs" />}
        </div>
        <ProposalRating stars={proposal.stars} onRate={onRate} size="md" label={J.ratingOf(number)} />
        <LookalikeNotes lookalikes={proposal.lookalikes} />
      </div>
    </article>
  );
}
