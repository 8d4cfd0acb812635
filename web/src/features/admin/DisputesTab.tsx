/**
 * The disputes queue: a delivery the organiser or the winner contested, with what an admin
 * needs to settle it (contest, both sides, reason, delivery), and the decision: validate the
 * final files, refund the organiser, or more time. The reason is asked by ReasonDialog.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Card, Group, NumberInput, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { DISPUTE_EXTRA_DAYS_MAX, DISPUTE_EXTRA_DAYS_MIN, DISPUTE_OUTCOMES, formatDate, formatEuros, webPaths, type AdminDisputeDto, type DisputeOutcome, type DisputeStatus, COMMON, DISPUTES } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import classes from './AdminPage.module.css';
import { useAdminDisputes, useResolveDispute } from './api-disputes';
import { Fact, LoadError, Paged, ReasonDialog } from './parts';

const D = DISPUTES;
const A = D.admin;

export function DisputesTab() {
  const [status, setStatus] = useState<DisputeStatus>('open');
  const [page, setPage] = useState(1);
  const query = useAdminDisputes(status, page);
  const [resolving, setResolving] = useState<AdminDisputeDto | null>(null);
  return (
    <Stack gap="md">
      <Group gap="xs" role="group" aria-label={A.filter}>
        {(['open', 'resolved'] as const).map((value) => (
          <Button
            key={value}
            size="xs"
            radius="xl"
            variant={status === value ? 'filled' : 'default'}
            aria-pressed={status === value}
            onClick={() => {
              setStatus(value);
              setPage(1);
            }}
          >
            {value === 'open' ? A.filterOpen : A.filterResolved}
          </Button>
        ))}
      </Group>
      {query.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : query.isError ? (
        <LoadError />
      ) : query.data.disputes.length === 0 ? (
        <Text c="dimmed">{A.none}</Text>
      ) : (
        <>
          {query.data.disputes.map((dispute) => (
            <DisputeCard key={dispute.id} dispute={dispute} onResolve={() => setResolving(dispute)} />
          ))}
          <Paged page={page} total={query.data.total} onChange={setPage} />
        </>
      )}
      <ResolveDialog dispute={resolving} onClose={() => setResolving(null)} />
    </Stack>
  );
}

function deliveryState(d: AdminDisputeDto): string {
  const parts = [d.delivery.dueAt ? A.deliveryDue(formatDate(d.delivery.dueAt)) : A.deliveryNoDue];
  parts.push(d.delivery.finalSentAt ? A.finalSent(formatDate(d.delivery.finalSentAt)) : A.noFinal);
  if (d.delivery.validatedAt) parts.push(A.validated(formatDate(d.delivery.validatedAt)));
  return parts.join(', ');
}

function DisputeCard({ dispute, onResolve }: { dispute: AdminDisputeDto; onResolve: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${A.tab} ${dispute.id}`}>
      <div className={classes.dispute}>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={dispute.status === 'open' ? 'orange' : 'gray'} variant="light">
              {A.status[dispute.status]}
            </Badge>
          </Group>
          <Fact label={A.contest}>
            {dispute.contest.companyName} (n° {dispute.contest.id})
          </Fact>
          <Fact label={A.prize}>{formatEuros(dispute.contest.costCents)}</Fact>
          <Fact label={A.organiser}>{dispute.organiser.pseudo}</Fact>
          <Fact label={A.winner}>{dispute.winner.pseudo}</Fact>
          <Fact label={A.openedBy}>{dispute.openedBy.pseudo}</Fact>
          <Fact label={A.openedOn}>{formatDate(dispute.openedAt)}</Fact>
          <Fact label={A.reason}>{dispute.reason}</Fact>
          <Fact label={A.delivery}>{deliveryState(dispute)}</Fact>
          {dispute.outcome && (
            <Fact label={A.outcome}>
              {A.outcomeChoices[dispute.outcome]}
              {dispute.resolutionReason ? ` — ${dispute.resolutionReason}` : ''}
            </Fact>
          )}
          {dispute.resolvedAt && <Fact label={A.resolvedOn}>{formatDate(dispute.resolvedAt)}</Fact>}
          <Anchor component={Link} to={webPaths.conversation(dispute.participationId)} fz="sm">
            {A.conversation}
          </Anchor>
        </Stack>
        {dispute.status === 'open' && (
          <div className={classes.actions}>
            <Button variant="light" color="orange" onClick={onResolve}>
              {A.resolve}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

function ResolveDialog({ dispute, onClose }: { dispute: AdminDisputeDto | null; onClose: () => void }) {
  const resolve = useResolveDispute();
  const [outcome, setOutcome] = useState<DisputeOutcome>('validate');
  const [days, setDays] = useState<number | string>(7);
  const close = () => {
    resolve.reset();
    setOutcome('validate');
    setDays(7);
    onClose();
  };
  return (
    <ReasonDialog
      opened={dispute !== null}
      title={A.resolveTitle}
      busy={resolve.isPending}
      error={resolve.error instanceof ApiError ? resolve.error.message : resolve.error ? COMMON.serverError : null}
      onClose={close}
      onSubmit={(reason) =>
        dispute &&
        resolve.mutate({ id: dispute.id, outcome, reason, ...(outcome === 'more_time' ? { extraDays: Number(days) } : {}) }, { onSuccess: close })
      }
    >
      <Radio.Group label={A.outcomeLabel} value={outcome} onChange={(value) => setOutcome(value as DisputeOutcome)} required>
        <Stack gap="xs" mt="xs">
          {DISPUTE_OUTCOMES.map((o) => (
            <Radio key={o} value={o} label={A.outcomeChoices[o]} />
          ))}
        </Stack>
      </Radio.Group>
      {outcome === 'more_time' && (
        <NumberInput label={A.extraDays} value={days} onChange={setDays} min={DISPUTE_EXTRA_DAYS_MIN} max={DISPUTE_EXTRA_DAYS_MAX} allowDecimal={false} clampBehavior="strict" hideControls required />
      )}
    </ReasonDialog>
  );
}
