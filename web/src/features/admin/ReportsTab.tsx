/**
 * The reports queue: an admin withdraws the reported proposal or dismisses the report, or
 * suspends its author, saying why.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, PARTICIPATIONS, type AdminReportDto, type AdminResemblanceDto, ADMIN, ORIGINALITY } from '@creadefi/domain';
import { AuthorisedImage } from '../../ui/AuthorisedImage';
import classes from './AdminPage.module.css';
import { useAdminReports, useDecideReport, type ReportDecision } from './api';
import { useMemberDecision } from './api-members';
import { Fact, LoadError, Paged, ReasonDialog } from './parts';

const T = ADMIN.page;
const M = ADMIN.members;
const O = ORIGINALITY;

export function ReportsTab() {
  const [page, setPage] = useState(1);
  const query = useAdminReports(page);
  const decide = useDecideReport();
  const [deciding, setDeciding] = useState<{ report: AdminReportDto; decision: ReportDecision } | null>(null);
  const suspension = useMemberDecision();
  const [suspending, setSuspending] = useState<AdminReportDto['author'] | null>(null);
  if (query.isPending) return <Skeleton height={160} radius="md" />;
  if (query.isError) return <LoadError />;
  const { reports, total } = query.data;
  if (reports.length === 0) return <Text c="dimmed">{T.noReports}</Text>;
  return (
    <>
      <Stack gap="md">
        {reports.map((report) => (
          <ReportCard key={report.id} report={report} onDecide={(decision) => setDeciding({ report, decision })} onSuspend={() => setSuspending(report.author)} />
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
      <ReasonDialog
        opened={suspending !== null}
        title={M.suspendAuthorTitle(suspending?.pseudo ?? '')}
        busy={suspension.isPending}
        onClose={() => setSuspending(null)}
        onSubmit={(reason) => suspending && suspension.mutate({ id: suspending.id, decision: 'suspend', reason }, { onSettled: () => setSuspending(null) })}
      >
        <Alert color="red" variant="light">
          {M.suspendWarning}
        </Alert>
      </ReasonDialog>
    </>
  );
}

const previewOf = (fileId: number | null) => (fileId === null ? null : `/api/files/${fileId}/preview`);

/** The flagged image beside the one it looks like, each under its caption. */
function ResemblancePair({ report, resemblance }: { report: AdminReportDto; resemblance: AdminResemblanceDto }) {
  const { similar } = resemblance;
  const figures = [
    { caption: `${O.flaggedPreview} n° ${report.participation.number ?? report.participation.id}`, src: previewOf(report.participation.previewFileId), alt: T.preview(report.participation.number) },
    { caption: `${O.similarPreview} n° ${similar.number ?? similar.participationId}`, src: previewOf(similar.previewFileId), alt: T.preview(similar.number) },
  ];
  return (
    <div className={classes.pair}>
      {figures.map((f) => (
        <figure key={f.caption}>
          <div className={classes.pairImage}>
            <AuthorisedImage src={f.src} alt={f.alt} fit="contain" />
          </div>
          <Text component="figcaption" fz="xs" c="dimmed" mt={4} truncate="end">
            {f.caption}
          </Text>
        </figure>
      ))}
    </div>
  );
}

function ReportCard({ report, onDecide, onSuspend }: { report: AdminReportDto; onDecide: (decision: ReportDecision) => void; onSuspend: () => void }) {
  const resemblance = report.resemblance;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${T.reportsTab} ${report.id}`}>
      <div className={resemblance ? `${classes.report} ${classes.reportPair}` : classes.report}>
        {!resemblance && (
          <div className={classes.preview}>
            <AuthorisedImage src={previewOf(report.participation.previewFileId)} alt={T.preview(report.participation.number)} fit="contain" />
          </div>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {resemblance && <ResemblancePair report={report} resemblance={resemblance} />}
          <Group gap="xs">
            <Badge color={report.status === 'open' ? 'red' : 'gray'} variant="light">
              {T.status[report.status]}
            </Badge>
          </Group>
          <Fact label={T.contest}>
            {report.contest.companyName} (n° {report.contest.id})
          </Fact>
          <Fact label={T.author}>
            {report.author.pseudo}
            {report.author.suspended && (
              <Badge color="red" variant="light" ml="xs">
                {M.suspendedBadge}
              </Badge>
            )}
          </Fact>
          <Fact label={T.reporter}>{report.reporter?.pseudo ?? O.automaticReporter}</Fact>
          <Fact label={T.reason}>{PARTICIPATIONS.reportReasons[report.reason]}</Fact>
          {resemblance && (
            <>
              <Fact label={O.similarLabel}>
                {resemblance.similar.sameContest ? O.resemblesNumber(resemblance.similar.number ?? resemblance.similar.participationId) : O.similarIn(resemblance.similar.contest.companyName, resemblance.similar.contest.id, resemblance.similar.number)}
              </Fact>
              <Fact label={O.distanceLabel}>{O.distance(resemblance.distance)}</Fact>
            </>
          )}
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
            {!report.author.suspended && (
              <Button variant="subtle" color="red" onClick={onSuspend}>
                {M.suspendAuthor}
              </Button>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
