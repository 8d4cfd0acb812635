/** The reports queue: an admin withdraws the reported proposal or dismisses the report, saying why. */
import { useState } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, MESSAGES, PARTICIPATIONS, type AdminReportDto } from '@creadefi/domain';
import { AuthorisedImage } from '../../ui/AuthorisedImage';
import classes from './AdminPage.module.css';
import { useAdminReports, useDecideReport, type ReportDecision } from './api';
import { Fact, LoadError, Paged, ReasonDialog } from './parts';

const T = MESSAGES.admin.page;

export function ReportsTab() {
  const [page, setPage] = useState(1);
  const query = useAdminReports(page);
  const decide = useDecideReport();
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
      <ReasonDialog
        opened={deciding !== null}
        title={deciding?.decision === 'withdraw' ? T.withdrawTitle : T.dismissTitle}
        busy={decide.isPending}
        onClose={() => setDeciding(null)}
        onSubmit={(reason) => deciding && decide.mutate({ id: deciding.report.id, decision: deciding.decision, reason }, { onSettled: () => setDeciding(null) })}
      />
    </>
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
