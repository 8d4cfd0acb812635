/**
 * « Aucune proposition ne vous convient ? » (docs/product.md §3): on the organiser's proposals
 * page of a contest ended without a winner. Extend it once, free; once the extension has
 * ended still without a winner, ask for a refund. Shows where things stand: extended until a
 * date, a request pending or rejected (and why), the contest refunded.
 */
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCalendarPlus, IconReceiptRefund } from '@tabler/icons-react';
import { CONTEST_DURATION_MS, DAY_MS, formatDate, REFUND_MESSAGE_MAX, type WayOutDto, COMMON, REFUNDS } from '@creadefi/domain';
import { DialogActions } from '../../ui/DialogActions';
import { ApiError } from '../../api/client';
import { hasWayOut, useExtendContest, useRequestRefund, useWayOut } from './api-way-out';
import { LazyModal } from '../../ui/LazyModal';

const R = REFUNDS;

export function WayOutBlock({ idConcours, status }: { idConcours: number; status: number }) {
  const query = useWayOut(idConcours, hasWayOut(status));
  if (!query.data?.shown) return null;
  return <WayOut wayOut={query.data} />;
}

function StateLine({ wayOut }: { wayOut: WayOutDto }) {
  if (wayOut.refundedAt) return <Alert color="gray" variant="light">{R.refundedState(formatDate(wayOut.refundedAt))}</Alert>;
  if (wayOut.request?.status === 'pending') return <Alert color="orange" variant="light">{R.requestPending}</Alert>;
  if (wayOut.request?.status === 'rejected') return <Alert color="red" variant="light">{R.requestRejected(wayOut.request.decisionReason ?? '')}</Alert>;
  if (wayOut.extendedAt && wayOut.status === 2 && wayOut.endDate) return <Alert color="teal" variant="light">{R.extendedState(formatDate(wayOut.endDate))}</Alert>;
  return null;
}

function WayOut({ wayOut }: { wayOut: WayOutDto }) {
  const [asking, setAsking] = useState<'extend' | 'refund' | null>(null);
  const lead = wayOut.mayExtend ? R.wayOutLead : wayOut.mayRequestRefund ? R.extendedEnded : null;
  return (
    <Card withBorder radius="md" padding="lg" mb="lg" component="section" aria-labelledby="way-out-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="way-out-title">
          {R.wayOutTitle}
        </Title>
        {lead && <Text fz="sm">{lead}</Text>}
        <StateLine wayOut={wayOut} />
        {wayOut.refundRefusal && !wayOut.refundedAt && (
          <Text fz="sm" c="dimmed">
            {wayOut.refundRefusal}
          </Text>
        )}
        {(wayOut.mayExtend || wayOut.mayRequestRefund) && (
          <Group gap="sm">
            {wayOut.mayExtend && (
              <Button variant="gradient" leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setAsking('extend')}>
                {R.extend}
              </Button>
            )}
            {wayOut.mayRequestRefund && (
              <Button variant="light" color="orange" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setAsking('refund')}>
                {R.requestRefund}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ExtendDialog idConcours={wayOut.idConcours} opened={asking === 'extend'} onClose={() => setAsking(null)} />
      <RefundDialog idConcours={wayOut.idConcours} opened={asking === 'refund'} onClose={() => setAsking(null)} />
    </Card>
  );
}

const errorOf = (error: unknown) => (error instanceof ApiError ? error.message : error ? COMMON.serverError : null);

function ExtendDialog({ idConcours, opened, onClose }: { idConcours: number; opened: boolean; onClose: () => void }) {
  const extend = useExtendContest(idConcours);
  const close = () => {
    extend.reset();
    onClose();
  };
  return (
    <LazyModal opened={opened} onClose={() => !extend.isPending && close()} title={R.extendConfirmTitle} centered radius="lg">
      <Stack gap="md">
        <Text fz="sm">{R.extendConfirm(CONTEST_DURATION_MS / DAY_MS)}</Text>
        <DialogActions error={errorOf(extend.error)} busy={extend.isPending} backLabel={R.cancel} onBack={close} actionLabel={R.extendConfirmButton} onAction={() => extend.mutate(undefined, { onSuccess: close })} />
      </Stack>
    </LazyModal>
  );
}

function RefundDialog({ idConcours, opened, onClose }: { idConcours: number; opened: boolean; onClose: () => void }) {
  const request = useRequestRefund(idConcours);
  const [message, setMessage] = useState('');
  const close = () => {
    request.reset();
    onClose();
  };
  return (
    <LazyModal opened={opened} onClose={() => !request.isPending && close()} title={R.requestConfirmTitle} centered radius="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          request.mutate({ message }, { onSuccess: close });
        }}
      >
        <Stack gap="md">
          <Text fz="sm">{R.requestConfirm}</Text>
          <Textarea label={R.requestMessageLabel} value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={REFUND_MESSAGE_MAX} rows={3} />
          <DialogActions error={errorOf(request.error)} busy={request.isPending} backLabel={R.cancel} onBack={close} actionLabel={R.requestConfirmButton} />
        </Stack>
      </form>
    </LazyModal>
  );
}
