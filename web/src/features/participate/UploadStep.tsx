/**
 * Third dialog for file formats (docs/product.md §11): a dropzone, then one row per file with its
 * progress, sent one after the other so that each bar means something and the server's
 * per-participation limits are checked in order. Loaded with this dialog only, so the
 * dropzone's code stays out of the contest page.
 */
import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { ActionIcon, Alert, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import { IconAlertCircle, IconCheck, IconFile, IconFileMusic, IconMovie, IconPhoto, IconRefresh, IconX } from '@tabler/icons-react';
import { ACCEPT_LABELS, acceptedProposalTypes, formatBytes, FORMAT, maxParticipationBytes, maxParticipationFiles, PARTICIPATIONS, type FileDto, PARTICIPATE } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { isRetryable } from '../../api/retryable';
import { uploadProposalFile } from './api';
import { checkProposalFiles } from './upload-rules';
import classes from './participate.module.css';
import { DropzoneFace, dropzoneClass } from '../../ui/DropzoneFace';

type ItemStatus = 'waiting' | 'sending' | 'sent' | 'failed';

interface Item {
  key: string;
  file: File;
  status: ItemStatus;
  percent: number;
  error?: string;
  /** Whether sending it again may succeed: a lost connection or a busy server may, a refusal (a copy, a wrong type, too large) never. */
  retryable?: boolean;
}

export interface UploadStepProps {
  idConcours: number;
  idParticipation: number;
  format: number;
  /** Proposal files already on the server (a participation completed in several visits). */
  existing: readonly FileDto[];
  /** Called once each file that was sent is on the server. */
  onSent?: () => void;
  onFinish: () => void;
}

function FormatIcon({ format }: { format: number }) {
  if (format === FORMAT.video) return <IconMovie size={20} stroke={1.6} aria-hidden />;
  if (format === FORMAT.audio) return <IconFileMusic size={20} stroke={1.6} aria-hidden />;
  if (format === FORMAT.image || format === FORMAT.gif) return <IconPhoto size={20} stroke={1.6} aria-hidden />;
  return <IconFile size={20} stroke={1.6} aria-hidden />;
}

let nextKey = 0;

export default function UploadStep({ idConcours, idParticipation, format, existing, onSent, onFinish }: UploadStepProps) {
  const touch = useMediaQuery('(pointer: coarse)');
  const [items, setItems] = useState<Item[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const queue = useRef<Item[]>([]);
  const active = useRef<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const alive = useRef(true);

  // Closing the dialog stops what is still travelling; what arrived stays on the server.
  useEffect(() => {
    alive.current = true;
    const running = controllers.current;
    return () => {
      alive.current = false;
      queue.current = [];
      running.forEach((controller) => controller.abort());
    };
  }, []);

  const patch = (key: string, change: Partial<Item>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const remove = (key: string) => setItems((list) => list.filter((item) => item.key !== key));

  function pump() {
    if (active.current || !alive.current) return;
    const next = queue.current.shift();
    if (!next) return;
    const { key, file } = next;
    active.current = key;
    const controller = new AbortController();
    controllers.current.set(key, controller);
    patch(key, { status: 'sending', percent: 0, error: undefined });
    uploadProposalFile(idParticipation, idConcours, file, { signal: controller.signal, onProgress: ({ percent }) => patch(key, { percent }) })
      .then(() => {
        patch(key, { status: 'sent', percent: 100 });
        onSent?.();
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') remove(key);
        else patch(key, { status: 'failed', error: error instanceof ApiError ? error.message : PARTICIPATIONS.fileNotAdded, retryable: isRetryable(error) });
      })
      .finally(() => {
        controllers.current.delete(key);
        active.current = null;
        pump();
      });
  }

  function add(files: File[]) {
    const kept = items;
    const check = checkProposalFiles(format, files, {
      count: existing.length + kept.length,
      bytes: existing.reduce((sum, f) => sum + f.size, 0) + kept.reduce((sum, item) => sum + item.file.size, 0),
    });
    setErrors(check.errors);
    if (check.accepted.length === 0) return;
    const added = check.accepted.map<Item>((file) => ({ key: `f${nextKey++}`, file, status: 'waiting', percent: 0 }));
    setItems((list) => [...list, ...added]);
    queue.current.push(...added);
    pump();
  }

  function cancel(item: Item) {
    if (item.status === 'sending') {
      controllers.current.get(item.key)?.abort();
      return;
    }
    queue.current = queue.current.filter((queued) => queued.key !== item.key);
    remove(item.key);
  }

  function retry(item: Item) {
    patch(item.key, { status: 'waiting', percent: 0, error: undefined });
    queue.current.push(item);
    pump();
  }

  const maxFiles = maxParticipationFiles(format);
  const sent = items.filter((item) => item.status === 'sent').length;
  const busy = items.some((item) => item.status === 'sending' || item.status === 'waiting');
  const full = existing.length + items.length >= maxFiles;
  const accepted = ACCEPT_LABELS[format] ?? ACCEPT_LABELS[5]!;

  return (
    <Stack gap="md">
      {existing.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconCheck size={18} />}>
          {PARTICIPATE.upload.alreadySent(existing.length)}
        </Alert>
      )}
      <Dropzone
        onDrop={() => {}}
        onDropAny={(files, rejections) => add([...files, ...rejections.map((rejection) => rejection.file)])}
        accept={acceptedProposalTypes(format)}
        multiple={maxFiles > 1}
        disabled={full}
        className={dropzoneClass}
        radius="lg"
        aria-label={PARTICIPATE.upload.dropzone}
        inputProps={{ 'aria-label': PARTICIPATE.upload.chooseFiles } as React.InputHTMLAttributes<HTMLInputElement>}
      >
        <DropzoneFace title={full ? PARTICIPATE.upload.full : touch ? PARTICIPATE.upload.touch : PARTICIPATE.upload.drop} hint={PARTICIPATE.upload.hint(accepted, maxFiles, formatBytes(maxParticipationBytes(format)))} />
      </Dropzone>

      {errors.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errors.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </Alert>
      )}

      {items.length > 0 && (
        <ul className={classes.files} aria-label={PARTICIPATE.upload.sentList}>
          {items.map((item) => (
            <li key={item.key} className={classes.fileRow} data-status={item.status}>
              <span className={classes.fileIcon}>
                <FormatIcon format={format} />
              </span>
              <div className={classes.fileBody}>
                <div className={classes.fileHead}>
                  <Text fz="sm" fw={500} truncate="end" title={item.file.name}>
                    {item.file.name}
                  </Text>
                  <Text fz="xs" c="dimmed" className={classes.fileSize}>
                    {formatBytes(item.file.size)}
                  </Text>
                </div>
                {item.status === 'failed' ? (
                  <Text fz="xs" c="red.7" role="alert">
                    {item.error}
                  </Text>
                ) : item.status === 'sent' ? (
                  <Text fz="xs" c="teal.9">
                    {PARTICIPATIONS.fileAdded}
                  </Text>
                ) : (
                  <Progress
                    value={item.status === 'waiting' ? 0 : item.percent}
                    size="sm"
                    radius="xl"
                    color="orange"
                    striped={item.status === 'sending'}
                    animated={item.status === 'sending'}
                    aria-label={PARTICIPATE.upload.sending(item.file.name)}
                    mt={6}
                  />
                )}
                {item.status === 'waiting' && (
                  <Text fz="xs" c="dimmed" mt={4}>
                    {PARTICIPATE.upload.waiting}
                  </Text>
                )}
              </div>
              <div className={classes.fileActions}>
                {item.status === 'sent' && <IconCheck size={20} color="var(--mantine-color-teal-6)" aria-label={PARTICIPATE.upload.sent} />}
                {item.status === 'failed' && (
                  <>
                    {item.retryable && (
                      <Tooltip label={PARTICIPATE.upload.retry}>
                        <ActionIcon variant="subtle" color="ink.6" onClick={() => retry(item)} aria-label={PARTICIPATE.upload.retryFile(item.file.name)}>
                          <IconRefresh size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label={PARTICIPATE.upload.remove}>
                      <ActionIcon variant="subtle" color="ink.6" onClick={() => remove(item.key)} aria-label={PARTICIPATE.upload.removeFile(item.file.name)}>
                        <IconX size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </>
                )}
                {(item.status === 'sending' || item.status === 'waiting') && (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => cancel(item)} aria-label={PARTICIPATE.upload.cancelFile(item.file.name)}>
                    {PARTICIPATE.upload.cancel}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <Text fz="xs" c="dimmed">
        {PARTICIPATE.upload.closeWarning}
      </Text>

      <Group justify="flex-end">
        <Button variant="gradient" onClick={onFinish} disabled={busy || sent + existing.length === 0}>
          {PARTICIPATE.upload.finish}
        </Button>
      </Group>
    </Stack>
  );
}
