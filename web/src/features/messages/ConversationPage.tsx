/**
 * One conversation (docs/product.md §11): who it is with, where the contest stands and the one next
 * step (the status button), then the messages and the files. What the viewer may do comes
 * from the server's `can` flags; new messages arrive through live events, or every 20 s
 * when those are not available.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ActionIcon, Alert, Avatar, Badge, Button, Container, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconChevronRight, IconCloudUpload, IconFlag, IconFiles, IconMessageCircle, IconCircleCheck } from '@tabler/icons-react';
import { contestStatusLabel, mayReport, MESSAGING, PARTICIPATIONS, type ConversationDto, MINUTE_MS, type ReportInput, COMMON } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { useLiveEvents } from '../../api/events';
import { isRetryable } from '../../api/retryable';
import { paths } from '../../app/paths';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { ReportDialog } from '../../ui/ReportDialog';
import { LazyTooltip } from '../../ui/LazyTooltip';
import { onDemand } from '../../ui/on-demand';
import { reportParticipation, useConversation } from './api';
import { Composer } from './Composer';
import { FilesPanel } from './FilesPanel';
import { counterpartName, statusAction, type StatusAction } from './format';
import { MessageThread } from './MessageThread';
import { MissionPanel } from './MissionPanel';
import { MESSAGING_TEXTS as T } from '@creadefi/domain';
import { PortfolioSwitch } from './PortfolioSwitch';
import { ValidateFinalDialog } from './ValidateFinalDialog';
import { DisputeBar } from './DisputeBar';
import { HandoverPanel } from './HandoverPanel';
import classes from './conversation.module.css';
import { cardClass } from '../../ui/card';

const FinalUploadDialog = onDemand(() => import('./FinalUploadDialog'));

const STATUS_COLORS: Record<number, string> = { [-1]: 'red', 1: 'yellow', 2: 'teal', 3: 'orange', 4: 'indigo', 5: 'gray' };

/** The time left on the status button moves on by itself. */
function useNow(everyMs = MINUTE_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function StatusButton({ action, onValidate, onUpload }: { action: StatusAction; onValidate: () => void; onUpload: () => void }) {
  const common = { variant: 'gradient' as const, className: classes.statusButton, size: 'sm' as const };
  if (action.kind === 'link') {
    return (
      <Button component={Link} to={action.to} rightSection={<IconChevronRight size={16} aria-hidden />} {...common} variant="light">
        {action.label}
      </Button>
    );
  }
  return (
    <Button onClick={action.kind === 'validate' ? onValidate : onUpload} leftSection={action.kind === 'validate' ? <IconCircleCheck size={17} aria-hidden /> : <IconCloudUpload size={17} aria-hidden />} {...common}>
      {action.label}
    </Button>
  );
}

function ReportButton({ idParticipation }: { idParticipation: number }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  async function report(input: ReportInput) {
    setBusy(true);
    try {
      const answer = await reportParticipation(idParticipation, input);
      notifySuccess(answer.message ?? PARTICIPATIONS.reported);
      setAsking(false);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <LazyTooltip label={MESSAGING.reportConversation} withArrow>
        <ActionIcon variant="subtle" color="ink.6" size="lg" radius="xl" onClick={() => setAsking(true)} aria-label={MESSAGING.reportConversation}>
          <IconFlag size={19} />
        </ActionIcon>
      </LazyTooltip>
      <ReportDialog opened={asking} busy={busy} onClose={() => setAsking(false)} onSubmit={(input) => void report(input)} />
    </>
  );
}

function Header({ conversation, now, onValidate, onUpload }: { conversation: ConversationDto; now: Date; onValidate: () => void; onUpload: () => void }) {
  const name = counterpartName(conversation.User.pseudo);
  const { concour } = conversation;
  const canReport = mayReport(conversation.role, concour.status);
  return (
    <header className={classes.head}>
      <Link to={paths.messages} className={classes.back}>
        <IconArrowLeft size={16} aria-hidden /> {T.back}
      </Link>
      <div className={classes.headRow}>
        <Avatar radius="xl" size={48} color="orange" className={classes.headAvatar} aria-hidden>
          {name.slice(0, 2).toUpperCase()}
        </Avatar>
        <div className={classes.headText}>
          <h1 className={classes.title}>
            {MESSAGING.group(concour.subCategory.name)}
            <span className={classes.company}> · {concour.companyName}</span>
          </h1>
          <Group gap={8} mt={4} wrap="wrap">
            <Text fz="sm" fw={500} data-testid="counterpart">
              {name}
            </Text>
            {conversation.isWinner && (
              <Badge size="sm" variant="gradient">
                {conversation.role === 'participant' ? T.youWon : T.winner}
              </Badge>
            )}
            <Badge size="sm" variant="light" radius="sm" color={STATUS_COLORS[concour.status] ?? 'gray'} className={classes.statusBadge}>
              {contestStatusLabel(concour.status)}
            </Badge>
          </Group>
        </div>
        <Group gap={6} wrap="nowrap" className={classes.headActions}>
          {canReport && <ReportButton idParticipation={conversation.id} />}
          <StatusButton action={statusAction(conversation, now)} onValidate={onValidate} onUpload={onUpload} />
        </Group>
      </div>
    </header>
  );
}

function Loading() {
  return (
    <div className={cardClass(classes.panel)} role="status" aria-label={MESSAGING.loadingConversation}>
      <Stack gap="sm" p="lg">
        <Skeleton h={14} w={120} />
        <Group gap="md">
          <Skeleton h={48} w={48} circle />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={20} w="45%" />
            <Skeleton h={14} w="25%" />
          </Stack>
        </Group>
        <Skeleton h={44} mt="lg" w="50%" />
        <Skeleton h={44} w="40%" ml="auto" />
        <Skeleton h={44} w="55%" />
      </Stack>
    </div>
  );
}

export default function ConversationPage() {
  const params = useParams();
  const id = Number(params.id);
  const query = useConversation(id);
  const now = useNow();
  const [tab, setTab] = useState<string | null>('messages');
  const [dialog, setDialog] = useState<'validate' | 'upload' | null>(null);
  useLiveEvents();
  // Drawn in an interruptible render once it arrives: a thread of many messages is built in
  // slices between which the phone can handle a tap or draw a frame.
  const conversation = useDeferredValue(query.data);

  if (!Number.isInteger(id) || id <= 0 || query.isError) {
    const message = query.error instanceof ApiError ? query.error.message : !query.isError ? PARTICIPATIONS.notFound : COMMON.serverError;
    return (
      <Container size="md" className={classes.page}>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={T.loadError} role="alert" radius="lg">
          <Text fz="sm">{message}</Text>
          <Group gap="sm" mt="md">
            <Button component={Link} to={paths.messages} variant="default" size="xs" leftSection={<IconArrowLeft size={14} />}>
              {T.back}
            </Button>
            {query.isError && isRetryable(query.error) && (
              <Button variant="subtle" size="xs" onClick={() => void query.refetch()}>
                {T.retry}
              </Button>
            )}
          </Group>
        </Alert>
      </Container>
    );
  }

  const files = conversation ? Object.values(conversation.fileParticipants).reduce((n, list) => n + list.length, 0) : 0;
  const finalAction =
    conversation?.can.uploadFinal ? (
      <Button size="xs" variant="light" leftSection={<IconCloudUpload size={15} />} onClick={() => setDialog('upload')}>
        {T.finalDialogTitle}
      </Button>
    ) : conversation?.can.validateFinal ? (
      <Button size="xs" variant="light" color="teal" leftSection={<IconCircleCheck size={15} />} onClick={() => setDialog('validate')}>
        {T.validate}
      </Button>
    ) : undefined;

  return (
    <Container size="md" className={classes.page}>
      {!conversation ? (
        <Loading />
      ) : (
        <div className={cardClass(classes.panel)}>
          <Header conversation={conversation} now={now} onValidate={() => setDialog('validate')} onUpload={() => setDialog('upload')} />
          <MissionPanel conversation={conversation} now={now} />
          <DisputeBar conversation={conversation} />
          <PortfolioSwitch conversation={conversation} />
          {conversation.isWinner && conversation.finalValidatedAt && <HandoverPanel participationId={conversation.id} />}
          <Tabs value={tab} onChange={setTab} color="orange" classNames={{ root: classes.tabs, list: classes.tabList, tab: classes.tab, panel: classes.tabPanel }}>
            <Tabs.List>
              <Tabs.Tab value="messages" leftSection={<IconMessageCircle size={16} aria-hidden />}>
                {MESSAGING.messagesTab}
              </Tabs.Tab>
              <Tabs.Tab
                value="files"
                leftSection={<IconFiles size={16} aria-hidden />}
                rightSection={
                  files > 0 ? (
                    <Badge size="xs" variant="light" color="orange" circle>
                      {files}
                    </Badge>
                  ) : undefined
                }
              >
                {MESSAGING.filesTab}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="messages">
              <MessageThread messages={conversation.messages} counterpart={counterpartName(conversation.User.pseudo)} now={now} />
              <Composer conversation={conversation} />
            </Tabs.Panel>
            <Tabs.Panel value="files">
              <FilesPanel conversation={conversation} finalAction={finalAction} />
            </Tabs.Panel>
          </Tabs>
          <ValidateFinalDialog opened={dialog === 'validate'} conversation={conversation} onClose={() => setDialog(null)} />
          {dialog === 'upload' && <FinalUploadDialog opened conversation={conversation} onClose={() => setDialog(null)} />}
        </div>
      )}
    </Container>
  );
}
