/**
 * Payment confirmation (docs/product.md §11, /confirmation?idConcours=&transactionId=): the provider
 * brings the organiser back here; the confirmation is asked once, with a spinner, then a
 * dialog titled with the server's message. The original page left failures open (docs/product.md §11): a declined payment
 * says the contest is not published and offers to pay again; a pending one offers to ask again.
 */
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconConfetti, IconHome, IconRefresh, IconX } from '@tabler/icons-react';
import { confirmPayInQuery, CONTESTS, PAYMENTS, PAYMENT_SCREENS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { CardTypePicker, DEFAULT_CARD_TYPE } from '../../ui/CardTypePicker';
import { notifyError } from '../../ui/feedback';
import { usePayInConfirmation, type PayInConfirmation } from './api/confirm-pay-in';
import { useCreatePayIn } from './api/create-pay-in';
import classes from './ConfirmationPage.module.css';
import { LazyModal } from '../../ui/LazyModal';

export const SEE_CONTEST = PAYMENT_SCREENS.seeContest;
export const GO_HOME = PAYMENT_SCREENS.goHome;
export const RETRY_PAYMENT = PAYMENT_SCREENS.retryPayment;
export const SEE_WINNERS = PAYMENT_SCREENS.seeWinners;
export const SEE_PROPOSALS = PAYMENT_SCREENS.seeProposals;

function Outcome({ tone, icon, title, children }: { tone: 'success' | 'danger' | 'waiting'; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className={classes.page}>
      <div className={classes.card} data-tone={tone}>
        <div className={classes.band} />
        <div className={classes.icon}>{icon}</div>
        <div className={classes.body}>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {children}
        </div>
      </div>
    </div>
  );
}

const homeButton = (
  <Button component={Link} to={paths.home} variant="default" leftSection={<IconHome size={16} aria-hidden />}>
    {GO_HOME}
  </Button>
);

/** A new pay-in for the same contest: choose the card, then off to the provider's page. */
function RetryPayment({ idConcours }: { idConcours: number }) {
  const [cardType, setCardType] = useState<string>(DEFAULT_CARD_TYPE);
  const create = useCreatePayIn();
  const pay = () =>
    create.mutate(
      { idConcours, cardType },
      {
        onSuccess: (answer) => {
          const url = answer.results?.redirectUrl;
          if (url) window.location.assign(url);
        },
        onError: notifyError,
      },
    );
  return (
    <div className={classes.retry}>
      <CardTypePicker value={cardType} onChange={setCardType} disabled={create.isPending} />
      <Button variant="gradient" fullWidth mt="md" size="md" onClick={pay} loading={create.isPending || create.isSuccess}>
        {RETRY_PAYMENT}
      </Button>
      <Text size="xs" c="dimmed" mt={8}>
        {PAYMENTS.redirect}
      </Text>
    </div>
  );
}

/**
 * What a confirmed payment leads to: the creation payment publishes the contest; extra
 * prizes finalise it (unless winners were added while paying), so the winners come next.
 */
function outcomeOf(confirmation: PayInConfirmation): { text: string; action: string; to: (id: number) => string } {
  if (confirmation.purpose === 'contest') return { text: CONTESTS.confirmationText, action: SEE_CONTEST, to: paths.proposals };
  if (confirmation.finalised) return { text: PAYMENTS.extraConfirmationText, action: SEE_WINNERS, to: (id) => `${paths.proposals(id)}?filtre=winners` };
  return { text: PAYMENTS.extraConfirmationPending, action: SEE_PROPOSALS, to: paths.proposals };
}

function Confirmation({ idConcours, transactionId }: { idConcours: number; transactionId: string }) {
  const query = usePayInConfirmation(idConcours, transactionId, true);
  const [dialogOpen, setDialogOpen] = useState(true);

  if (query.isPending) {
    return (
      <Outcome tone="waiting" icon={<Loader color="orange" size="lg" aria-label={PAYMENT_SCREENS.loading} />} title={PAYMENT_SCREENS.checking}>
        <Text c="dimmed" role="status">
          {PAYMENT_SCREENS.checkingText}
        </Text>
      </Outcome>
    );
  }

  if (query.isError) {
    const error = query.error;
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 409) {
      return (
        <Outcome
          tone="waiting"
          icon={
            <ThemeIcon size={56} radius="xl" variant="light" color="orange">
              <IconClockHour4 size={32} aria-hidden />
            </ThemeIcon>
          }
          title={PAYMENT_SCREENS.pending}
        >
          <Text size="lg">{error.message}</Text>
          <Group justify="center" mt="xl" gap="sm">
            {homeButton}
            <Button variant="gradient" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void query.refetch()} loading={query.isFetching}>
              {PAYMENT_SCREENS.retry}
            </Button>
          </Group>
        </Outcome>
      );
    }
    const declined = status === 402;
    // The contest closed before the payment settled (410): nothing to pay again, nothing to wait for.
    const closed = status === 410;
    // Someone else's payment cannot be paid again from here, nor a closed contest; anything else still can.
    const canPayAgain = status !== 403 && !closed;
    return (
      <Outcome
        tone="danger"
        icon={
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            {declined ? <IconX size={32} aria-hidden /> : <IconAlertTriangle size={32} aria-hidden />}
          </ThemeIcon>
        }
        title={closed ? PAYMENT_SCREENS.contestClosed : declined ? PAYMENT_SCREENS.declined : PAYMENT_SCREENS.notConfirmed}
      >
        <Text size="lg">{error.message}</Text>
        {canPayAgain && <RetryPayment idConcours={idConcours} />}
        <Group justify="center" mt="lg" gap="sm">
          {status >= 500 || status === 0 ? (
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void query.refetch()} loading={query.isFetching}>
              {PAYMENT_SCREENS.retry}
            </Button>
          ) : null}
          {homeButton}
        </Group>
      </Outcome>
    );
  }

  const { message, idConcours: confirmedId } = query.data;
  const title = message ?? PAYMENTS.confirmed;
  const outcome = outcomeOf(query.data);
  // In the dialog the first focus goes to the main action rather than to the close button.
  const actions = (inDialog: boolean) => (
    <Stack gap="sm" mt="xl">
      <Button component={Link} to={outcome.to(confirmedId)} variant="gradient" size="md" fullWidth leftSection={<IconConfetti size={18} aria-hidden />} data-autofocus={inDialog || undefined}>
        {outcome.action}
      </Button>
      <Button component={Link} to={paths.home} variant="subtle" color="gray" size="md" fullWidth>
        {GO_HOME}
      </Button>
    </Stack>
  );
  return (
    <>
      <Outcome
        tone="success"
        icon={
          <ThemeIcon size={56} radius="xl" variant="gradient">
            <IconCircleCheck size={32} aria-hidden />
          </ThemeIcon>
        }
        title={title}
      >
        <Text size="lg">{outcome.text}</Text>
        {actions(false)}
      </Outcome>
      <LazyModal opened={dialogOpen} onClose={() => setDialogOpen(false)} centered radius="lg" size={440} title={title} classNames={{ title: classes.dialogTitle, header: classes.dialogHeader }} overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}>
        <div className={classes.dialogIcon} aria-hidden>
          <ThemeIcon size={64} radius="xl" variant="gradient">
            <IconConfetti size={34} />
          </ThemeIcon>
        </div>
        <Text size="lg" ta="center">
          {outcome.text}
        </Text>
        {actions(true)}
      </LazyModal>
    </>
  );
}

export default function ConfirmationPage() {
  const [search] = useSearchParams();
  const parsed = confirmPayInQuery.safeParse({ idConcours: search.get('idConcours') ?? undefined, transactionId: search.get('transactionId') ?? undefined });
  if (!parsed.success) {
    return (
      <Outcome
        tone="danger"
        icon={
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconAlertTriangle size={32} aria-hidden />
          </ThemeIcon>
        }
        title={PAYMENT_SCREENS.notConfirmed}
      >
        <Text size="lg">{PAYMENTS.unknownTransaction}</Text>
        <Group justify="center" mt="xl">
          {homeButton}
        </Group>
      </Outcome>
    );
  }
  const { idConcours, transactionId } = parsed.data;
  return <Confirmation key={`${idConcours}/${transactionId}`} idConcours={idConcours} transactionId={transactionId} />;
}
