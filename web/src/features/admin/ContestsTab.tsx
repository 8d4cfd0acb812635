/**
 * The admins' « Concours »: find a contest by its number, its company or its organiser, read
 * its dates, money and history, and act on it, saying why. The open contest is in the address
 * (`?onglet=concours&concours=<id>`), so that a link can lead to it.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Card, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/fr';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { CONTEST_STATUS, contestStatusLabel, formatDate, formatEuros, formatTime, type AdminContestDetail, type AdminContestEvent, type AdminContestSummary, ADMIN, ADMIN_CONTEST_PARAM, ADMIN_CONTESTS } from '@creadefi/domain';
import { useAdminContest, useAdminContests, useContestAction, type ContestAction, type ContestSearch } from './api-contests';
import classes from './AdminPage.module.css';
import { Fact, LoadError, Paged, ReasonDialog } from './parts';
import { parseFrenchDate } from '../../ui/french-date';

const T = ADMIN_CONTESTS.tab;
const H = ADMIN_CONTESTS.history;
const ACTIONS = ADMIN.page.actions as Record<string, string>;

export function ContestsTab() {
  const [params, setParams] = useSearchParams();
  const open = Number(params.get(ADMIN_CONTEST_PARAM));
  const show = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(ADMIN_CONTEST_PARAM);
      else next.set(ADMIN_CONTEST_PARAM, String(id));
      return next;
    });
  if (Number.isInteger(open) && open > 0) return <ContestDetail id={open} onBack={() => show(null)} />;
  return <ContestSearchPanel onOpen={show} />;
}

const STATUS_CHOICES = [{ value: '', label: T.allStatuses }, ...Object.values(CONTEST_STATUS).map((s) => ({ value: String(s), label: contestStatusLabel(s) }))];

function ContestSearchPanel({ onOpen }: { onOpen: (id: number) => void }) {
  const [search, setSearch] = useState<ContestSearch>({ q: '', status: '', page: 1 });
  const [draft, setDraft] = useState({ q: '', status: '' });
  const query = useAdminContests(search);
  return (
    <Stack gap="lg">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch({ ...draft, page: 1 });
        }}
      >
        <div className={classes.search}>
          <TextInput
            label={T.search}
            placeholder={T.searchPlaceholder}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
            maxLength={200}
            style={{ flex: 1 }}
          />
          <NativeSelect label={T.status} data={STATUS_CHOICES} value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.currentTarget.value })} />
          <Button type="submit" variant="light" leftSection={<IconSearch size={16} aria-hidden />}>
            {T.search}
          </Button>
        </div>
      </form>
      {query.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : query.isError ? (
        <LoadError />
      ) : query.data.contests.length === 0 ? (
        <Text c="dimmed">{T.noResults}</Text>
      ) : (
        <>
          <Stack gap="sm">
            {query.data.contests.map((contest) => (
              <ContestRow key={contest.id} contest={contest} onOpen={() => onOpen(contest.id)} />
            ))}
          </Stack>
          <Paged page={search.page} total={query.data.total} onChange={(page) => setSearch({ ...search, page })} />
        </>
      )}
    </Stack>
  );
}

function StatusBadge({ status, label }: { status: number; label: string }) {
  const color = status === CONTEST_STATUS.open ? 'green' : status === CONTEST_STATUS.finished ? 'gray' : status === CONTEST_STATUS.cancelled ? 'red' : 'orange';
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

function ContestRow({ contest, onOpen }: { contest: AdminContestSummary; onOpen: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={T.detailTitle(contest.companyName, contest.id)}>
      <div className={classes.contestRow}>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{T.detailTitle(contest.companyName, contest.id)}</Text>
            <StatusBadge status={contest.status} label={contest.statusLabel} />
          </Group>
          <Fact label={T.organiser}>
            {contest.organiser.pseudo} ({contest.organiser.email})
          </Fact>
          <Fact label={T.subCategory}>{contest.subCategory}</Fact>
          {contest.endDate && <Fact label={T.endDate}>{formatDate(contest.endDate)}</Fact>}
        </Stack>
        <Button variant="light" onClick={onOpen}>
          {T.open}
        </Button>
      </div>
    </Card>
  );
}

function ContestDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const query = useAdminContest(id);
  return (
    <Stack gap="lg">
      <div>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} px={0}>
          {T.back}
        </Button>
      </div>
      {query.isPending ? <Skeleton height={320} radius="md" /> : query.isError ? <LoadError /> : <ContestFacts contest={query.data} />}
    </Stack>
  );
}

const day = (value: string | null) => (value ? formatDate(value) : '—');

function ContestFacts({ contest }: { contest: AdminContestDetail }) {
  const m = contest.money;
  return (
    <>
      <Group gap="sm">
        <Title order={2} fz="h3">
          {T.detailTitle(contest.companyName, contest.id)}
        </Title>
        <StatusBadge status={contest.status} label={contest.statusLabel} />
      </Group>
      <ContestActions contest={contest} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="md">
          <Stack gap={4}>
            <Fact label={T.organiser}>
              {contest.organiser.pseudo} ({contest.organiser.email})
            </Fact>
            <Fact label={T.subCategory}>{contest.subCategory}</Fact>
            <Fact label={T.options}>{contest.options.length === 0 ? T.noOptions : contest.options.map((o) => o.name).join(', ')}</Fact>
            <Fact label={T.cost}>{formatEuros(contest.costCents)}</Fact>
            <Fact label={T.proposals}>{contest.participationsCount}</Fact>
            <Fact label={T.winners}>{contest.winnersCount}</Fact>
            <Fact label={T.prizesPaid}>{contest.prizesPaid}</Fact>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" component="section" aria-label={T.dates}>
          <Stack gap={4}>
            <Fact label={T.created}>{day(contest.createdAt)}</Fact>
            <Fact label={T.paid}>{day(contest.paidAt)}</Fact>
            <Fact label={T.end}>{day(contest.endDate)}</Fact>
            <Fact label={T.ended}>{day(contest.endedAt)}</Fact>
            <Fact label={T.finalised}>{day(contest.finalisedAt)}</Fact>
            <Fact label={T.finished}>{day(contest.finishedAt)}</Fact>
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" padding="md" component="section" aria-label={T.money}>
        <Title order={3} fz="h4" mb="xs">
          {T.money}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
          <Fact label={T.paidIn}>{formatEuros(m.paidInCents)}</Fact>
          <Fact label={T.prizes}>{formatEuros(m.prizesCents)}</Fact>
          <Fact label={T.promotions}>{formatEuros(m.promotionsCents)}</Fact>
          <Fact label={T.fees}>{formatEuros(m.feesCents)}</Fact>
          <Fact label={T.credited}>{formatEuros(m.creditedCents)}</Fact>
          <Fact label={T.refunded}>{formatEuros(m.refundedCents)}</Fact>
          <Fact label={T.held}>{formatEuros(m.heldCents)}</Fact>
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-label={T.history}>
        <Title order={3} fz="h4" mb="xs">
          {T.history}
        </Title>
        {contest.history.length === 0 ? (
          <Text c="dimmed">{T.noHistory}</Text>
        ) : (
          <ol className={classes.history}>
            {contest.history.map((event, i) => (
              <li key={i}>
                <Text span fz="sm" c="dimmed" className={classes.historyWhen}>
                  <time dateTime={event.at}>
                    {formatDate(event.at)} {formatTime(event.at)}
                  </time>
                </Text>
                <Text span fz="sm">
                  {eventText(event)}
                  {event.amountCents !== undefined && ` · ${formatEuros(event.amountCents)}`}
                  {event.reason && ` · ${event.reason}`}
                </Text>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </>
  );
}

function eventText(e: AdminContestEvent): string {
  switch (e.kind) {
    case 'payment':
      return `${H.payment[e.status ?? ''] ?? e.status} (${H.paymentPurpose[e.purpose ?? ''] ?? e.purpose})`;
    case 'ledger':
      return H.ledger[e.operation ?? ''] ?? H.ledgerOther(e.operation ?? '');
    case 'winner_chosen':
      return H.winnerChosen(e.pseudo ?? '');
    case 'files_validated':
      return H.filesValidated(e.pseudo ?? '', e.automatic ?? false);
    case 'admin_action':
      return H.adminAction(ACTIONS[e.action ?? ''] ?? e.action ?? '', e.pseudo ?? '');
    default:
      return H[e.kind];
  }
}

/** The day picked, at the time of day the contest ends now: an extension moves whole days. */
function endOn(dayValue: string, currentEnd: string | null): string {
  const [y, m, d] = dayValue.split('-').map(Number) as [number, number, number];
  const base = currentEnd ? new Date(currentEnd) : new Date();
  return new Date(y, m - 1, d, base.getHours(), base.getMinutes(), base.getSeconds()).toISOString();
}

type Asking = ContestAction['kind'] | null;

function ContestActions({ contest }: { contest: AdminContestDetail }) {
  const [asking, setAsking] = useState<Asking>(null);
  const [endDay, setEndDay] = useState('');
  const [dayError, setDayError] = useState<string | null>(null);
  const action = useContestAction(contest.id);
  // Refunding is for a contest paid and not finalised; the server decides in the end.
  const refundable = contest.status === CONTEST_STATUS.open || contest.status === CONTEST_STATUS.awaitingWinner;
  const close = () => {
    setAsking(null);
    setDayError(null);
    action.reset();
  };
  const submit = (reason: string) => {
    if (asking === 'extend') {
      if (!endDay) return setDayError(ADMIN_CONTESTS.endDateRequired);
      setDayError(null);
      action.mutate({ action: { kind: 'extend', endDate: endOn(endDay, contest.endDate) }, reason }, { onSuccess: close });
    } else if (asking) {
      action.mutate({ action: { kind: asking }, reason }, { onSuccess: close });
    }
  };
  const titles = { extend: T.extendTitle, advance: T.advanceTitle, refund: T.refundTitle } as const;
  const hints = { extend: T.extendHint, advance: T.advanceHint, refund: T.refundHint } as const;
  if (!contest.canExtend && !contest.canAdvance && !refundable) return null;
  return (
    <>
      <Group gap="sm" aria-label={T.actions} role="group">
        {contest.canExtend && (
          <Button variant="light" onClick={() => setAsking('extend')}>
            {T.extend}
          </Button>
        )}
        {contest.canAdvance && (
          <Button variant="light" color="orange" onClick={() => setAsking('advance')}>
            {T.advance}
          </Button>
        )}
        {refundable && (
          <Button variant="light" color="red" onClick={() => setAsking('refund')}>
            {T.refund}
          </Button>
        )}
      </Group>
      <ReasonDialog opened={asking !== null} title={asking ? titles[asking] : ''} busy={action.isPending} error={action.error?.message} onClose={close} onSubmit={submit}>
        {asking && <Text fz="sm">{hints[asking]}</Text>}
        {asking === 'extend' && (
          // Typed or picked dd/mm/yyyy; the server says which days it refuses and why.
          <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
            <DateInput
              label={T.extendDate}
              required
              valueFormat="DD/MM/YYYY"
              dateParser={parseFrenchDate}
              placeholder={T.datePlaceholder}
              value={endDay || null}
              onChange={(value) => setEndDay(value ?? '')}
              defaultDate={contest.endDate ?? undefined}
              popoverProps={{ withinPortal: true }}
              error={dayError}
            />
          </DatesProvider>
        )}
      </ReasonDialog>
    </>
  );
}
