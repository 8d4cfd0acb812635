/**
 * Message list (docs/product.md §11): the conversations of the contests I organise and of those I take
 * part in, grouped by contest, with the running-only switch on by default. Each side is read
 * a page at a time, most recent activity first, filtered by the server; "Tout" merges both
 * sides (conversation-pages.ts). A talent arriving from a contest they have not written to
 * yet (contest details, "Envoyer un message") gets the first-message dialog here.
 */
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Avatar, Badge, Button, Container, Group, Skeleton, Switch, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBriefcase, IconChevronDown, IconInbox, IconMessages, IconTrophyFilled, IconUsers } from '@tabler/icons-react';
import { contestStatusLabel, MESSAGING, type ConversationSummaryDto, COMMON } from '@creadefi/domain';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { ApiError } from '../../api/client';
import { useLiveEvents } from '../../api/events';
import { isRetryable } from '../../api/retryable';
import { paths } from '../../app/paths';
import { useConversationPages, type Side } from './api';
import { ComposeDialog } from './ComposeDialog';
import { mergeSides, type SidedGroup } from './conversation-pages';
import { counterpartName, previewOf, timeOrDate } from './format';
import { MESSAGING_TEXTS as T } from '@creadefi/domain';
import classes from './messages.module.css';
import { PageHeroBand, PageHeroIcon, PageHeroLead } from '../../ui/PageHero';
import { cardClass } from '../../ui/card';

type Tab = 'all' | Side;
const TAB_PARAM: Record<Tab, string | null> = { all: null, organiser: 'organisateur', participant: 'participant' };
const SIDES: Record<Tab, readonly Side[]> = { all: ['organiser', 'participant'], organiser: ['organiser'], participant: ['participant'] };

const STATUS_COLORS: Record<number, string> = { [-1]: 'red', 1: 'yellow', 2: 'teal', 3: 'orange', 4: 'indigo', 5: 'gray' };

function ConversationRow({ conversation, side, now }: { conversation: ConversationSummaryDto; side: Side; now: Date }) {
  const name = counterpartName(conversation.counterpart.pseudo);
  const last = conversation.lastMessage;
  const unread = conversation.unread;
  return (
    <li>
      <Link to={paths.conversation(conversation.idParticipation)} className={classes.row} data-unread={unread > 0 || undefined}>
        <Avatar radius="xl" size={44} className={classes.avatar} color="orange" aria-hidden>
          {name.slice(0, 2).toUpperCase()}
        </Avatar>
        <span className={classes.rowBody}>
          <span className={classes.rowHead}>
            <span className={classes.pseudo}>{name}</span>
            {conversation.isWinner && (
              <Badge size="xs" variant="gradient" className={classes.winnerBadge} leftSection={<IconTrophyFilled size={10} aria-hidden />}>
                {side === 'participant' ? T.youWon : T.winner}
              </Badge>
            )}
          </span>
          <span className={classes.preview} data-system={last?.type === 2 || undefined}>
            {last ? previewOf(last.message) : T.noConversationYet}
          </span>
        </span>
        <span className={classes.rowSide}>
          {last && (
            <time className={classes.time} dateTime={last.createdAt}>
              {timeOrDate(last.createdAt, now)}
            </time>
          )}
          {unread > 0 && (
            <Badge size="sm" circle={unread < 10} color="pink.6" className={classes.unread} aria-label={T.unread(unread)}>
              {unread > 99 ? '99+' : unread}
            </Badge>
          )}
        </span>
      </Link>
    </li>
  );
}

function GroupCard({ group, showSide, now }: { group: SidedGroup; showSide: boolean; now: Date }) {
  return (
    <section className={cardClass(classes.group)} aria-label={`${MESSAGING.group(group.subCategory.name)}, ${group.companyName}`}>
      <header className={classes.groupHead}>
        <span className={classes.groupIcon} aria-hidden>
          {group.side === 'organiser' ? <IconBriefcase size={18} stroke={1.7} /> : <IconUsers size={18} stroke={1.7} />}
        </span>
        <div className={classes.groupTitles}>
          <h2 className={classes.groupTitle}>{MESSAGING.group(group.subCategory.name)}</h2>
          <Text fz="sm" c="dimmed" lineClamp={1}>
            {group.companyName}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap" className={classes.groupBadges}>
          {showSide && (
            <Badge variant="outline" color="ink.6" radius="sm" className={classes.sideBadge}>
              {group.side === 'organiser' ? MESSAGING.tabs.organiser : MESSAGING.tabs.participant}
            </Badge>
          )}
          <Badge variant="light" radius="sm" color={STATUS_COLORS[group.status] ?? 'gray'} className={classes.statusBadge}>
            {contestStatusLabel(group.status)}
          </Badge>
        </Group>
      </header>
      <ul className={classes.rows}>
        {group.conversations.map((conversation) => (
          <ConversationRow key={conversation.idParticipation} conversation={conversation} side={group.side} now={now} />
        ))}
      </ul>
    </section>
  );
}

function ListSkeleton() {
  return (
    <div aria-hidden className={classes.groups}>
      {[0, 1].map((i) => (
        <div key={i} className={cardClass(classes.group)}>
          <Skeleton h={20} w="40%" mb={8} />
          <Skeleton h={14} w="25%" mb={18} />
          <Skeleton h={52} mb={10} />
          <Skeleton h={52} />
        </div>
      ))}
    </div>
  );
}

export default function MessagesPage() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const param = search.get('onglet');
  const tab: Tab = param === 'organisateur' ? 'organiser' : param === 'participant' ? 'participant' : 'all';
  // docs/product.md §11: on by default, hides contests that are over (5) or cancelled (−1).
  const [onlyRunning, setOnlyRunning] = useState(true);
  const sides = SIDES[tab];
  // Both hooks always run (a tab only enables its sides), so their order never changes.
  const lists: Record<Side, ReturnType<typeof useConversationPages>> = {
    organiser: useConversationPages('organiser', onlyRunning, sides.includes('organiser')),
    participant: useConversationPages('participant', onlyRunning, sides.includes('participant')),
  };
  const queries = sides.map((side) => lists[side]);
  useLiveEvents();

  // Contest details sends a talent here with the contest when no conversation exists yet.
  const composeFor = (location.state as { idConcours?: unknown } | null)?.idConcours;
  const idConcours = typeof composeFor === 'number' && composeFor > 0 ? composeFor : null;
  const closeCompose = useCallback(() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null }), [navigate, location.pathname, location.search]);

  const setTab = (next: string | null) => {
    const value = TAB_PARAM[(next as Tab) ?? 'all'];
    setSearch(value ? { onglet: value } : {}, { replace: true });
  };

  const pending = queries.some((q) => q.isPending);
  const failed = queries.find((q) => q.isError && !q.isFetchNextPageError);
  const loaded = sides.every((side) => lists[side].data);
  const groups = loaded ? mergeSides(sides.map((side) => ({ side, pages: lists[side].data!.pages, hasMore: lists[side].hasNextPage }))) : [];
  const withMore = queries.filter((q) => q.hasNextPage);
  // Each side that has more loads its next page; "Tout" then shows what the merge allows.
  const loadMore = () => {
    for (const q of withMore) if (!q.isFetchingNextPage) void q.fetchNextPage();
  };
  const now = new Date();

  let body;
  if (failed && !queries.some((q) => q.data)) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {failed.error instanceof ApiError ? failed.error.message : COMMON.serverError}
        {isRetryable(failed.error) && (
          <Button variant="subtle" size="compact-sm" ml="sm" onClick={() => queries.forEach((q) => void q.refetch())}>
            {T.retry}
          </Button>
        )}
      </Alert>
    );
  } else if (pending) {
    body = <ListSkeleton />;
  } else if (groups.length === 0) {
    body = (
      <EmptyPanel icon={<IconInbox size={34} stroke={1.5} />} title={MESSAGING.emptyList}>
        <Text c="dimmed" fz="sm" mb="md" maw={420} mx="auto">
          {T.emptyListHint}
        </Text>
        <Group justify="center" gap="sm">
          {/* The server filters: what the switch hides is unknown here, the button offers to look. */}
          {onlyRunning && (
            <Button variant="default" onClick={() => setOnlyRunning(false)}>
              {T.showAll}
            </Button>
          )}
          <Button component={Link} to={paths.listing('all')} variant="gradient">
            {T.browseContests}
          </Button>
        </Group>
      </EmptyPanel>
    );
  } else {
    body = (
      <>
        <div className={classes.groups}>
          {groups.map((group) => (
            <GroupCard key={`${group.side}-${group.id}`} group={group} showSide={tab === 'all'} now={now} />
          ))}
        </div>
        {withMore.length > 0 && (
          <div className={classes.more}>
            {queries.some((q) => q.isFetchNextPageError) && (
              <Text c="red.8" fz="sm" role="alert">
                {T.moreConversationsFailed}
              </Text>
            )}
            <Button variant="default" radius="xl" size="md" className={classes.moreButton} loading={queries.some((q) => q.isFetchingNextPage)} onClick={loadMore} rightSection={<IconChevronDown size={18} aria-hidden />}>
              {T.moreConversations}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div>
      <PageHeroBand>
        <Container size="md" className={classes.heroInner}>
          <Group gap="sm" wrap="nowrap">
            <PageHeroIcon>
              <IconMessages size={24} stroke={1.6} />
            </PageHeroIcon>
            <Title order={1}>{MESSAGING.listTitle}</Title>
          </Group>
          <PageHeroLead>{T.listLead}</PageHeroLead>
        </Container>
      </PageHeroBand>
      <Container size="md" className={classes.body}>
        <Tabs value={tab} onChange={setTab} color="orange" classNames={{ list: classes.tabList, tab: classes.tab }}>
          <div className={classes.toolbar}>
            <Tabs.List>
              <Tabs.Tab value="all">{MESSAGING.tabs.all}</Tabs.Tab>
              <Tabs.Tab value="organiser" leftSection={<IconBriefcase size={16} aria-hidden />}>
                {MESSAGING.tabs.organiser}
              </Tabs.Tab>
              <Tabs.Tab value="participant" leftSection={<IconUsers size={16} aria-hidden />}>
                {MESSAGING.tabs.participant}
              </Tabs.Tab>
            </Tabs.List>
            <Switch checked={onlyRunning} onChange={(event) => setOnlyRunning(event.currentTarget.checked)} label={MESSAGING.onlyRunning} color="orange" className={classes.switch} />
          </div>
          <Tabs.Panel value={tab} className={classes.list}>
            {body}
          </Tabs.Panel>
        </Tabs>
      </Container>
      {idConcours !== null && <ComposeDialog idConcours={idConcours} onClose={closeCompose} />}
    </div>
  );
}
