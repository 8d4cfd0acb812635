/**
 * The winner's final files (docs/product.md §6 and §11): a dropzone taking the format's types, PDF and the
 * source archives (.zip, .rar, .7z), each file sent in turn with its progress and a cancel.
 * Loaded with the dialog only, so the dropzone's code stays out of the conversation.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconCircleCheck } from '@tabler/icons-react';
import { ACCEPT_LABELS, acceptedFinalTypes, FORMAT, formatBytes, MAX_FILE_BYTES, MESSAGING, PARTICIPATIONS, type ConversationDto, COMMON } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { liveKeys } from '../../api/events';
import { DialogNotice } from '../../ui/DialogActions';
import { notifySuccess } from '../../ui/feedback';
import { dropRejectionText } from '../../ui/drop-rejections';
import { uploadFinalFile } from './api';
import { MESSAGING_TEXTS as T } from '@creadefi/domain';
import classes from './conversation.module.css';
import { DropzoneFace, dropzoneClass } from '../../ui/DropzoneFace';
import { LazyModal } from '../../ui/LazyModal';

/** Archives often reach the browser without a MIME type: their extension vouches for them. */
const ARCHIVE_EXTENSIONS: Record<string, string[]> = {
  'application/zip': ['.zip'],
  'application/x-rar-compressed': ['.rar'],
  'application/vnd.rar': ['.rar'],
  'application/x-7z-compressed': ['.7z'],
};

function finalAccept(format: number): Record<string, string[]> {
  return Object.fromEntries(acceptedFinalTypes(format).map((mime) => [mime, ARCHIVE_EXTENSIONS[mime] ?? []]));
}

type Status = 'waiting' | 'sending' | 'sent' | 'failed';
interface Item {
  key: string;
  file: File;
  status: Status;
  percent: number;
  error?: string;
}

/**
 * "PNG, JPEG, PDF ou une archive ZIP, RAR ou 7z": the words the server's 415 answer uses for
 * final files (server messages/service.ts workTypeNames, which domain does not export yet).
 */
function finalTypesLabel(format: number): string {
  const own = format === FORMAT.image || format === FORMAT.text ? [] : [ACCEPT_LABELS[format] ?? ACCEPT_LABELS[FORMAT.text]!];
  return MESSAGING.acceptList([...own, 'PNG', 'JPEG', 'PDF', MESSAGING.archives]);
}

let nextKey = 0;

export default function FinalUploadDialog({ opened, conversation, onClose }: { opened: boolean; conversation: ConversationDto; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 55em)');
  const touch = useMediaQuery('(pointer: coarse)');
  const queryClient = useQueryClient();
  const [items, setItems] = useState<Item[]>([]);
  const [rejected, setRejected] = useState<string | null>(null);
  const queue = useRef<Item[]>([]);
  const active = useRef<{ key: string; controller: AbortController } | null>(null);
  const format = conversation.concour.subCategory.format;
  // Counted when the dialog opens: what this visit sends is listed below, not added here.
  const [already] = useState(conversation.fileParticipants.finalFile.length);

  useEffect(
    () => () => {
      queue.current = [];
      active.current?.controller.abort();
    },
    [],
  );

  const patch = (key: string, change: Partial<Item>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function pump() {
    if (active.current) return;
    const next = queue.current.shift();
    if (!next) return;
    const controller = new AbortController();
    active.current = { key: next.key, controller };
    patch(next.key, { status: 'sending', percent: 0 });
    uploadFinalFile(conversation.id, next.file, { signal: controller.signal, onProgress: ({ percent }) => patch(next.key, { percent }) })
      .then(() => {
        patch(next.key, { status: 'sent', percent: 100 });
        notifySuccess(MESSAGING.finalSent);
        void queryClient.invalidateQueries({ queryKey: liveKeys.conversation(conversation.id) });
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') setItems((list) => list.filter((item) => item.key !== next.key));
        else patch(next.key, { status: 'failed', error: error instanceof ApiError ? error.message : COMMON.serverError });
      })
      .finally(() => {
        active.current = null;
        pump();
      });
  }

  function add(files: File[]) {
    const tooBig = files.filter((file) => file.size > MAX_FILE_BYTES);
    setRejected(tooBig.length > 0 ? PARTICIPATIONS.fileTooBig(formatBytes(MAX_FILE_BYTES)) : null);
    const added = files.filter((file) => file.size <= MAX_FILE_BYTES).map<Item>((file) => ({ key: `final-${nextKey++}`, file, status: 'waiting', percent: 0 }));
    if (added.length === 0) return;
    setItems((list) => [...list, ...added]);
    queue.current.push(...added);
    pump();
  }

  function cancel(item: Item) {
    if (active.current?.key === item.key) active.current.controller.abort();
    else {
      queue.current = queue.current.filter((queued) => queued.key !== item.key);
      setItems((list) => list.filter((i) => i.key !== item.key));
    }
  }

  const busy = items.some((item) => item.status === 'sending' || item.status === 'waiting');
  const sent = items.filter((item) => item.status === 'sent').length;
  const label = finalTypesLabel(format);
  const blocked = conversation.finalValidatedAt ? MESSAGING.finalAlreadyValidated : !conversation.can.uploadFinal ? MESSAGING.finalOnlyWinner : null;

  return (
    <LazyModal opened={opened} onClose={() => !busy && onClose()} title={T.finalDialogTitle} size="lg" radius="lg" centered fullScreen={phone} styles={{ title: { fontWeight: 600, fontSize: 19 } }}>
      {blocked ? (
        <DialogNotice closeLabel={T.close} onClose={onClose}>
          {blocked}
        </DialogNotice>
      ) : (
        <Stack gap="md">
          {already > 0 && (
            <Alert color="teal" variant="light" icon={<IconCheck size={18} />}>
              {T.finalAlreadySent(already)}
            </Alert>
          )}
          <Dropzone
            onDrop={add}
            onReject={(rejections) => setRejected(dropRejectionText(rejections, label))}
            accept={finalAccept(format)}
            maxSize={MAX_FILE_BYTES}
            multiple
            radius="lg"
            className={dropzoneClass}
            aria-label={T.finalDropHint}
            inputProps={{ 'aria-label': T.finalDropHint } as React.InputHTMLAttributes<HTMLInputElement>}
          >
            <DropzoneFace title={touch ? T.finalDropTouch : T.finalDropHint} hint={`${T.finalAccepted(label)} · ${T.perFile(formatBytes(MAX_FILE_BYTES))}`} />
          </Dropzone>
          {rejected && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {rejected}
            </Alert>
          )}
          {items.length > 0 && (
            <ul className={classes.uploadList} aria-label={MESSAGING.finalFiles}>
              {items.map((item) => (
                <li key={item.key} className={classes.uploadItem} data-status={item.status}>
                  <div className={classes.uploadText}>
                    <Text fz="sm" fw={500} truncate="end" title={item.file.name}>
                      {item.file.name}
                    </Text>
                    {item.status === 'failed' ? (
                      <Text fz="xs" c="red.7" role="alert">
                        {item.error}
                      </Text>
                    ) : item.status === 'sent' ? (
                      <Text fz="xs" c="teal.9">
                        {PARTICIPATIONS.fileAdded}
                      </Text>
                    ) : (
                      <Progress value={item.percent} size="sm" radius="xl" color="orange" striped={item.status === 'sending'} animated={item.status === 'sending'} mt={6} aria-label={T.uploading(item.file.name)} />
                    )}
                  </div>
                  <Text fz="xs" c="dimmed" className={classes.uploadSize}>
                    {formatBytes(item.file.size)}
                  </Text>
                  {item.status === 'sent' ? (
                    <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" aria-label={T.sent} />
                  ) : item.status === 'failed' ? (
                    <CloseButton size="sm" onClick={() => setItems((list) => list.filter((i) => i.key !== item.key))} aria-label={T.remove(item.file.name)} />
                  ) : (
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => cancel(item)} aria-label={T.cancelUploadOf(item.file.name)}>
                      {T.cancel}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {sent > 0 && !busy && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
              {MESSAGING.finalSent}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="gradient" onClick={onClose} disabled={busy}>
              {T.finalDone}
            </Button>
          </Group>
        </Stack>
      )}
    </LazyModal>
  );
}
