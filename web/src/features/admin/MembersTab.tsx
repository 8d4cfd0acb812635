/**
 * The « Membres » tab: an admin finds a member by the start of their e-mail or pseudo, reads
 * their file (identity, contests, proposals, porte-monnaie, reports) and suspends or reinstates
 * them, saying why.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { contestStatusLabel, formatDate, formatEuros, PARTICIPATIONS, STATUT_LABELS, type AdminMemberDetail, type AdminMemberReport, type AdminMemberSummary, ADMIN, ORIGINALITY } from '@creadefi/domain';
import { useAdminMember, useAdminMembers, useMemberDecision, type MemberDecision } from './api-members';
import { Fact, LoadError, Paged, ReasonDialog } from './parts';
import classes from './MembersTab.module.css';

const M = ADMIN.members;

export function MembersTab() {
  const [selected, setSelected] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), 300);
  if (selected !== null) return <MemberFile id={selected} onBack={() => setSelected(null)} />;
  return (
    <Stack gap="md">
      <TextInput
        label={M.search}
        description={M.searchHint}
        placeholder={M.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        type="search"
        maw={480}
      />
      <MemberList q={q} page={page} onPage={setPage} onOpen={setSelected} />
    </Stack>
  );
}

function MemberList({ q, page, onPage, onOpen }: { q: string; page: number; onPage: (page: number) => void; onOpen: (id: number) => void }) {
  const query = useAdminMembers(q, page);
  if (query.isPending) return <Skeleton height={160} radius="md" />;
  if (query.isError) return <LoadError />;
  const { members, total } = query.data;
  if (members.length === 0) return <Text c="dimmed">{M.noMembers}</Text>;
  return (
    <>
      <Stack gap="xs" component="ul" className={classes.list}>
        {members.map((member) => (
          <Card key={member.id} component="li" withBorder radius="md" padding="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <div className={classes.who}>
                <Button variant="subtle" px={0} h="auto" onClick={() => onOpen(member.id)} aria-label={M.open(member.pseudo)}>
                  {member.pseudo}
                </Button>
                <Text fz="sm" c="dimmed" className={classes.email}>
                  {member.email}
                </Text>
              </div>
              <Group gap="xs">
                <MemberBadges member={member} />
                <Text fz="xs" c="dimmed">
                  n° {member.id} · {M.memberSince} {formatDate(member.createdAt)}
                </Text>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <Paged page={page} total={total} onChange={onPage} />
    </>
  );
}

function MemberBadges({ member }: { member: AdminMemberSummary }) {
  return (
    <>
      {member.isAdmin && (
        <Badge color="indigo" variant="light">
          {M.adminBadge}
        </Badge>
      )}
      {member.suspendedAt && (
        <Badge color="red" variant="light">
          {M.suspendedBadge}
        </Badge>
      )}
    </>
  );
}

function MemberFile({ id, onBack }: { id: number; onBack: () => void }) {
  const query = useAdminMember(id);
  const decide = useMemberDecision();
  const [deciding, setDeciding] = useState<MemberDecision | null>(null);
  const back = (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} px={0} w="fit-content">
      {M.back}
    </Button>
  );
  if (query.isPending) return <Skeleton height={240} radius="md" />;
  if (query.isError)
    return (
      <Stack gap="md">
        {back}
        <LoadError />
      </Stack>
    );
  const detail = query.data;
  const { member } = detail;
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
  return (
    <Stack gap="lg">
      {back}
      <Card withBorder radius="md" padding="md" component="section" aria-label={M.identity}>
        <div className={classes.identity}>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} fz="h3" className={classes.email}>
                {member.pseudo}
              </Title>
              <MemberBadges member={member} />
            </Group>
            <Fact label={M.email}>
              <span className={classes.email}>{member.email}</span>
            </Fact>
            {name && <Fact label={M.name}>{name}</Fact>}
            <Fact label={M.statut}>{member.statut === null ? M.noStatut : (STATUT_LABELS[member.statut] ?? M.noStatut)}</Fact>
            <Fact label={M.memberSince}>{formatDate(member.createdAt)}</Fact>
            <Fact label={M.wallet}>{formatEuros(detail.walletCents)}</Fact>
            {member.suspendedAt && <Fact label={M.suspendedSince}>{formatDate(member.suspendedAt)}</Fact>}
            {member.suspensionReason && <Fact label={M.suspensionReason}>{member.suspensionReason}</Fact>}
          </Stack>
          {!member.isAdmin && (
            <Button variant="light" color={member.suspendedAt ? 'teal' : 'red'} onClick={() => setDeciding(member.suspendedAt ? 'reinstate' : 'suspend')}>
              {member.suspendedAt ? M.reinstate : M.suspend}
            </Button>
          )}
        </div>
      </Card>
      <Lists detail={detail} />
      <ReasonDialog
        opened={deciding !== null}
        title={deciding === 'reinstate' ? M.reinstateTitle : M.suspendTitle}
        busy={decide.isPending}
        onClose={() => setDeciding(null)}
        onSubmit={(reason) => deciding && decide.mutate({ id, decision: deciding, reason }, { onSettled: () => setDeciding(null) })}
      >
        <Alert color={deciding === 'reinstate' ? 'teal' : 'red'} variant="light">
          {deciding === 'reinstate' ? M.reinstateWarning : M.suspendWarning}
        </Alert>
      </ReasonDialog>
    </Stack>
  );
}

function Lists({ detail }: { detail: AdminMemberDetail }) {
  return (
    <div className={classes.lists}>
      <Section title={M.contests(detail.contestsTotal)} shown={detail.contests.length} total={detail.contestsTotal}>
        {detail.contests.map((c) => (
          <li key={c.id}>
            <Text fz="sm">{M.contestLine(c.id, c.companyName)}</Text>
            <Text fz="xs" c="dimmed">
              {contestStatusLabel(c.status, c.refunded)} · {formatEuros(c.costCents)} · {formatDate(c.createdAt)}
            </Text>
          </li>
        ))}
      </Section>
      <Section title={M.proposals(detail.proposalsTotal)} shown={detail.proposals.length} total={detail.proposalsTotal}>
        {detail.proposals.map((p) => (
          <li key={p.id}>
            <Text fz="sm">{M.contestLine(p.contest.id, p.contest.companyName)}</Text>
            <Text fz="xs" c="dimmed">
              {M.proposalNumber(p.number)} · {contestStatusLabel(p.contest.status)} · {proposalState(p)}
            </Text>
          </li>
        ))}
      </Section>
      <Section title={M.reportsAgainst(detail.reportsAgainstTotal)} shown={detail.reportsAgainst.length} total={detail.reportsAgainstTotal}>
        {detail.reportsAgainst.map((r) => (
          <ReportLine key={r.id} report={r} who={r.other ? M.reportBy(r.other.pseudo) : ORIGINALITY.automaticReporter} />
        ))}
      </Section>
      <Section title={M.reportsMade(detail.reportsMadeTotal)} shown={detail.reportsMade.length} total={detail.reportsMadeTotal}>
        {detail.reportsMade.map((r) => (
          <ReportLine key={r.id} report={r} who={M.reportOf(r.other?.pseudo ?? '')} />
        ))}
      </Section>
    </div>
  );
}

function proposalState(p: AdminMemberDetail['proposals'][number]): string {
  if (p.withdrawnByTeam) return M.proposalState.withdrawn;
  if (p.hiddenBySuspension) return M.proposalState.hidden;
  if (p.isWinner) return M.proposalState.winner;
  return p.isParticipating ? M.proposalState.shown : M.proposalState.draft;
}

function ReportLine({ report, who }: { report: AdminMemberReport; who: string }) {
  return (
    <li>
      <Text fz="sm">
        {M.contestLine(report.contest.id, report.contest.companyName)} · {M.proposalNumber(report.participation.number)}
      </Text>
      <Text fz="xs" c="dimmed">
        {PARTICIPATIONS.reportReasons[report.reason]} · {who} · {formatDate(report.createdAt)} · {ADMIN.page.status[report.status]}
      </Text>
    </li>
  );
}

function Section({ title, shown, total, children }: { title: string; shown: number; total: number; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {total === 0 ? (
        <Text fz="sm" c="dimmed">
          {M.none}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.list}>
          {children}
        </Stack>
      )}
      {shown < total && (
        <Text fz="xs" c="dimmed" mt="xs">
          {M.capped(shown)}
        </Text>
      )}
    </Card>
  );
}
