/**
 * "Transférer" (docs/product.md §3): the amount and the masked IBAN to confirm, then the whole
 * balance is paid out. The idempotency key is drawn once when the dialog opens and a
 * confirmation already on its way is not sent again, so a double click — or a retry after a
 * lost answer — is one pay-out.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Group, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { formatEuros, WALLET, type WalletDto, COMMON } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { DialogActions } from '../../ui/DialogActions';
import { notifySuccess } from '../../ui/feedback';
import { ME_KEY } from '../../app/session';
import { PROFILE_TEXTS as T } from '@creadefi/domain';
import { newIdempotencyKey } from '../../api/idempotency';
import { requestTransfer, walletKey } from './api';
import classes from './profile.module.css';
import { LazyModal } from '../../ui/LazyModal';

export function TransferDialog({ amount, bankAccount, onClose }: { amount: number; bankAccount: NonNullable<WalletDto['bankAccount']>; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await requestTransfer(key);
      notifySuccess(answer.message ?? WALLET.transferStarted(formatEuros(amount)));
      void queryClient.invalidateQueries({ queryKey: walletKey });
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : COMMON.serverError);
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <LazyModal opened onClose={() => !busy && onClose()} title={T.transferTitle} size="md" radius="lg" centered styles={{ title: { fontWeight: 600, fontSize: 19 } }}>
      <Stack gap="md">
        <div className={classes.transferSummary}>
          <div>
            <Text fz="xs" tt="uppercase" fw={600} c="dimmed" lts="0.05em">
              {T.transferAmount}
            </Text>
            <Text className={classes.transferAmount} data-testid="transfer-amount">
              {formatEuros(amount)}
            </Text>
          </div>
          <div className={classes.transferTo}>
            <Text fz="xs" tt="uppercase" fw={600} c="dimmed" lts="0.05em">
              {T.transferTo}
            </Text>
            <Group gap={6} wrap="nowrap" mt={2}>
              <IconBuildingBank size={18} aria-hidden color="var(--cd-orange)" />
              <Text fw={500} fz="sm" className={classes.iban}>
                {bankAccount.iban}
              </Text>
            </Group>
            <Text fz="xs" c="dimmed" truncate="end">
              {bankAccount.name}
            </Text>
          </div>
        </div>
        <Text fz="sm" c="dimmed">
          {T.transferHint}
        </Text>
        <DialogActions error={error} busy={busy} backLabel={T.cancel} onBack={onClose} actionLabel={T.transferConfirm} onAction={() => void confirm()} />
      </Stack>
    </LazyModal>
  );
}
