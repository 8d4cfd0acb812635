/** The refund requests queue: an admin approves (the contest is closed and refunded) or rejects, saying why. */
import { useState } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, formatEuros, type AdminRefundRequestDto, ADMIN, REFUNDS } from '@creadefi/domain';
import classes from './AdminPage.module.css';
import own from './RefundsTab.module.css';
import { useDecideRefundRequest, useRefundRequests, type RefundDecision } from './api-refunds';
import { Fact, LoadError, Paged, ReasonDialog } from './parts';

const T = ADMIN.page;
const R = REFUNDS.admin;

export function RefundsTab() {
  const [page, setPage] = useState(1);
  const query = useRefundRequests(page);
  const decide = useDecideRefundRequest();
  const [deciding, setDeciding] = useState<{ request: AdminRefundRequestDto; decision: RefundDecision } | null>(null);
  if (query.isPending) return <Skeleton height={160} radius="md" />;
  if (query.isError) return <LoadError />;
  const { requests, total } = query.data;
  if (requests.length === 0) return <Text c="dimmed">{R.empty}</Text>;
  return (
    <>
      <Stack gap="md">
        {requests.map((request) => (
          <RequestCard key={request.id} request={request} onDecide={(decision) => setDeciding({ request, decision })} />
        ))}
      </Stack>
      <Paged page={page} total={total} onChange={setPage} />
      <ReasonDialog
        opened={deciding !== null}
        title={deciding?.decision === 'approve' ? R.approveTitle : R.rejectTitle}
        busy={decide.isPending}
        onClose={() => setDeciding(null)}
        onSubmit={(reason) => deciding && decide.mutate({ id: deciding.request.id, decision: deciding.decision, reason }, { onSettled: () => setDeciding(null) })}
      >
        {deciding && <Text fz="sm">{deciding.decision === 'approve' ? R.approveHint(formatEuros(deciding.request.refundableCents)) : R.rejectHint}</Text>}
      </ReasonDialog>
    </>
  );
}

const STATUS_COLOR = { pending: 'orange', approved: 'teal', rejected: 'gray' } as const;

function RequestCard({ request, onDecide }: { request: AdminRefundRequestDto; onDecide: (decision: RefundDecision) => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={R.card(request.contest.companyName)}>
      <div className={own.request}>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={STATUS_COLOR[request.status]} variant="light">
              {R.status[request.status]}
            </Badge>
          </Group>
          <Fact label={T.contest}>
            {request.contest.companyName} (n° {request.contest.id})
          </Fact>
          <Fact label={R.organiser}>{request.organiser.pseudo}</Fact>
          {request.refundedAt ? (
            <>
              <Fact label={R.refunded}>{formatEuros(request.refundedCents)}</Fact>
              <Fact label={R.refundedOn}>{formatDate(request.refundedAt)}</Fact>
            </>
          ) : (
            <Fact label={R.amount}>{formatEuros(request.refundableCents)}</Fact>
          )}
          {request.contest.extendedAt && <Fact label={R.extendedOn}>{formatDate(request.contest.extendedAt)}</Fact>}
          {request.message && <Fact label={R.message}>{request.message}</Fact>}
          <Fact label={R.requestedOn}>{formatDate(request.createdAt)}</Fact>
          {request.decisionReason && <Fact label={T.decision}>{request.decisionReason}</Fact>}
        </Stack>
        {request.status === 'pending' && (
          <div className={classes.actions}>
            <Button variant="light" color="teal" onClick={() => onDecide('approve')}>
              {R.approve}
            </Button>
            <Button variant="light" color="gray" onClick={() => onDecide('reject')}>
              {R.reject}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
