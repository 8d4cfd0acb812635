/** The "Fichiers" tab (docs/product.md §11): proposal, work and final files, each with its face, size, date and download. */
import type { ReactNode } from 'react';
import { Badge, Text } from '@mantine/core';
import { formatBytes, formatDate, MESSAGING, type ConversationDto, type FileDto } from '@creadefi/domain';
import { FileThumb } from '../../ui/FileThumb';
import { LazyWaveformPlayer } from '../../ui/media/LazyWaveformPlayer';
import { DownloadButton } from './MessageThread';
import { MESSAGING_TEXTS as T } from '@creadefi/domain';
import { HandoverFiles } from './HandoverPanel';
import classes from './conversation.module.css';

function FileRow({ file }: { file: FileDto }) {
  return (
    <li className={classes.fileRow}>
      <div className={classes.fileThumb}>
        <FileThumb file={file} style={{ width: '100%', height: '100%' }} />
      </div>
      <div className={classes.fileInfo}>
        <Text fz="sm" fw={500} truncate="end" title={file.filename}>
          {file.filename}
        </Text>
        <Text fz="xs" c="dimmed">
          {formatBytes(file.size)} · {formatDate(file.createdAt)}
        </Text>
      </div>
      <DownloadButton file={file} variant="light" />
      {file.inline && file.inlineMime?.startsWith('audio/') && (
        <div className={classes.filePlayer}>
          <LazyWaveformPlayer src={file.inline} peaks={file.waveform ?? []} label={file.filename} height={40} />
        </div>
      )}
    </li>
  );
}

function Section({ title, files, action }: { title: string; files: FileDto[]; action?: ReactNode }) {
  return (
    <section className={classes.fileSection} aria-label={title}>
      <header className={classes.fileSectionHead}>
        <h3 className={classes.fileSectionTitle}>
          {title}
          <Badge size="sm" variant="light" color="gray" radius="sm" ml={8}>
            {files.length}
          </Badge>
        </h3>
        {action}
      </header>
      {files.length === 0 ? (
        <Text fz="sm" c="dimmed" className={classes.noFiles}>
          {T.noFiles}
        </Text>
      ) : (
        <ul className={classes.fileList}>
          {files.map((file) => (
            <FileRow key={file.id} file={file} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function FilesPanel({ conversation, finalAction }: { conversation: ConversationDto; finalAction?: ReactNode }) {
  const { participantFile, workFile, finalFile } = conversation.fileParticipants;
  return (
    <div className={classes.files}>
      <Section title={MESSAGING.participationFiles} files={participantFile} />
      <Section title={MESSAGING.workFiles} files={workFile} />
      <Section title={MESSAGING.finalFiles} files={finalFile} action={finalAction} />
      {conversation.isWinner && conversation.finalValidatedAt && <HandoverFiles participationId={conversation.id} />}
    </div>
  );
}
