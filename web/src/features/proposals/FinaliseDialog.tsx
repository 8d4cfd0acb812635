/**
 * Finalising (docs/product.md §3 and §11): a confirmation that says what follows. With more
 * winners than prizes paid, the same dialog says what is still due and takes the payment:
 * the provider's page opens in a new tab, and confirming the pay-in there finalises the
 * contest; this dialog notices it by itself and closes.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconExternalLink, IconInfoCircle, IconLock, IconTrophy } from '@tabler/icons-react';
import { formatEuros, isFinalised, PARTICIPATIONS, type ContestDto, COMMON, PAYMENTS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { paymentWatch } from '../../api/payment-watch';
import { CardTypePicker, DEFAULT_CARD_TYPE } from '../../ui/CardTypePicker';
import { DialogActions } from '../../ui/DialogActions';
import { notifyError } from '../../ui/feedback';
import { payInNewTab } from '../../ui/pay-in';
import { contestDetailsQuery } from '../../api/contest';
import { ExtraPrizesDue, finaliseContest } from './api';
import { LazyModal } from '../../ui/LazyModal';

const J = PARTICIPATIONS.judging;

/** Extra prizes still to pay: how many, and for how much (cents). */
export interface ExtraDue {
  prizes: number;
  amount: number;
  /** The server's own words, when it is the one that asked. */
  message?: string;
}

interface Paying {
  redirectUrl: string;
  blocked: boolean;
  /** Prizes paid when the pay-in was opened: once it moves without finalising, winners changed meanwhile. */
  paidBefore: number;
}

export interface FinaliseDialogProps {
  opened: boolean;
  idConcours: number;
  winners: number;
  /** Prizes paid so far. */
  prizesPaid: number;
  /** What finalising still needs paid, as the page computes it; null when nothing is due. */
  due: ExtraDue | null;
  onClose: () => void;
  onFinalised: (message: string | undefined) => void;
}

const finalised = (contest: ContestDto | undefined) => contest !== undefined && isFinalised(contest.status);

export function FinaliseDialog({ opened, idConcours, winners, prizesPaid, due: dueNow, onClose, onFinalised }: FinaliseDialogProps) {
  const phone = useMediaQuery('(max-width: 55em)');
  const [busy, setBusy] = useState<'finalise' | 'pay' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cardType, setCardType] = useState<string>(DEFAULT_CARD_TYPE);
  // The server's word wins over the page's when they differ (a winner added in another tab).
  const [dueFromServer, setDueFromServer] = useState<ExtraDue | null>(null);
  const [paying, setPaying] = useState<Paying | null>(null);
  const due = dueFromServer ?? dueNow;

  const watched = useQuery({ ...contestDetailsQuery(idConcours), ...paymentWatch(finalised), enabled: paying !== null });
  const finalisedByPayment = paying !== null && finalised(watched.data);
  const paidWithoutFinalising = paying !== null && !finalisedByPayment && (watched.data?.prizesPaid ?? 0) > paying.paidBefore;
  const told = useRef(false);
  useEffect(() => {
    if (!finalisedByPayment || told.current) return;
    told.current = true;
    setPaying(null);
    onFinalised(PARTICIPATIONS.finalised);
  }, [finalisedByPayment, onFinalised]);

  // A payment under way stays watched once the dialog is closed: the page still learns of it.
  const close = () => {
    if (busy) return;
    onClose();
    setError(null);
    setDueFromServer(null);
  };

  async function finalise() {
    setBusy('finalise');
    setError(null);
    try {
      const message = await finaliseContest(idConcours);
      onFinalised(message);
    } catch (failure) {
      if (failure instanceof ExtraPrizesDue && failure.extraPrizes !== null && failure.amount !== null) {
        setDueFromServer({ prizes: failure.extraPrizes, amount: failure.amount, message: failure.message });
      } else {
        setError(failure instanceof ApiError ? failure.message : COMMON.serverError);
        notifyError(failure);
      }
    } finally {
      setBusy(null);
    }
  }

  function pay() {
    setBusy('pay');
    setError(null);
    told.current = false;
    // Opens the tab now, inside the click: a tab opened after the answer would be blocked.
    payInNewTab(idConcours, cardType)
      .then(({ payIn, opened: tabOpened }) => setPaying({ redirectUrl: payIn.redirectUrl, blocked: !tabOpened, paidBefore: prizesPaid }))
      .catch((failure: unknown) => {
        setError(failure instanceof ApiError ? failure.message : COMMON.serverError);
        notifyError(failure);
      })
      .finally(() => setBusy(null));
  }

  return (
    <LazyModal opened={opened} onClose={close} title={PARTICIPATIONS.finaliseConfirm} size="md" radius="lg" centered fullScreen={phone} styles={{ title: { fontWeight: 600, fontSize: 18, lineHeight: 1.3 } }}>
      {paying ? (
        <Stack gap="md">
          {paidWithoutFinalising ? (
            <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
              {PAYMENTS.extraConfirmationPending}
            </Alert>
          ) : (
            <Group gap="sm" wrap="nowrap" align="flex-start" role="status">
              <Loader size="sm" color="orange" aria-hidden />
              <Text fz="sm">{PARTICIPATIONS.payingExtraPrizes}</Text>
            </Group>
          )}
          {paying.blocked && (
            <Alert color="orange" variant="light">
              {J.paymentBlocked}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" color="ink.7" onClick={() => setPaying(null)}>
              {J.payOtherwise}
            </Button>
            <Button component="a" href={paying.redirectUrl} target="_blank" rel="noopener" variant={paying.blocked ? 'gradient' : 'default'} rightSection={<IconExternalLink size={16} />}>
              {PAYMENTS.openPaymentPage}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="orange" size={40} radius="xl">
              <IconTrophy size={22} />
            </ThemeIcon>
            <Text fz="sm" fw={500}>
              {J.selected(winners)}
            </Text>
          </Group>
          <Text fz="sm" c="dimmed" lh={1.6}>
            {PARTICIPATIONS.finaliseExplain}
          </Text>
          {due && (
            <>
              <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
                {due.message ?? PARTICIPATIONS.extraPrizesDue(due.prizes, formatEuros(due.amount), winners)}
              </Alert>
              <CardTypePicker value={cardType} onChange={setCardType} disabled={Boolean(busy)} />
              <Group gap="xs" wrap="nowrap" c="dimmed">
                <IconLock size={16} aria-hidden />
                <Text fz="xs">{PAYMENTS.redirect} {PAYMENTS.opensInNewTab}</Text>
              </Group>
            </>
          )}
          {due ? (
            <DialogActions error={error} busy={Boolean(busy)} backLabel={J.cancel} onBack={close} actionLabel={PARTICIPATIONS.payAndFinalise(formatEuros(due.amount))} onAction={pay} actionProps={{ leftSection: <IconLock size={16} />, loading: busy === 'pay' }} />
          ) : (
            <DialogActions error={error} busy={Boolean(busy)} backLabel={J.cancel} onBack={close} actionLabel={PARTICIPATIONS.finalise} onAction={() => void finalise()} actionProps={{ loading: busy === 'finalise' }} />
          )}
        </Stack>
      )}
    </LazyModal>
  );
}
