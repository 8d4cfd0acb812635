/**
 * Paying a contest that is still awaiting payment (docs/product.md §2): the amount the payment asks,
 * read from the server (discounted while the contest's promo code applies), the card type, then the
 * provider's page in a new tab; the confirmation page publishes the contest on return, and
 * My contests, watching, shows it without a reload.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { formatEuros, plural, type MyContestRow, type PaymentDue, COMMON, CONTESTS, PAYMENTS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { CardTypePicker, DEFAULT_CARD_TYPE } from '../../ui/CardTypePicker';
import { notifyError } from '../../ui/feedback';
import { payInNewTab } from '../../ui/pay-in';
import { PriceToPay } from '../../ui/PriceToPay';
import { paymentDueKey, readPaymentDue } from './api';

const M = CONTESTS.mine;

export interface PayContestModalProps {
  row: MyContestRow | null;
  onClose: () => void;
  /** The pay-in is open in the provider's tab: the page watches for its outcome. */
  onStarted: (contestId: number) => void;
}

export function PayContestModal({ row, onClose, onStarted }: PayContestModalProps) {
  const [cardType, setCardType] = useState<string>(DEFAULT_CARD_TYPE);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<{ id: number; redirectUrl: string; blocked: boolean } | null>(null);
  const current = started && row && started.id === row.id ? started : null;
  const due = useQuery({
    queryKey: paymentDueKey(row?.id ?? 0),
    queryFn: ({ signal }) => readPaymentDue(row!.id, signal),
    enabled: row !== null && current === null,
    staleTime: 0,
    retry: false,
  });

  const close = () => {
    if (busy) return;
    setStarted(null);
    onClose();
  };

  function pay() {
    if (!row) return;
    setBusy(true);
    // The tab is opened inside the click; see pay-in.ts.
    payInNewTab(row.id, cardType)
      .then(({ payIn, opened }) => {
        setStarted({ id: row.id, redirectUrl: payIn.redirectUrl, blocked: !opened });
        onStarted(row.id);
      })
      .catch((error: unknown) => {
        notifyError(error);
        // A code used up or lapsed meanwhile has been taken off: the next attempt asks the full price.
        void due.refetch();
      })
      .finally(() => setBusy(false));
  }

  return (
    <Modal opened={Boolean(row)} onClose={close} title={M.payTitle} centered radius="lg" size="md" styles={{ title: { fontWeight: 600, fontSize: 18 } }}>
      {row && (
        <Stack gap="md">
          <Text fz="sm">
            «&nbsp;{row.companyName}&nbsp;» · {row.subCategory}
          </Text>
          <DueLine due={due.data} error={due.error} />
          {current ? (
            <>
              {current.blocked ? (
                <Alert color="orange" variant="light">
                  {M.paymentBlocked}
                </Alert>
              ) : (
                <Text fz="sm" c="dimmed">
                  {M.finishInNewTab}
                </Text>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="subtle" color="ink.7" onClick={close}>
                  {M.close}
                </Button>
                <Button component="a" href={current.redirectUrl} target="_blank" rel="noopener" variant={current.blocked ? 'gradient' : 'default'} rightSection={<IconExternalLink size={16} />}>
                  {PAYMENTS.openPaymentPage}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <CardTypePicker value={cardType} onChange={setCardType} disabled={busy} />
              <Group gap="xs" wrap="nowrap" c="dimmed">
                <IconLock size={16} aria-hidden />
                <Text fz="xs">{PAYMENTS.redirect} {PAYMENTS.opensInNewTab}</Text>
              </Group>
              <Group justify="flex-end" gap="sm">
                <Button variant="subtle" color="ink.7" onClick={close} disabled={busy}>
                  {M.cancel}
                </Button>
                <Button variant="gradient" onClick={pay} loading={busy} disabled={!due.data}>
                  {M.pay}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function DueLine({ due, error }: { due: PaymentDue | undefined; error: Error | null }) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {error instanceof ApiError ? error.message : COMMON.serverError}
      </Alert>
    );
  }
  if (!due) return <Skeleton h={24} w={220} radius="sm" aria-label={M.computingAmount} />;
  const P = PAYMENTS;
  const label = due.purpose === 'extra_prizes' ? P.amountToPayExtra(plural(due.prizes, M.extraPrize)) : P.amountToPay;
  let note = null;
  if (due.discount > 0 && due.promoCode) {
    note = (
      <Text fz="xs" c="teal.8">
        {P.promoDiscountNote(due.promoCode, formatEuros(due.discount))}
      </Text>
    );
  } else if (due.promoLapsed) {
    note = (
      <Text fz="xs" c="orange.8">
        {P.promoLapsed}
      </Text>
    );
  }
  return <PriceToPay label={label} full={due.fullAmount} amount={due.amount} note={note} />;
}
