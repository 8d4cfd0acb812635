/**
 * My contests (docs/product.md §11): the contests I organise and those I take part in, each a table
 * of 5 rows a page (cards on a phone), with the way back to each contest. The tab and page
 * live in the address so that returning from a contest lands on the same rows.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionIcon, Alert, Badge, Button, Container, Group, Skeleton, Table, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconBriefcase, IconCreditCard, IconEye, IconPencil, IconPlus, IconSearch, IconTrophyFilled, IconUsers } from '@tabler/icons-react';
import { contestStatusLabel, formatDate, formatEuros, isEditLocked, mayDeleteContest, mayPayCreation, plural, type MyContestRow, COMMON, CONTESTS } from '@creadefi/domain';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { ApiError } from '../../api/client';
import { isRetryable } from '../../api/retryable';
import { paths } from '../../app/paths';
import { MY_CONTESTS_PAGE_SIZE, useMyContests, type MyContestsRole } from './api';
import { PayContestModal } from './PayContestModal';
import { DeleteContestButton } from './DeleteContestButton';
import { AwaitingCount } from './AwaitingCount';
import { ContractDownload } from './ContractDownload';
import classes from './MyContestsPage.module.css';
import { PageHeroBand, PageHeroLead } from '../../ui/PageHero';
import { cardClass } from '../../ui/card';
import { Pager } from '../../ui/Pager';

const M = CONTESTS.mine;

const STATUS_COLORS: Record<number, string> = { [-1]: 'red', 1: 'yellow', 2: 'teal', 3: 'orange', 4: 'indigo', 5: 'gray' };

function StatusBadge({ status, refunded }: { status: number; refunded: boolean }) {
  return (
    <Badge color={refunded ? 'gray' : (STATUS_COLORS[status] ?? 'gray')} variant="light" radius="sm" classNames={{ root: classes.status, label: classes.statusLabel }}>
      {contestStatusLabel(status, refunded)}
    </Badge>
  );
}

const viewPath = (role: MyContestsRole, row: MyContestRow) => (role === 'organisateur' ? paths.proposals(row.id) : paths.contestDetails(row.idConcours));

interface RowActionsProps {
  role: MyContestsRole;
  row: MyContestRow;
  onPay: (row: MyContestRow) => void;
}

function RowActions({ role, row, onPay }: RowActionsProps) {
  const locked = isEditLocked(row.status);
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {role === 'organisateur' && mayPayCreation('organiser', row.status) && (
        <Button size="compact-sm" variant="gradient" leftSection={<IconCreditCard size={14} />} onClick={() => onPay(row)}>
          {M.pay}
        </Button>
      )}
      {role === 'organisateur' && mayDeleteContest('organiser', row.status) && <DeleteContestButton row={row} />}
      {role === 'organisateur' && (
        <Tooltip label={locked ? CONTESTS.editLocked : M.edit} withArrow>
          {locked ? (
            // A disabled button fires no hover: the wrapper carries the tooltip.
            <span className={classes.disabledWrap}>
              <ActionIcon variant="subtle" color="ink.6" size="lg" disabled aria-label={M.edit}>
                <IconPencil size={18} />
              </ActionIcon>
            </span>
          ) : (
            <ActionIcon component={Link} to={paths.editContest(row.id)} variant="subtle" color="ink.6" size="lg" aria-label={M.edit}>
              <IconPencil size={18} />
            </ActionIcon>
          )}
        </Tooltip>
      )}
      {row.contracts.map((contract) => (
        <ContractDownload key={contract.idParticipation} contract={contract} />
      ))}
      <Tooltip label={role === 'organisateur' ? M.seeParticipations : M.seeContest} withArrow>
        <ActionIcon component={Link} to={viewPath(role, row)} variant="light" color="orange" size="lg" aria-label={role === 'organisateur' ? M.seeParticipations : M.seeContest}>
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function WinnersCell({ role, row }: { role: MyContestsRole; row: MyContestRow }) {
  if (role === 'participant') {
    return row.isWinner ? (
      <Badge variant="gradient" leftSection={<IconTrophyFilled size={12} />}>
        {M.winner}
      </Badge>
    ) : (
      <Text c="dimmed" fz="sm">
        —
      </Text>
    );
  }
  return <Text fz="sm">{row.winners}</Text>;
}

function ContestName({ row }: { row: MyContestRow }) {
  return (
    <div className={classes.name}>
      <Text fw={600} fz="sm" lineClamp={1} title={row.companyName}>
        {row.companyName}
      </Text>
      <Text fz="xs" c="dimmed" lineClamp={1}>
        {row.subCategory}
      </Text>
    </div>
  );
}

function RowsTable({ role, rows, onPay }: { role: MyContestsRole; rows: MyContestRow[]; onPay: (row: MyContestRow) => void }) {
  const money = (row: MyContestRow) => formatEuros(role === 'organisateur' ? row.cost : row.gain);
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.contest}</Table.Th>
            <Table.Th>{M.status}</Table.Th>
            <Table.Th>{role === 'organisateur' ? M.reward : M.gain}</Table.Th>
            <Table.Th>{M.createdOn}</Table.Th>
            <Table.Th>{M.endsOn}</Table.Th>
            <Table.Th ta="center">{M.participations}</Table.Th>
            <Table.Th ta="center">{role === 'organisateur' ? M.winners : M.winner}</Table.Th>
            <Table.Th ta="right">
              <span className={classes.srOnly}>{M.actions}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.id}-${row.idParticipation ?? ''}`}>
              <Table.Td maw={260}>
                <ContestName row={row} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} refunded={row.refunded} />
              </Table.Td>
              <Table.Td fw={600}>{money(row)}</Table.Td>
              <Table.Td>{formatDate(row.createdAt)}</Table.Td>
              <Table.Td>{row.endDate ? formatDate(row.endDate) : '—'}</Table.Td>
              <Table.Td ta="center">
                <Text fz="sm">{row.participations}</Text>
                <AwaitingCount row={row} />
              </Table.Td>
              <Table.Td ta="center">
                <WinnersCell role={role} row={row} />
              </Table.Td>
              <Table.Td>
                <RowActions role={role} row={row} onPay={onPay} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowCards({ role, rows, onPay }: { role: MyContestsRole; rows: MyContestRow[]; onPay: (row: MyContestRow) => void }) {
  return (
    <ul className={classes.cards}>
      {rows.map((row) => (
        <li key={`${row.id}-${row.idParticipation ?? ''}`} className={cardClass(classes.card)}>
          <div className={classes.cardHead}>
            <ContestName row={row} />
            <StatusBadge status={row.status} refunded={row.refunded} />
          </div>
          <dl className={classes.cardFacts}>
            <div>
              <dt>{role === 'organisateur' ? M.reward : M.gain}</dt>
              <dd className={classes.money}>{formatEuros(role === 'organisateur' ? row.cost : row.gain)}</dd>
            </div>
            <div>
              <dt>{M.createdOn}</dt>
              <dd>{formatDate(row.createdAt)}</dd>
            </div>
            <div>
              <dt>{M.endsOn}</dt>
              <dd>{row.endDate ? formatDate(row.endDate) : '—'}</dd>
            </div>
          </dl>
          <AwaitingCount row={row} />
          <div className={classes.cardFoot}>
            <Group gap="md">
              <span className={classes.meta} title={M.participations}>
                <IconUsers size={15} aria-hidden /> {plural(row.participations, M.participation)}
              </span>
              {role === 'organisateur' ? (
                <span className={classes.meta} title={M.winners}>
                  <IconTrophyFilled size={15} aria-hidden /> {plural(row.winners, M.winnerWord)}
                </span>
              ) : (
                row.isWinner && <WinnersCell role={role} row={row} />
              )}
            </Group>
            <RowActions role={role} row={row} onPay={onPay} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function RowsSkeleton({ phone }: { phone: boolean }) {
  return (
    <div aria-hidden>
      {Array.from({ length: MY_CONTESTS_PAGE_SIZE }, (_, i) => (
        <Skeleton key={i} h={phone ? 150 : 52} radius="md" mb={phone ? 12 : 8} />
      ))}
    </div>
  );
}

interface RoleTabProps {
  role: MyContestsRole;
  page: number;
  onPage: (page: number) => void;
  onPay: (row: MyContestRow) => void;
  /** The contest whose payment was opened from this page, until it shows as paid. */
  awaitingPayment: number | null;
}

function RoleTab({ role, page, onPage, onPay, awaitingPayment }: RoleTabProps) {
  const phone = useMediaQuery('(max-width: 55em)') ?? false;
  const query = useMyContests(role, page, role === 'organisateur' ? awaitingPayment : null);
  const data = query.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / MY_CONTESTS_PAGE_SIZE));

  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {query.error instanceof ApiError ? query.error.message : COMMON.serverError}
        {isRetryable(query.error) && (
          <Button variant="subtle" size="compact-sm" ml="sm" onClick={() => void query.refetch()}>
            {M.retry}
          </Button>
        )}
      </Alert>
    );
  }
  if (query.isPending) return <RowsSkeleton phone={phone} />;
  if (data!.rows.length === 0) {
    return role === 'organisateur' ? (
      <EmptyPanel icon={<IconBriefcase size={34} stroke={1.5} />} title={M.noneOrganised}>
        <Text c="dimmed" fz="sm" mb="md">
          {M.noneOrganisedLead}
        </Text>
        <Button component={Link} to={paths.createContest(1)} variant="gradient" leftSection={<IconPlus size={16} />}>
          {M.organise}
        </Button>
      </EmptyPanel>
    ) : (
      <EmptyPanel icon={<IconSearch size={34} stroke={1.5} />} title={M.noneEntered}>
        <Text c="dimmed" fz="sm" mb="md">
          {M.noneEnteredLead}
        </Text>
        <Button component={Link} to={paths.listing('all')} variant="gradient">
          {M.seeOpenContests}
        </Button>
      </EmptyPanel>
    );
  }

  return (
    <div data-fetching={query.isPlaceholderData || undefined} className={classes.rows}>
      {phone ? <RowCards role={role} rows={data!.rows} onPay={onPay} /> : <RowsTable role={role} rows={data!.rows} onPay={onPay} />}
      {pages > 1 && (
        <Group justify="center" mt="lg">
          <Pager
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
          />
        </Group>
      )}
    </div>
  );
}

export default function MyContestsPage() {
  const [search, setSearch] = useSearchParams();
  const role: MyContestsRole = search.get('onglet') === 'participant' ? 'participant' : 'organisateur';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [paying, setPaying] = useState<MyContestRow | null>(null);
  const [awaitingPayment, setAwaitingPayment] = useState<number | null>(null);

  const setRole = (next: string | null) => setSearch(next === 'participant' ? { onglet: 'participant' } : {}, { replace: true });
  const setPage = (next: number) => {
    const params = new URLSearchParams(search);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearch(params);
  };

  return (
    <div>
      <PageHeroBand>
        <Container className={classes.heroInner}>
          <Title order={1}>{M.title}</Title>
          <PageHeroLead>{M.lead}</PageHeroLead>
        </Container>
      </PageHeroBand>
      <Container className={classes.body}>
        <Tabs value={role} onChange={setRole} color="orange" classNames={{ list: classes.tabList, tab: classes.tab }} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="organisateur" leftSection={<IconBriefcase size={16} />}>
              {M.organiserTab}
            </Tabs.Tab>
            <Tabs.Tab value="participant" leftSection={<IconUsers size={16} />}>
              {M.participantTab}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="organisateur" pt="lg">
            <RoleTab role="organisateur" page={role === 'organisateur' ? page : 1} onPage={setPage} onPay={setPaying} awaitingPayment={awaitingPayment} />
          </Tabs.Panel>
          <Tabs.Panel value="participant" pt="lg">
            <RoleTab role="participant" page={role === 'participant' ? page : 1} onPage={setPage} onPay={setPaying} awaitingPayment={null} />
          </Tabs.Panel>
        </Tabs>
      </Container>
      <PayContestModal row={paying} onClose={() => setPaying(null)} onStarted={setAwaitingPayment} />
    </div>
  );
}
