/**
 * A dispute over a winner's delivery, in the conversation (docs/product.md §2, disputes): the
 * way to open one for the organiser and the winner, the banner while an admin examines it, and
 * its outcome once settled. The server decides who may open one (`can.openDispute`).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { DISPUTE_REASON_MAX, formatDate, type ConversationDto, type DisputeDto, COMMON, DISPUTES } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { liveKeys } from '../../api/events';
import { DialogActions } from '../../ui/DialogActions';
import { notifySuccess } from '../../ui/feedback';
import { openDispute } from './api';
import { LazyModal } from '../../ui/LazyModal';

const D = DISPUTES;

function outcomeText(dispute: DisputeDto): string {
  if (dispute.outcome === 'more_time' && dispute.extraDays !== null) return D.moreTimeUntil(dispute.extraDays, null);
  return dispute.outcome ? D.outcomes[dispute.outcome] : '';
}

export function DisputeBanner({ dispute }: { dispute: DisputeDto }) {
  if (dispute.status === 'open') {
    return (
      <Alert color="orange" variant="light" radius={0} icon={<IconScale size={18} />} title={D.bannerOpen(formatDate(dispute.openedAt))} data-testid="dispute-banner">
        <Text fz="sm">
          {D.bannerReason}&nbsp;: {dispute.reason}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" radius={0} icon={<IconScale size={18} />} title={D.bannerResolved(formatDate(dispute.resolvedAt ?? dispute.openedAt))} data-testid="dispute-banner">
      <Text fz="sm">{outcomeText(dispute)}</Text>
      {dispute.resolutionReason && (
        <Text fz="sm" c="dimmed" mt={4}>
          {dispute.resolutionReason}
        </Text>
      )}
    </Alert>
  );
}

export function OpenDisputeDialog({ opened, conversation, onClose }: { opened: boolean; conversation: ConversationDto; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setInvalid(null);
    setError(null);
    onClose();
  };

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      // The validation library is fetched on the first send, not with the conversation.
      const { openDisputeSchema } = await import('@creadefi/domain/schemas/disputes');
      const parsed = openDisputeSchema.safeParse({ reason });
      if (!parsed.success) {
        setInvalid(parsed.error.issues[0]?.message ?? null);
        setBusy(false);
        return;
      }
      const answer = await openDispute(conversation.id, parsed.data.reason);
      notifySuccess(answer.message ?? D.opened);
      await queryClient.invalidateQueries({ queryKey: liveKeys.conversation(conversation.id) });
      setBusy(false);
      setReason('');
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : COMMON.serverError);
      setBusy(false);
    }
  }

  return (
    <LazyModal opened={opened} onClose={close} title={D.openTitle} size="md" radius="lg" centered styles={{ title: { fontWeight: 600, fontSize: 18, lineHeight: 1.3 } }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed" lh={1.6}>
            {D.openLead}
          </Text>
          <Textarea
            label={D.reason}
            description={D.reasonHint}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={DISPUTE_REASON_MAX}
            rows={4}
            error={invalid}
            data-autofocus
          />
          <DialogActions error={error} busy={busy} backLabel={D.cancel} onBack={close} actionLabel={D.confirmOpen} actionProps={{ leftSection: <IconScale size={17} aria-hidden /> }} />
        </Stack>
      </form>
    </LazyModal>
  );
}

/** Between the header and the tabs: the banner of the latest dispute, or the way to open one. */
export function DisputeBar({ conversation }: { conversation: ConversationDto }) {
  const [asking, setAsking] = useState(false);
  const { dispute } = conversation;
  if (!dispute && !conversation.can.openDispute) return null;
  return (
    <div>
      {dispute && <DisputeBanner dispute={dispute} />}
      {conversation.can.openDispute && (
        <>
          <Button variant="subtle" color="red" size="xs" m={6} leftSection={<IconScale size={15} aria-hidden />} onClick={() => setAsking(true)}>
            {D.open}
          </Button>
          <OpenDisputeDialog opened={asking} conversation={conversation} onClose={() => setAsking(false)} />
        </>
      )}
    </div>
  );
}
