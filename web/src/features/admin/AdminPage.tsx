/**
 * The admin area (docs/product.md §2, the admin area): the reports queue, where an admin
 * withdraws the proposal or dismisses the report, with a reason, and the audit log. Reached by admins only; the server
 * refuses everyone else whatever this page does.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Container, Group, Modal, Pagination, Skeleton, Stack, Table, Tabs, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconFlag, IconListDetails } from '@tabler/icons-react';
import { DECISION_REASON_MAX, decideReportSchema, formatDate, MESSAGES, PARTICIPATIONS, type AdminActionDto, type AdminReportDto } from '@creadefi/domain';
import { AuthorisedImage } from '../../ui/AuthorisedImage';
import classes from './AdminPage.module.css';
import { ADMIN_PAGE_SIZE, useAdminActions, useAdminReports, useDecideReport, type ReportDecision } from './api';

const T = MESSAGES.admin.page;

export default function AdminPage() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {T.title}
      </Title>
      <Tabs defaultValue="reports" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="reports" leftSection={<IconFlag size={16} aria-hidden />}>
            {T.reportsTab}
          </Tabs.Tab>
          <Tabs.Tab value="journal" leftSection={<IconListDetails size={16} aria-hidden />}>
            {T.journalTab}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports">
          <ReportsQueue />
        </Tabs.Panel>
        <Tabs.Panel value="journal">
          <Journal />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

function Paged({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.ceil(total / ADMIN_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination value={page} onChange={onChange} total={pages} />
    </Group>
  );
}

function LoadError() {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />}>
      {T.loadError}
    </Alert>
  );
}

function ReportsQueue() {
  const [page, setPage] = useState(1);
  const query = useAdminReports(page);
  const [deciding, setDeciding] = useState<{ report: AdminReportDto; decision: ReportDecision } | null>(null);
  if (query.isPending) return <Skeleton height={160} radius="md" />;
  if (query.isError) return <LoadError />;
  const { reports, total } = query.data;
  if (reports.length === 0) return <Text c="dimmed">{T.noReports}</Text>;
  return (
    <>
      <Stack gap="md">
        {reports.map((report) => (
          <ReportCard key={report.id} report={report} onDecide={(decision) => setDeciding({ report, decision })} />
        ))}
      </Stack>
      <Paged page={page} total={total} onChange={setPage} />
      <DecisionDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text fz="sm">
      <Text span fw={600}>
        {label}&nbsp;:
      </Text>{' '}
      {children}
    </Text>
  );
}

function ReportCard({ report, onDecide }: { report: AdminReportDto; onDecide: (decision: ReportDecision) => void }) {
  const preview = report.participation.previewFileId === null ? null : `/api/files/${report.participation.previewFileId}/preview`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${T.reportsTab} ${report.id}`}>
      <div className={classes.report}>
        <div className={classes.preview}>
          <AuthorisedImage src={preview} alt={T.preview(report.participation.number)} fit="contain" />
        </div>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={report.status === 'open' ? 'red' : 'gray'} variant="light">
              {T.status[report.status]}
            </Badge>
          </Group>
          <Fact label={T.contest}>
            {report.contest.companyName} (n° {report.contest.id})
          </Fact>
          <Fact label={T.author}>{report.author.pseudo}</Fact>
          <Fact label={T.reporter}>{report.reporter.pseudo}</Fact>
          <Fact label={T.reason}>{PARTICIPATIONS.reportReasons[report.reason]}</Fact>
          {report.text && <Fact label={T.text}>{report.text}</Fact>}
          <Fact label={T.reportedOn}>{formatDate(report.createdAt)}</Fact>
          {report.decisionReason && <Fact label={T.decision}>{report.decisionReason}</Fact>}
        </Stack>
        {report.status === 'open' && (
          <div className={classes.actions}>
            <Button variant="light" color="red" onClick={() => onDecide('withdraw')}>
              {T.withdraw}
            </Button>
            <Button variant="light" color="gray" onClick={() => onDecide('dismiss')}>
              {T.dismiss}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

function DecisionDialog({ deciding, onClose }: { deciding: { report: AdminReportDto; decision: ReportDecision } | null; onClose: () => void }) {
  const decide = useDecideReport();
  const title = deciding?.decision === 'withdraw' ? T.withdrawTitle : T.dismissTitle;
  return (
    <Modal opened={deciding !== null} onClose={() => !decide.isPending && onClose()} title={title} centered radius="lg" size="md" styles={{ title: { fontWeight: 600 } }}>
      {deciding && (
        <DecisionForm busy={decide.isPending} onClose={onClose} onSubmit={(reason) => decide.mutate({ id: deciding.report.id, decision: deciding.decision, reason }, { onSettled: onClose })} />
      )}
    </Modal>
  );
}

function DecisionForm({ busy, onClose, onSubmit }: { busy: boolean; onClose: () => void; onSubmit: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit() {
    const parsed = decideReportSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    onSubmit(parsed.data.reason);
  }
  return (
    <Stack gap="md">
      <Textarea
        label={T.decisionReason}
        description={T.decisionHint}
        required
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={DECISION_REASON_MAX}
        rows={3}
        error={error}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="subtle" color="ink.7" onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button onClick={submit} loading={busy}>
          {T.confirm}
        </Button>
      </Group>
    </Stack>
  );
}

function Journal() {
  const [page, setPage] = useState(1);
  const query = useAdminActions(page);
  if (query.isPending) return <Skeleton height={160} radius="md" />;
  if (query.isError) return <LoadError />;
  const { actions, total } = query.data;
  if (actions.length === 0) return <Text c="dimmed">{T.noActions}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.when}</Table.Th>
            <Table.Th>{T.admin}</Table.Th>
            <Table.Th>{T.action}</Table.Th>
            <Table.Th>{T.target}</Table.Th>
            <Table.Th>{T.decision}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actions.map((a) => (
            <JournalRow key={a.id} action={a} />
          ))}
        </Table.Tbody>
      </Table>
      </Table.ScrollContainer>
      <Paged page={page} total={total} onChange={setPage} />
    </>
  );
}

function JournalRow({ action }: { action: AdminActionDto }) {
  return (
    <Table.Tr>
      <Table.Td>{formatDate(action.createdAt)}</Table.Td>
      <Table.Td>{action.admin.pseudo}</Table.Td>
      <Table.Td>{T.actions[action.action]}</Table.Td>
      <Table.Td>
        {T.targets[action.targetType] ?? action.targetType} n° {action.targetId}
      </Table.Td>
      <Table.Td>{action.reason ?? '—'}</Table.Td>
    </Table.Tr>
  );
}
