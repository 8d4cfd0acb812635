/**
 * Paying a contest that is still awaiting payment (decision 1): the card type, then the
 * provider's page in a new tab; the confirmation page publishes the contest on return, and
 * My contests, watching, shows it without a reload.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { formatEuros, MESSAGES, type MyContestRow } from '@creadefi/domain';
import { CardTypePicker, DEFAULT_CARD_TYPE } from '../../ui/CardTypePicker';
import { notifyError } from '../../ui/feedback';
import { payInNewTab } from '../../ui/pay-in';

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
      .catch(notifyError)
      .finally(() => setBusy(false));
  }

  return (
    <Modal opened={Boolean(row)} onClose={close} title="Payer le concours" centered radius="lg" size="md" styles={{ title: { fontWeight: 600, fontSize: 18 } }}>
      {row && (
        <Stack gap="md">
          <Text fz="sm">
            «&nbsp;{row.companyName}&nbsp;» · {row.subCategory} :{' '}
            <Text component="span" fw={600}>
              {formatEuros(row.cost)}
            </Text>
          </Text>
          {current ? (
            <>
              {current.blocked ? (
                <Alert color="orange" variant="light">
                  Votre navigateur a bloqué l’ouverture de l’onglet de paiement : utilisez le bouton ci-dessous.
                </Alert>
              ) : (
                <Text fz="sm" c="dimmed">
                  Finalisez votre paiement dans l’onglet qui vient de s’ouvrir : votre concours sera publié dès sa confirmation.
                </Text>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="subtle" color="ink.7" onClick={close}>
                  Fermer
                </Button>
                <Button component="a" href={current.redirectUrl} target="_blank" rel="noopener" variant={current.blocked ? 'gradient' : 'default'} rightSection={<IconExternalLink size={16} />}>
                  Ouvrir la page de paiement
                </Button>
              </Group>
            </>
          ) : (
            <>
              <CardTypePicker value={cardType} onChange={setCardType} disabled={busy} />
              <Group gap="xs" wrap="nowrap" c="dimmed">
                <IconLock size={16} aria-hidden />
                <Text fz="xs">{MESSAGES.payments.redirect} La page s’ouvrira dans un nouvel onglet.</Text>
              </Group>
              <Group justify="flex-end" gap="sm">
                <Button variant="subtle" color="ink.7" onClick={close} disabled={busy}>
                  Annuler
                </Button>
                <Button variant="gradient" onClick={pay} loading={busy}>
                  Payer
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
