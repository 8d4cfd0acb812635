/**
 * The bell's page: what happened in my contests, conversations and wallet, newest first,
 * unread ones highlighted. Opening one marks it read and follows its link; "Tout marquer
 * comme lu" clears them all. Live events keep the page and the header badge current.
 */
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Container, Group, Skeleton, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconBell,
  IconBuildingBank,
  IconChecks,
  IconCircleCheck,
  IconFlag,
  IconHourglassHigh,
  IconMessageCircle,
  IconPackage,
  IconPhotoPlus,
  IconScale,
  IconTrophy,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { formatDate, formatTime, NOTIFICATIONS, type NotificationDto, type NotificationsPage as Page, DAY_MS, MINUTE_MS, COMMON } from '@creadefi/domain';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { ApiError } from '../../api/client';
import { liveKeys, useLiveEvents } from '../../api/events';
import { notifyError } from '../../ui/feedback';
import { MESSAGING_TEXTS as M, NOTIFICATION_TEXTS as T } from '@creadefi/domain';
import { markRead, NOTIFICATIONS_PAGE_SIZE, useNotifications } from './api';
import classes from './notifications.module.css';
import { PageHeroBand, PageHeroIcon, PageHeroLead } from '../../ui/PageHero';
import { Pager } from '../../ui/Pager';

const KINDS: Record<string, { icon: Icon; color: string }> = {
  new_proposal: { icon: IconPhotoPlus, color: 'orange' },
  new_message: { icon: IconMessageCircle, color: 'indigo' },
  chosen_winner: { icon: IconTrophy, color: 'yellow' },
  final_files_received: { icon: IconPackage, color: 'grape' },
  files_validated: { icon: IconCircleCheck, color: 'teal' },
  payment_received: { icon: IconWallet, color: 'teal' },
  contest_ended: { icon: IconHourglassHigh, color: 'pink' },
  contest_closed: { icon: IconHourglassHigh, color: 'gray' },
  contest_extended: { icon: IconHourglassHigh, color: 'green' },
  finalist_chosen: { icon: IconFlag, color: 'orange' },
  finalist_not_chosen: { icon: IconFlag, color: 'gray' },
  payout_sent: { icon: IconBuildingBank, color: 'cyan' },
  report_dismissed: { icon: IconFlag, color: 'gray' },
  report_upheld: { icon: IconFlag, color: 'red' },
  proposal_withdrawn: { icon: IconFlag, color: 'red' },
  preview_failed: { icon: IconPhotoPlus, color: 'red' },
  account_suspended: { icon: IconUserOff, color: 'red' },
  account_reinstated: { icon: IconUserCheck, color: 'teal' },
  mission_accepted: { icon: IconCircleCheck, color: 'teal' },
  winner_replaced: { icon: IconTrophy, color: 'gray' },
  acceptance_overdue: { icon: IconHourglassHigh, color: 'orange' },
  delivery_late: { icon: IconHourglassHigh, color: 'red' },
  dispute_opened: { icon: IconScale, color: 'orange' },
  dispute_resolved: { icon: IconScale, color: 'teal' },
  proposal_comment: { icon: IconMessageCircle, color: 'orange' },
  proposals_awaiting: { icon: IconHourglassHigh, color: 'orange' },
  contest_invitation: { icon: IconUserPlus, color: 'violet' },
};
const DEFAULT_KIND = { icon: IconBell, color: 'gray' };

/** "À l'instant", "Il y a 12 min", "Aujourd'hui à 14:05", "Hier à 09:30", then the date. */
export function relativeTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  const minutes = Math.floor((now.getTime() - date.getTime()) / MINUTE_MS);
  if (minutes < 1) return T.justNow;
  if (minutes < 60) return T.minutesAgo(minutes);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (date.getTime() >= startOfToday) return T.todayAt(formatTime(date));
  if (date.getTime() >= startOfToday - DAY_MS) return T.yesterdayAt(formatTime(date));
  return T.onDate(formatDate(date));
}

function Row({ notification, now, onOpen }: { notification: NotificationDto; now: Date; onOpen: (n: NotificationDto) => void }) {
  const kind = KINDS[notification.kind] ?? DEFAULT_KIND;
  const Icon = kind.icon;
  const content = (
    <>
      <span className={classes.icon} style={{ color: `var(--mantine-color-${kind.color}-7)`, background: `var(--mantine-color-${kind.color}-0)` }} aria-hidden>
        <Icon size={20} stroke={1.7} />
      </span>
      <span className={classes.body}>
        <span className={classes.text}>{notification.text}</span>
        <time className={classes.date} dateTime={notification.createdAt}>
          {relativeTime(notification.createdAt, now)}
        </time>
      </span>
      {!notification.read && (
        <span className={classes.dot}>
          <span className="cd-sr-only">{T.unread}</span>
        </span>
      )}
    </>
  );
  return (
    <li>
      {notification.link ? (
        <Link to={notification.link} className={classes.row} data-unread={!notification.read || undefined} onClick={() => onOpen(notification)}>
          {content}
        </Link>
      ) : (
        <button type="button" className={classes.row} data-unread={!notification.read || undefined} onClick={() => onOpen(notification)}>
          {content}
        </button>
      )}
    </li>
  );
}

export default function NotificationsPage() {
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const query = useNotifications(page);
  useLiveEvents();
  const now = new Date();
  const data = query.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / NOTIFICATIONS_PAGE_SIZE));

  /** Read at once on screen; the server's answer and the badge follow. */
  function markLocally(ids: number[] | 'all') {
    queryClient.setQueriesData<Page>({ queryKey: liveKeys.notificationPages }, (current) => {
      if (!current) return current;
      const notifications = current.notifications.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, read: true } : n));
      const cleared = current.notifications.filter((n) => !n.read && (ids === 'all' || ids.includes(n.id))).length;
      return { ...current, notifications, unread: ids === 'all' ? 0 : Math.max(0, current.unread - cleared) };
    });
  }

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: liveKeys.notifications });
  }

  function open(notification: NotificationDto) {
    if (!notification.read) {
      markLocally([notification.id]);
      markRead({ ids: [notification.id] }).then(refresh, notifyError);
    }
  }

  function markAll() {
    markLocally('all');
    markRead({ all: true }).then(refresh, (error: unknown) => {
      notifyError(error);
      refresh();
    });
  }

  const setPage = (next: number) => {
    setSearch(next > 1 ? { page: String(next) } : {});
    window.scrollTo(0, 0);
  };

  let body;
  if (query.isError && !data) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {query.error instanceof ApiError ? query.error.message : COMMON.serverError}
        <Button variant="subtle" size="compact-sm" ml="sm" onClick={() => void query.refetch()}>
          {M.retry}
        </Button>
      </Alert>
    );
  } else if (!data) {
    body = (
      <div aria-hidden className={classes.list}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={68} radius="md" mb={8} />
        ))}
      </div>
    );
  } else if (data.notifications.length === 0) {
    body = (
      <EmptyPanel icon={<IconBell size={34} stroke={1.5} />} title={NOTIFICATIONS.empty}>
        <Text c="dimmed" fz="sm">
          {T.emptyHint}
        </Text>
      </EmptyPanel>
    );
  } else {
    body = (
      <>
        <ul className={classes.list} data-fetching={query.isPlaceholderData || undefined}>
          {data.notifications.map((notification) => (
            <Row key={notification.id} notification={notification} now={now} onOpen={open} />
          ))}
        </ul>
        {pages > 1 && (
          <Group justify="center" mt="xl">
            <Pager
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
            />
          </Group>
        )}
      </>
    );
  }

  const unread = data?.unread ?? 0;
  return (
    <div>
      <PageHeroBand>
        <Container size="md" className={classes.heroInner}>
          <div className={classes.heroRow}>
            <div>
              <Group gap="sm" wrap="nowrap">
                <PageHeroIcon>
                  <IconBell size={24} stroke={1.6} />
                </PageHeroIcon>
                <Title order={1}>{NOTIFICATIONS.title}</Title>
              </Group>
              <PageHeroLead>{unread > 0 ? T.unreadCount(unread) : data && data.total > 0 ? T.allRead : T.lead}</PageHeroLead>
            </div>
            <Button variant="white" color="ink.8" className={classes.markAll} leftSection={<IconChecks size={18} />} onClick={markAll} disabled={unread === 0}>
              {NOTIFICATIONS.markAllRead}
            </Button>
          </div>
        </Container>
      </PageHeroBand>
      <Container size="md" className={classes.page}>
        {body}
      </Container>
    </div>
  );
}
