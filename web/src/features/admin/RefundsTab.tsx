/** The refund requests queue: an admin approves (the contest is closed and refunded) or rejects, saying why. */
import { useState } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatEuros, type AdminRefundRequestDto, type AdminReturnedPayInDto, ADMIN, REFUNDS } from '@creadefi/domain';
import classes from './AdminPage.module.css';
import own from './RefundsTab.module.css';
import { useDecideRefundRequest, useRefundRequests, type RefundDecision } from './api-refunds';
import { Fact, LoadError, Paged, ReasonDialog } from './parts';

const T = ADMIN.page;
const R = REFUNDS.admin;
const G = R.returned;

export function RefundsTab() {
  const [page, setPage] = useState(1);
  const query = useRefundRequests(page);
  const decide = useDecideRefundRequest();
  const [deciding, setDeciding] = useState<{ request: AdminRefundRequestDto; decision: RefundDecision } | null>(null);
  if (query.isPending) return <Skeleton height={160} radius="md" />;
  if (query.isError) return <LoadError />;
  const { requests, returnedPayIns, total } = query.data;
  return (
    <>
      {requests.length === 0 ? (
        <Text c="dimmed">{R.empty}</Text>
      ) : (
        <Stack gap="md">
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} onDecide={(decision) => setDeciding({ request, decision })} />
          ))}
        </Stack>
      )}
      <Paged page={page} total={total} onChange={setPage} />
      <ReturnedPayIns returned={returnedPayIns} />
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
const RETURNED_COLOR = { pending: 'orange', succeeded: 'teal', failed: 'red' } as const;

/** A card's status, contest and organiser, the same on both kinds of card. */
function Head({ color, status, contest, pseudo }: { color: string; status: string; contest: { id: number; companyName: string }; pseudo: string }) {
  return (
    <>
      <Group gap="xs">
        <Badge color={color} variant="light">
          {status}
        </Badge>
      </Group>
      <Fact label={T.contest}>
        {contest.companyName} (n° {contest.id})
      </Fact>
      <Fact label={R.organiser}>{pseudo}</Fact>
    </>
  );
}

/** Pay-ins given back by themselves: nothing to decide, shown so that the team knows. */
function ReturnedPayIns({ returned }: { returned: AdminReturnedPayInDto[] }) {
  if (returned.length === 0) return null;
  return (
    <Stack gap="md" mt="xl" component="section" aria-label={G.title}>
      <Title order={3} fz="lg">
        {G.title}
      </Title>
      <Text c="dimmed" fz="sm">
        {G.lead}
      </Text>
      {returned.map((r) => (
        <Card key={r.paymentId} withBorder radius="md" padding="md" component="article" aria-label={G.card(r.contest.companyName)}>
          <Stack gap={4}>
            <Head color={RETURNED_COLOR[r.status]} status={G.status[r.status]} contest={r.contest} pseudo={r.organiser.pseudo} />
            <Fact label={G.amount}>{formatEuros(r.amountCents)}</Fact>
            <Fact label={G.receivedOn}>{formatDate(r.createdAt)}</Fact>
            {r.settledAt && <Fact label={G.givenBackOn}>{formatDate(r.settledAt)}</Fact>}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function RequestCard({ request, onDecide }: { request: AdminRefundRequestDto; onDecide: (decision: RefundDecision) => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={R.card(request.contest.companyName)}>
      <div className={own.request}>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Head color={STATUS_COLOR[request.status]} status={R.status[request.status]} contest={request.contest} pseudo={request.organiser.pseudo} />
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
