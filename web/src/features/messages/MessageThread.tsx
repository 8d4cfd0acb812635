/**
 * The messages of a conversation, grouped by day: the viewer's on the right, the other
 * party's on the left, system messages (type 2) centred. A file message is a chip that
 * downloads the file with the bearer header. The thread follows the newest message unless
 * the reader has scrolled up to read older ones.
 */
import { useLayoutEffect, useRef } from 'react';
import { ActionIcon, Loader, Text } from '@mantine/core';
import { IconDownload, IconInfoCircle, IconMessageCircle } from '@tabler/icons-react';
import { formatBytes, MESSAGING, type FileDto, type MessageDto } from '@creadefi/domain';
import { KindIcon } from '../../ui/FileThumb';
import { notifyError } from '../../ui/feedback';
import { LazyTooltip } from '../../ui/LazyTooltip';
import { TimeOfDay } from '../../ui/TimeOfDay';
import { useAuthorisedDownload } from '../../ui/use-authorised-image';
import { groupByDay } from './format';
import { MESSAGING_TEXTS as T } from '@creadefi/domain';
import classes from './conversation.module.css';

/** Within this distance of the bottom the reader is "at the newest message". */
const NEAR_BOTTOM_PX = 120;

export function DownloadButton({ file, variant = 'subtle' }: { file: FileDto; variant?: 'subtle' | 'light' }) {
  const { busy, download: fetchFile } = useAuthorisedDownload(notifyError);
  const download = () => fetchFile(file.filepath, file.filename);
  return (
    <LazyTooltip label={T.download(file.filename)} withArrow openDelay={300}>
      <ActionIcon variant={variant} color="orange" radius="xl" size="lg" onClick={download} aria-label={T.download(file.filename)} disabled={busy}>
        {busy ? <Loader size={16} color="orange" /> : <IconDownload size={18} />}
      </ActionIcon>
    </LazyTooltip>
  );
}

function FileChip({ file }: { file: FileDto }) {
  return (
    <span className={classes.fileChip}>
      <span className={classes.fileChipIcon}>
        <KindIcon mime={file.mime} size={20} />
      </span>
      <span className={classes.fileChipText}>
        <span className={classes.fileChipName} title={file.filename}>
          {file.filename}
        </span>
        <span className={classes.fileChipSize}>{formatBytes(file.size)}</span>
      </span>
      <DownloadButton file={file} variant="subtle" />
    </span>
  );
}

function Bubble({ message, counterpart }: { message: MessageDto; counterpart: string }) {
  if (message.type === 2) {
    return (
      <li className={classes.system} data-testid="system-message">
        <IconInfoCircle size={16} aria-hidden className={classes.systemIcon} />
        <span className={classes.systemBody}>
          <span>
            <span className="cd-sr-only">{T.systemMessage}&nbsp;: </span>
            {message.message}
          </span>
          {/* A sending of final files is named in the text; the files tab offers each one. */}
        </span>
        <TimeOfDay className={classes.systemTime} value={message.createdAt} />
      </li>
    );
  }
  const side = message.isMine ? 'right' : 'left';
  return (
    <li className={classes.line} data-side={side} data-testid={`bubble-${side}`}>
      <div className={classes.bubble} data-side={side} data-file={message.file ? true : undefined}>
        <span className="cd-sr-only">{message.isMine ? T.you : counterpart}&nbsp;: </span>
        {message.file ? <FileChip file={message.file} /> : <span className={classes.text}>{message.message}</span>}
      </div>
      <TimeOfDay className={classes.time} value={message.createdAt} />
    </li>
  );
}

export function MessageThread({ messages, counterpart, now }: { messages: MessageDto[]; counterpart: string; now: Date }) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef(0);

  const last = messages[messages.length - 1];
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const grew = messages.length > seen.current;
    const first = seen.current === 0;
    seen.current = messages.length;
    // The newest message is followed when it is the reader's own, or when they were already at the bottom.
    if (first || (grew && (atBottom.current || last?.isMine))) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.isMine]);

  const days = groupByDay(messages, now);
  return (
    <div
      ref={scroller}
      className={classes.thread}
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
      role="log"
      aria-live="polite"
      aria-label={MESSAGING.messagesTab}
      tabIndex={0}
    >
      {messages.length === 0 ? (
        <div className={classes.emptyThread}>
          <span className={classes.emptyIcon} aria-hidden>
            <IconMessageCircle size={28} stroke={1.5} />
          </span>
          <Text fw={500}>{MESSAGING.emptyConversation}</Text>
        </div>
      ) : (
        days.map((day) => (
          <section key={day.key} className={classes.day} aria-label={day.label}>
            <div className={classes.dayLabel}>
              <span>{day.label}</span>
            </div>
            <ul className={classes.lines}>
              {day.messages.map((message) => (
                <Bubble key={message.id} message={message} counterpart={counterpart} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
