/**
 * "Votre participation" (docs/product.md §11): the talent's own entry — the text for text contests,
 * cut at 220 characters with "voir plus", otherwise the proposal files they sent (final
 * files belong to the conversation, not here).
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconMessageCircle, IconPlus, IconTrophy } from '@tabler/icons-react';
import { CONTEST_STATUS, FORMAT, formatBytes, maxParticipationFiles, mayPropose, PARTICIPATIONS, TEXT_PROPOSAL_PREVIEW, truncate, type ContestDto, type FileDto, type ParticipationDto } from '@creadefi/domain';
import { paths } from '../../app/paths';
import { notifyError } from '../../ui/feedback';
import { FileThumb } from '../../ui/FileThumb';
import { downloadAuthorisedFile } from '../../ui/use-authorised-image';
import classes from './ContestDetailsPage.module.css';
import { canChangeProposal, EditableText, MyStars, proposalControlClasses, WithdrawFileButton, WithdrawProposalButton } from './ProposalControls';
import { OrganiserComment } from './OrganiserComment';
import { MyParticipationCard } from './MyParticipationCard';
import { roundOf } from './contest-round';

const D = PARTICIPATIONS.detailsPage;

function ProposalText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > TEXT_PROPOSAL_PREVIEW;
  return (
    <div>
      <Text className={classes.prose}>{expanded || !long ? text : truncate(text, TEXT_PROPOSAL_PREVIEW)}</Text>
      {long && (
        <Anchor component="button" type="button" fz="sm" fw={500} mt={6} onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
          {expanded ? D.readLess : D.readMore}
        </Anchor>
      )}
    </div>
  );
}

function FileTile({ file, action }: { file: FileDto; action?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  return (
    <li className={classes.fileTile}>
      <div className={proposalControlClasses.thumbWrap}>
      {action}
      <UnstyledButton
        className={classes.fileButton}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          downloadAuthorisedFile(file.filepath, file.filename)
            .catch(notifyError)
            .finally(() => setBusy(false));
        }}
      >
        {/* Named from its content: what the thumbnail says (a preview still being made) is part of its name. */}
        <FileThumb file={file} className={classes.fileThumb} />
        <VisuallyHidden>{D.download(file.filename)}</VisuallyHidden>
        <span className={classes.fileOverlay} aria-hidden>
          <IconDownload size={20} />
        </span>
      </UnstyledButton>
      </div>
      <Text fz="sm" fw={500} truncate="end" title={file.filename} mt={8}>
        {file.filename}
      </Text>
      <Text fz="xs" c="dimmed">
        {formatBytes(file.size)}
      </Text>
    </li>
  );
}

/** The winner learns it here too, with the way to the conversation where delivery happens. */
function WinnerNotice({ contest, participationId }: { contest: ContestDto; participationId: number }) {
  const finished = contest.status === CONTEST_STATUS.finished;
  return (
    <Alert color="teal" variant="light" radius="md" mt="md" icon={<IconTrophy size={20} />} title={PARTICIPATIONS.youWon.title}>
      <Text fz="sm">{finished ? PARTICIPATIONS.youWon.finished : PARTICIPATIONS.youWon.awaitingFiles}</Text>
      {!finished && (
        <Button component={Link} to={paths.conversation(participationId)} size="xs" mt="sm" leftSection={<IconMessageCircle size={14} />}>
          {PARTICIPATIONS.youWon.openConversation}
        </Button>
      )}
    </Alert>
  );
}

export function MyParticipation({ contest, participation, loading, onAddFiles }: { contest: ContestDto; participation: ParticipationDto | null; loading: boolean; onAddFiles: () => void }) {
  const isText = contest.subCategory.format === FORMAT.text;
  const files = (participation?.fileParticipants ?? []).filter((f) => !f.isFinalFile);
  const text = participation?.inputText?.trim() ?? '';
  const hasContent = isText ? text.length > 0 : files.length > 0;
  const canAdd = !isText && mayPropose(roundOf(contest), participation?.isFinalist ?? false, new Date()) && files.length > 0 && files.length < maxParticipationFiles(contest.subCategory.format);
  const changeable = canChangeProposal(contest, participation) ? participation : null;

  return (
    <MyParticipationCard
      action={
        canAdd && (
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAddFiles}>
            {D.addFiles}
          </Button>
        )
      }
    >
      {participation?.isWinner && <WinnerNotice contest={contest} participationId={participation.id} />}
      <MyStars contest={contest} participation={participation} />
      <OrganiserComment comment={participation?.comment ?? null} />
      {loading ? (
        <Skeleton height={80} radius="md" mt="md" />
      ) : !hasContent ? (
        <Text c="dimmed" mt="sm">
          {participation ? D.noProposalYet : D.notParticipated}
        </Text>
      ) : isText ? (
        changeable ? (
          <EditableText contest={contest} participation={changeable}>
            <div className={classes.textProposal}>
              <ProposalText text={text} />
            </div>
          </EditableText>
        ) : (
          <div className={classes.textProposal}>
            <ProposalText text={text} />
          </div>
        )
      ) : (
        <>
          <ul className={classes.fileGrid}>
            {files.map((file) => (
              <FileTile key={file.id} file={file} action={changeable && <WithdrawFileButton contestId={contest.id} participation={changeable} file={file} last={files.length === 1} />} />
            ))}
          </ul>
          {changeable && (
            <div className={proposalControlClasses.footer}>
              <WithdrawProposalButton contest={contest} participation={changeable} />
            </div>
          )}
        </>
      )}
    </MyParticipationCard>
  );
}
