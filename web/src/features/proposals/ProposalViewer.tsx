/**
 * A proposal enlarged: every file of it (images large, video and sound playable) or the
 * whole text, with the note and the winner choice at hand so judging needs no back and forth.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconMessageCircle, IconTrophy, IconTrophyFilled } from '@tabler/icons-react';
import { FORMAT, formatBytes, type FileDto, type ParticipationDto, PREVIEWS, PARTICIPATIONS } from '@creadefi/domain';
import { paths } from '../../app/paths';
import { AuthorisedImage } from '../../ui/AuthorisedImage';
import { notifyError } from '../../ui/feedback';
import { FileThumb, KindIcon } from '../../ui/FileThumb';
import { LazyWaveformPlayer } from '../../ui/media/LazyWaveformPlayer';
import { PreviewNotice } from '../../ui/media/PreviewNotice';
import { downloadAuthorisedFile, useAuthorisedImage } from '../../ui/use-authorised-image';
import type { ProposalActions } from './permissions';
import { proposalNumber } from './ProposalCard';
import { LookalikeAlert } from './LookalikeNotes';
import { ProposalRating } from './ProposalRating';
import { LazyCommentForm } from './LazyCommentForm';
import classes from './proposals.module.css';
import { LazyModal } from '../../ui/LazyModal';

const J = PARTICIPATIONS.judging;

/** A video's marked preview, its marked first image shown before it plays. */
function VideoPlayer({ file }: { file: FileDto }) {
  const media = useAuthorisedImage(file.inline);
  const poster = useAuthorisedImage(file.preview);
  if (media.status !== 'ready') {
    return (
      <Center h="100%">
        {media.status === 'error' ? <KindIcon mime={file.mime} size={56} /> : <Loader color="orange" type="dots" />}
      </Center>
    );
  }
  // The element gets the bytes through an object URL: the file route wants the bearer header.
  return <video src={media.src} poster={poster.src ?? undefined} controls controlsList="nodownload" className={classes.player} />;
}

function Stage({ file }: { file: FileDto }) {
  if (file.previewStatus === 'pending' || file.previewStatus === 'failed') return <PreviewNotice status={file.previewStatus} />;
  if (!file.inline) return <KindIcon mime={file.mime} size={64} />;
  if (file.inlineMime?.startsWith('video/')) return <VideoPlayer key={file.id} file={file} />;
  if (file.inlineMime?.startsWith('audio/')) {
    return (
      <Center h="100%" p="lg">
        <div style={{ width: '100%', maxWidth: 640 }}>
          <LazyWaveformPlayer key={file.id} src={file.inline} peaks={file.waveform ?? []} label={file.filename} height={96} />
        </div>
      </Center>
    );
  }
  // PDF pages come as one tall marked image: read by scrolling, at their width.
  if (file.mime === 'application/pdf') {
    return (
      <div className={classes.pages} aria-label={PREVIEWS.pdfPages(10)}>
        <AuthorisedImage key={file.id} src={file.inline} alt={file.filename} fit="contain" style={{ height: 'auto' }} />
      </div>
    );
  }
  return <AuthorisedImage key={file.id} src={file.inline} alt={file.filename} fit="contain" />;
}

export interface ProposalViewerProps {
  proposal: ParticipationDto | null;
  format: number;
  actions: ProposalActions | null;
  onClose: () => void;
  onRate: (stars: number) => void;
  onToggleWinner: () => void;
}

export function ProposalViewer({ proposal, format, actions, onClose, onRate, onToggleWinner }: ProposalViewerProps) {
  const phone = useMediaQuery('(max-width: 55em)');
  const [selected, setSelected] = useState<{ proposal: number; file: number } | null>(null);
  const files = proposal?.fileParticipants ?? [];
  const current = files.find((f) => selected?.proposal === proposal?.id && f.id === selected?.file) ?? files[0];

  return (
    <LazyModal
      opened={Boolean(proposal)}
      onClose={onClose}
      size="xl"
      radius="lg"
      centered
      fullScreen={phone}
      title={
        proposal && (
          <span className={classes.viewerTitle}>
            {J.proposal} {proposalNumber(proposal)}
            <Text component="span" c="dimmed" fw={400}>
              {' '}
              · {proposal.participant.pseudo}
            </Text>
          </span>
        )
      }
    >
      {proposal && (
        <div className={classes.viewer}>
          <LookalikeAlert lookalikes={proposal.lookalikes} />
          {format === FORMAT.text ? (
            <div className={classes.fullText}>{proposal.inputText}</div>
          ) : current ? (
            <>
              <div className={classes.stage}>
                <Stage file={current} />
              </div>
              {current.previewStatus === 'ready' && (
                <Text fz="xs" c="dimmed">
                  {PREVIEWS.marked}
                </Text>
              )}
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fz="sm" truncate="end" title={current.filename}>
                  {current.filename}{' '}
                  <Text component="span" c="dimmed" fz="xs">
                    {formatBytes(current.size)}
                  </Text>
                </Text>
                {actions?.download && (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconDownload size={16} />}
                    onClick={() => void downloadAuthorisedFile(current.filepath, current.filename).catch(notifyError)}
                  >
                    {J.download}
                  </Button>
                )}
              </Group>
              {files.length > 1 && (
                <div className={classes.strip} role="list" aria-label={J.proposalFiles}>
                  {files.map((file) => (
                    <UnstyledButton
                      key={file.id}
                      role="listitem"
                      className={classes.stripItem}
                      data-active={file.id === current.id || undefined}
                      onClick={() => setSelected({ proposal: proposal.id, file: file.id })}
                      aria-label={J.show(file.filename)}
                      aria-current={file.id === current.id || undefined}
                    >
                      <FileThumb file={file} />
                    </UnstyledButton>
                  ))}
                </div>
              )}
            </>
          ) : (
            <Text c="dimmed">{J.noFileYet}</Text>
          )}

          <div className={classes.viewerFooter}>
            <ProposalRating stars={proposal.stars} onRate={onRate} size="lg" label={J.rating} />
            <Group gap="sm">
              {actions?.message && (
                <Button component={Link} to={paths.conversation(proposal.id)} variant="default" leftSection={<IconMessageCircle size={18} />}>
                  {J.message}
                </Button>
              )}
              {actions?.winner && (
                <Button variant={proposal.isWinner ? 'light' : 'gradient'} leftSection={proposal.isWinner ? <IconTrophyFilled size={18} /> : <IconTrophy size={18} />} onClick={onToggleWinner}>
                  {proposal.isWinner ? J.removeWinner : J.makeWinner}
                </Button>
              )}
            </Group>
          </div>
          {actions?.comment && (
            <div className={classes.viewerComment}>
              <LazyCommentForm key={proposal.id} proposal={proposal} />
            </div>
          )}
        </div>
      )}
    </LazyModal>
  );
}
