/**
 * The bottom of a conversation: the message field (Enter sends, Shift+Enter goes to the next
 * line) and the work-file button with its progress and cancel. Both follow the `can` flags
 * of the server; when it refuses anyway, its own words are shown above the field.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Alert, CloseButton, Progress, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconLock, IconPaperclip, IconSend } from '@tabler/icons-react';
import { acceptedWorkTypes, formatBytes, MAX_FILE_BYTES, MESSAGE_MAX, MESSAGING, PARTICIPATIONS, type ConversationDto, COMMON } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { liveKeys } from '../../api/events';
import { notifySuccess } from '../../ui/feedback';
import { LazyTooltip } from '../../ui/LazyTooltip';
import { growToContent } from '../../ui/grow-to-content';
import { sendMessage, uploadWorkFile } from './api';
import { sendRefusal } from './format';
import { MESSAGING_TEXTS as T } from '@creadefi/domain';
import classes from './conversation.module.css';

interface Upload {
  name: string;
  size: number;
  percent: number;
  controller: AbortController;
}

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON.serverError;
}

export function Composer({ conversation }: { conversation: ConversationDto }) {
  const queryClient = useQueryClient();
  const key = liveKeys.conversation(conversation.id);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    if (field.current) growToContent(field.current);
  }, [text]);
  const uploadRef = useRef<Upload | null>(null);

  // Leaving the page stops an upload still travelling; the server keeps nothing of it.
  useEffect(() => () => uploadRef.current?.controller.abort(), []);

  const canSend = conversation.can.send;
  const canUpload = conversation.can.uploadWork;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: liveKeys.conversationLists });
  };

  async function send() {
    const value = text.trim();
    if (!value || sending || !canSend) return;
    setSending(true);
    setError(null);
    setText('');
    try {
      const sent = await sendMessage({ idParticipation: conversation.id }, value);
      // Shown at once; the refetch that follows brings the server's view of the thread.
      queryClient.setQueryData<ConversationDto>(key, (current) =>
        current && !current.messages.some((m) => m.id === sent.message.id) ? { ...current, messages: [...current.messages, sent.message] } : current,
      );
      refresh();
    } catch (failure) {
      setText((current) => current || value);
      setError(errorText(failure));
      // A refusal means the rules changed meanwhile (a winner chosen, a contest closed): re-read them.
      if (failure instanceof ApiError && failure.status === 403) refresh();
    } finally {
      setSending(false);
    }
  }

  function startUpload(file: File) {
    setError(null);
    if (file.size > MAX_FILE_BYTES) {
      setError(PARTICIPATIONS.fileTooBig(formatBytes(MAX_FILE_BYTES)));
      return;
    }
    const current: Upload = { name: file.name, size: file.size, percent: 0, controller: new AbortController() };
    uploadRef.current = current;
    setUpload(current);
    uploadWorkFile(conversation.id, file, {
      signal: current.controller.signal,
      onProgress: ({ percent }) => setUpload((u) => (u === null ? u : { ...u, percent })),
    })
      .then((answer) => {
        notifySuccess(answer.message ?? PARTICIPATIONS.fileAdded);
        refresh();
      })
      .catch((failure: unknown) => {
        if ((failure as Error).name !== 'AbortError') setError(errorText(failure));
      })
      .finally(() => {
        uploadRef.current = null;
        setUpload(null);
      });
  }

  const refusal = canSend ? null : sendRefusal(conversation);

  return (
    <div className={classes.composer}>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" className={classes.composerAlert} withCloseButton onClose={() => setError(null)} closeButtonLabel={T.close}>
          {error}
        </Alert>
      )}
      {refusal && !error && (
        <div className={classes.refusal}>
          <IconLock size={16} aria-hidden />
          <Text fz="sm">{refusal}</Text>
        </div>
      )}
      {upload && (
        <div className={classes.uploadRow}>
          <div className={classes.uploadText}>
            <Text fz="sm" fw={500} truncate="end">
              {upload.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatBytes(upload.size)} · {upload.percent} %
            </Text>
          </div>
          <Progress value={upload.percent} size="sm" radius="xl" color="orange" striped animated className={classes.uploadBar} aria-label={T.uploading(upload.name)} />
          <CloseButton size="sm" onClick={() => upload.controller.abort()} aria-label={T.cancelUpload} />
        </div>
      )}
      <form
        className={classes.composerRow}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <LazyTooltip label={canUpload ? T.attach : MESSAGING.uploadOnlyWinner} withArrow multiline maw={280}>
          {/* A disabled button fires no hover: the wrapper carries the tooltip. */}
          <span>
            <ActionIcon variant="subtle" color="ink.6" size={42} radius="xl" disabled={!canUpload || Boolean(upload)} onClick={() => fileInput.current?.click()} aria-label={T.attach}>
              <IconPaperclip size={20} />
            </ActionIcon>
          </span>
        </LazyTooltip>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={acceptedWorkTypes(conversation.concour.subCategory.format).join(',')}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) startUpload(file);
          }}
          data-testid="work-file-input"
        />
        <Textarea
          className={classes.input}
          aria-label={T.yourMessage}
          placeholder={MESSAGING.placeholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          disabled={!canSend}
          ref={field}
          rows={1}
          maxLength={MESSAGE_MAX}
          radius="xl"
          title={T.waitingEnter}
        />
        <ActionIcon type="submit" variant="gradient" size={42} radius="xl" disabled={!canSend || !text.trim()} loading={sending} aria-label={T.send} className={classes.sendButton}>
          <IconSend size={19} />
        </ActionIcon>
      </form>
    </div>
  );
}
