/**
 * Finalising (spec 2 §2, decision 5): a confirmation that says what follows; then, when
 * more winners were chosen than prizes paid, the server's explanation of what is due, a
 * pay-in opened in a new tab and a retry once paid.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconExternalLink, IconInfoCircle, IconLock, IconTrophy } from '@tabler/icons-react';
import { formatEuros, MESSAGES, PARTICIPATIONS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { CardTypePicker, DEFAULT_CARD_TYPE } from '../../ui/CardTypePicker';
import { notifyError } from '../../ui/feedback';
import { payInNewTab } from '../../ui/pay-in';
import { ExtraPrizesDue, finaliseContest } from './api';

type Phase = { kind: 'confirm' } | { kind: 'pay'; due: ExtraPrizesDue; started: boolean; redirectUrl: string | null; blocked: boolean };

export interface FinaliseDialogProps {
  opened: boolean;
  idConcours: number;
  winners: number;
  onClose: () => void;
  onFinalised: (message: string | undefined) => void;
}

export function FinaliseDialog({ opened, idConcours, winners, onClose, onFinalised }: FinaliseDialogProps) {
  const phone = useMediaQuery('(max-width: 55em)');
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  const [busy, setBusy] = useState<'finalise' | 'pay' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cardType, setCardType] = useState<string>(DEFAULT_CARD_TYPE);

  const close = () => {
    if (busy) return;
    onClose();
    setPhase({ kind: 'confirm' });
    setError(null);
  };

  async function finalise() {
    setBusy('finalise');
    setError(null);
    try {
      const message = await finaliseContest(idConcours);
      setPhase({ kind: 'confirm' });
      onFinalised(message);
    } catch (failure) {
      if (failure instanceof ExtraPrizesDue) {
        setPhase((current) => (current.kind === 'pay' ? { ...current, due: failure } : { kind: 'pay', due: failure, started: false, redirectUrl: null, blocked: false }));
        // Asked again after "J'ai payé": the payment has not arrived yet.
        if (phase.kind === 'pay' && phase.started) setError(MESSAGES.payments.pending);
      } else {
        setError(failure instanceof ApiError ? failure.message : MESSAGES.common.serverError);
        notifyError(failure);
      }
    } finally {
      setBusy(null);
    }
  }

  function pay() {
    if (phase.kind !== 'pay') return;
    setBusy('pay');
    setError(null);
    // Opens the tab now, inside the click: a tab opened after the answer would be blocked.
    payInNewTab(idConcours, cardType)
      .then(({ payIn, opened: tabOpened }) => setPhase({ ...phase, started: true, redirectUrl: payIn.redirectUrl, blocked: !tabOpened }))
      .catch((failure: unknown) => {
        setError(failure instanceof ApiError ? failure.message : MESSAGES.common.serverError);
        notifyError(failure);
      })
      .finally(() => setBusy(null));
  }

  const title = phase.kind === 'confirm' ? PARTICIPATIONS.finaliseConfirm : 'Réglez les récompenses supplémentaires';

  return (
    <Modal opened={opened} onClose={close} title={title} size="md" radius="lg" centered fullScreen={phone} styles={{ title: { fontWeight: 600, fontSize: 18, lineHeight: 1.3 } }}>
      {phase.kind === 'confirm' ? (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="orange" size={40} radius="xl">
              <IconTrophy size={22} />
            </ThemeIcon>
            <Text fz="sm" fw={500}>
              {winners > 1 ? `${winners} propositions sélectionnées` : '1 proposition sélectionnée'}
            </Text>
          </Group>
          <Text fz="sm" c="dimmed" lh={1.6}>
            {PARTICIPATIONS.finaliseExplain}
          </Text>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" color="ink.7" onClick={close} disabled={Boolean(busy)}>
              Annuler
            </Button>
            <Button variant="gradient" onClick={() => void finalise()} loading={busy === 'finalise'}>
              {PARTICIPATIONS.finalise}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
            {phase.due.message}
          </Alert>
          {phase.due.amount !== null && (
            <Text fz="sm">
              Montant à régler :{' '}
              <Text component="span" fw={600}>
                {formatEuros(phase.due.amount)}
              </Text>
            </Text>
          )}
          <CardTypePicker value={cardType} onChange={setCardType} disabled={Boolean(busy)} />
          <Group gap="xs" wrap="nowrap" c="dimmed">
            <IconLock size={16} aria-hidden />
            <Text fz="xs">{MESSAGES.payments.redirect} La page s’ouvrira dans un nouvel onglet.</Text>
          </Group>
          {phase.blocked && (
            <Alert color="orange" variant="light">
              Votre navigateur a bloqué l’ouverture de l’onglet de paiement : utilisez le bouton «&nbsp;Ouvrir la page de paiement&nbsp;».
            </Alert>
          )}
          {phase.started && !phase.blocked && (
            <Text fz="sm" c="dimmed">
              Réglez le paiement dans l’onglet qui vient de s’ouvrir, puis revenez ici pour finaliser le concours.
            </Text>
          )}
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" color="ink.7" onClick={close} disabled={Boolean(busy)}>
              Annuler
            </Button>
            {phase.started && (
              <Button variant={phase.blocked ? 'light' : 'gradient'} onClick={() => void finalise()} loading={busy === 'finalise'} disabled={busy === 'pay'}>
                J’ai payé, finaliser
              </Button>
            )}
            {phase.started && phase.redirectUrl ? (
              <Button component="a" href={phase.redirectUrl} target="_blank" rel="noopener" variant={phase.blocked ? 'gradient' : 'default'} rightSection={<IconExternalLink size={16} />}>
                Ouvrir la page de paiement
              </Button>
            ) : (
              <Button variant="gradient" onClick={pay} loading={busy === 'pay'} disabled={busy === 'finalise'}>
                Payer
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
