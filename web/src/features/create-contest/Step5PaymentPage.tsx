/**
 * Step 5 (docs/product.md §11): recap, card type and promo code — « Appliquer » asks the server
 * what the code gives and shows the price struck through beside the price to pay, which is
 * what the pay-in asks — then "Payer" creates the contest
 * (POST /concours/create) and its pay-in (POST /payment/create/web/payin), and the provider's
 * page opens in a new tab. The tab is opened on the click itself (blank, then pointed at the
 * provider once the calls answer) because browsers block tabs opened later by a script.
 */
import { useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconCheck, IconCircleCheck, IconCreditCard, IconExternalLink, IconLock, IconRosetteDiscount, IconWindowMaximize } from '@tabler/icons-react';
import { CARD_TYPES, CONTEST_STATUS, formatEuros, type ContestDto, type PromoCheck, CONTESTS, PAYMENTS, WIDGETS, WIZARD } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { notifyError } from '../../ui/feedback';
import { contestDetailKey, readContest } from '../../api/contest';
import { newIdempotencyKey } from '../../api/idempotency';
import { paymentWatch } from '../../api/payment-watch';
import { PriceToPay } from '../../ui/PriceToPay';
import { checkPromoCode, createContest, createPayIn } from './api';
import { chosenOptions, createPayload, minimumFor, payloadKey, stepPath, useDraftFor, useWizardState, type WizardDraft, type WizardState } from './draft';
import { DraftRecap } from './DraftRecap';
import { StepFrame } from './StepFrame';
import classes from './parts.module.css';

export default function Step5PaymentPage() {
  const draft = useDraftFor(5);
  if (!draft) return <Navigate to={stepPath(1)} replace />;
  if (draft.payment) return <WaitingPanel draft={draft} />;
  return <PaymentStep draft={draft} />;
}

/** Opens the tab synchronously; null when the browser blocked it. */
function openBlankTab(): Window | null {
  const tab = window.open('about:blank', '_blank');
  if (!tab) return null;
  try {
    // The provider's page must not be able to drive this one.
    tab.opener = null;
    tab.document.title = WIDGETS.payTab.title;
    const note = tab.document.createElement('p');
    note.style.cssText = 'font-family: system-ui, sans-serif; margin: 40px; color: #52566b';
    note.textContent = WIDGETS.payTab.note;
    tab.document.body.replaceChildren(note);
  } catch {
    // Only cosmetic: some browsers keep the blank page out of reach.
  }
  return tab;
}

function PaymentStep({ draft }: { draft: WizardDraft }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [cardType, setCardType] = useState<string>(draft.cardType ?? CARD_TYPES[0].value);
  const [promoCode, setPromoCode] = useState(draft.promoCode ?? '');
  const [promoError, setPromoError] = useState<string | null>(null);
  // A code checked for another price (the organiser went back and changed it) is checked again.
  const [applied, setApplied] = useState<PromoCheck | null>(draft.promo && draft.promo.cost === draft.cost ? draft.promo : null);
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState(false);
  // A double click lands before React re-renders the disabled button: this lock is synchronous.
  const lock = useRef(false);
  // The contest created by an earlier attempt, read without waiting for a render.
  const created = useRef(draft.created);
  const creating = useRef(draft.creating);

  const options = chosenOptions(draft);
  const minimum = minimumFor(draft.subCategory, options, draft.format);
  const current: WizardDraft = { ...draft, cardType, promoCode: applied?.code, promo: applied ?? undefined };
  const cost = draft.cost!;

  const keep = (next: WizardDraft) => navigate(location.pathname, { replace: true, state: { draft: next } satisfies WizardState });

  async function applyPromo() {
    const code = promoCode.trim();
    if (!code || checking) return;
    setChecking(true);
    setPromoError(null);
    try {
      const promo = await checkPromoCode(code, cost);
      setApplied(promo);
      setPromoCode(promo.code);
      keep({ ...current, promoCode: promo.code, promo });
    } catch (error) {
      if (error instanceof ApiError) setPromoError(error.fields.code ?? error.message);
      else notifyError(error);
    } finally {
      setChecking(false);
    }
  }

  /**
   * The code was refused after it was applied (used up or lapsed meanwhile): the price goes
   * back to full. A contest already created has lost its code on the server, so it is the
   * draft without a code that it now stands for.
   */
  function dropPromo(message: string) {
    setApplied(null);
    setPromoError(message);
    if (created.current) {
      const withoutCode: WizardDraft = { ...current, promoCode: undefined, promo: undefined };
      created.current = { id: created.current.id, key: payloadKey(createPayload(withoutCode)) };
      keep({ ...withoutCode, created: created.current });
    }
  }

  async function pay() {
    if (lock.current) return;
    if (promoCode.trim() && !applied) {
      setPromoError(PAYMENTS.promoNotApplied);
      return;
    }
    lock.current = true;
    setPending(true);
    setPromoError(null);
    const tab = openBlankTab();
    const payload = createPayload(current);
    const key = payloadKey(payload);
    try {
      if (created.current?.key !== key) {
        if (creating.current?.key !== key) {
          creating.current = { key, idempotencyKey: newIdempotencyKey() };
          keep({ ...current, creating: creating.current });
        }
        const { contest } = await createContest({ ...payload, idempotencyKey: creating.current.idempotencyKey });
        created.current = { id: contest.id, key };
        // In the history entry too, so a retry after a reload pays this contest instead of creating another.
        keep({ ...current, created: created.current });
      }
      const { payIn } = await createPayIn(created.current.id, cardType);
      const opened = Boolean(tab && !tab.closed);
      if (opened) tab!.location.href = payIn.redirectUrl;
      navigate(location.pathname, { replace: true, state: { draft: { ...current, created: created.current, payment: payIn }, tabBlocked: !opened } satisfies WizardState });
    } catch (error) {
      tab?.close();
      if (error instanceof ApiError && error.status === 403) {
        navigate(paths.status, {
          state: { warning: CONTESTS.statusRequired, from: { pathname: location.pathname, state: { draft: { ...current, created: created.current } } } },
        });
        return;
      }
      const promoMessage = error instanceof ApiError ? (error.fields.promoCode ?? (PROMO_REFUSALS.includes(error.message) ? error.message : undefined)) : undefined;
      if (promoMessage) dropPromo(promoMessage);
      else notifyError(error);
    } finally {
      lock.current = false;
      setPending(false);
    }
  }

  return (
    <StepFrame
      title={CONTESTS.step5Title}
      intro={WIZARD.payment.intro}
      aside={<DraftRecap title={WIZARD.recap.summaryTitle} sub={draft.subCategory} brief={draft.brief} options={options} format={draft.format} minimum={minimum} cost={draft.cost} />}
      asideFirstOnMobile
      actions={
        <>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconArrowLeft size={18} />}
            disabled={pending}
            onClick={() => navigate(stepPath(4), { state: { draft: { ...current, created: created.current } } satisfies WizardState })}
          >
            {WIZARD.back}
          </Button>
          <Button size="lg" variant="gradient" leftSection={<IconLock size={18} />} loading={pending} onClick={() => void pay()} className={classes.payButton}>
            {WIZARD.payment.pay}
          </Button>
        </>
      }
    >
      <Stack gap="xl">
        <Radio.Group value={cardType} onChange={setCardType} label={WIZARD.payment.cardType} labelProps={{ mb: 'sm', fw: 600 }}>
          <SimpleGrid cols={{ base: 1, sm: CARD_TYPES.length }} spacing="sm">
            {CARD_TYPES.map((type) => (
              <Radio.Card key={type.value} value={type.value} radius="md" className={classes.cardType} disabled={pending}>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator color="orange" />
                  <IconCreditCard size={22} stroke={1.6} className={classes.cardTypeIcon} aria-hidden />
                  <Text size="sm" fw={500} lh={1.3}>
                    {type.label}
                  </Text>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        <TextInput
          label={WIZARD.payment.promo}
          description={WIZARD.payment.promoHint}
          placeholder={WIZARD.payment.promoPlaceholder}
          leftSection={<IconRosetteDiscount size={18} stroke={1.6} />}
          value={promoCode}
          onChange={(e) => {
            setPromoCode(e.currentTarget.value.toUpperCase());
            setPromoError(null);
            setApplied(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void applyPromo();
            }
          }}
          maxLength={40}
          autoComplete="off"
          error={promoError}
          disabled={pending}
          classNames={{ wrapper: classes.promoInput }}
          rightSectionWidth={112}
          rightSection={
            applied ? (
              <Group gap={4} wrap="nowrap" c="teal.8">
                <IconCheck size={16} aria-hidden />
                <Text fz="sm" fw={600}>
                  {WIZARD.payment.applied}
                </Text>
              </Group>
            ) : (
              <Button size="compact-sm" color="ink.8" loading={checking} disabled={pending || !promoCode.trim()} onClick={() => void applyPromo()}>
                {WIZARD.payment.apply}
              </Button>
            )
          }
        />

        <PriceToPay
          label={PAYMENTS.amountToPay}
          full={cost}
          amount={applied?.amount ?? cost}
          size="lg"
          note={
            applied && applied.discount > 0 ? (
              <Text size="sm" c="teal.8" role="status">
                {PAYMENTS.promoApplied(formatEuros(applied.discount))}
              </Text>
            ) : undefined
          }
        />

        <Group wrap="nowrap" gap="sm" className={classes.secureNote}>
          <IconLock size={18} aria-hidden />
          <Text size="sm">{PAYMENTS.redirect} {WIZARD.payment.newTab}</Text>
        </Group>
      </Stack>
    </StepFrame>
  );
}

/**
 * Asks for the contest while the organiser pays in the other tab (every few seconds, and as
 * soon as this tab is shown again), so this page never keeps saying "finalise your payment"
 * once the contest is online.
 */
function usePaidContest(contestId: number): boolean {
  const query = useQuery({
    queryKey: contestDetailKey(contestId),
    queryFn: ({ signal }) => readContest(contestId, signal),
    ...paymentWatch(isPaid),
    retry: false,
  });
  return isPaid(query.data);
}

/** Refusals that mean the code no longer discounts this contest. */
const PROMO_REFUSALS: readonly string[] = [PAYMENTS.promoUnknown, PAYMENTS.promoUsedUp, PAYMENTS.promoExpired];

const isPaid = (contest: ContestDto | undefined) => contest !== undefined && contest.status >= CONTEST_STATUS.open;

function PaidPanel({ contestId }: { contestId: number }) {
  return (
    <StepFrame title={CONTESTS.step5Title}>
      <Stack align="center" ta="center" gap="md" className={classes.waiting} role="status">
        <ThemeIcon size={72} radius="xl" variant="light" color="teal">
          <IconCircleCheck size={36} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 'xl', sm: 26 }}>
          {PAYMENTS.confirmed}
        </Title>
        <Text c="dimmed" maw={520}>
          {CONTESTS.confirmationText}
        </Text>
        <Group justify="center" gap="sm" mt="sm" className={classes.waitingActions}>
          <Button component={Link} to={paths.contestDetails(contestId)} variant="gradient">
            {WIZARD.payment.seeContest}
          </Button>
          <Button component={Link} to={paths.myContests} variant="subtle" color="gray">
            {WIZARD.payment.myContests}
          </Button>
        </Group>
      </Stack>
    </StepFrame>
  );
}

function WaitingPanel({ draft }: { draft: WizardDraft }) {
  const blocked = Boolean(useWizardState().tabBlocked);
  const payment = draft.payment!;
  const contestId = draft.created!.id;
  const paid = usePaidContest(contestId);
  if (paid) return <PaidPanel contestId={contestId} />;
  return (
    <StepFrame title={CONTESTS.step5Title}>
      <Stack align="center" ta="center" gap="md" className={classes.waiting}>
        <ThemeIcon size={72} radius="xl" variant="light" color="orange">
          <IconWindowMaximize size={36} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 'xl', sm: 26 }}>
          {WIZARD.payment.waitingTitle}
        </Title>
        <Text c="dimmed" maw={520}>
          {WIZARD.payment.waitingText(draft.brief?.companyName ?? '', formatEuros(payment.amount))}
        </Text>
        {blocked && (
          <Alert color="orange" variant="light" ta="left" maw={520}>
            {WIZARD.payment.tabBlocked}
          </Alert>
        )}
        <Group justify="center" gap="sm" mt="sm" className={classes.waitingActions}>
          <Button component="a" href={payment.redirectUrl} target="_blank" rel="noopener" variant={blocked ? 'gradient' : 'light'} rightSection={<IconExternalLink size={18} />}>
            {WIZARD.payment.openPayment}
          </Button>
          <Button component={Link} to={paths.home} variant="subtle" color="gray">
            {WIZARD.payment.goHome}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {WIZARD.payment.findItIn.before}{' '}
          <Anchor component={Link} to={paths.myContests} inherit underline="always">
            {WIZARD.payment.findItIn.link}
          </Anchor>
          {WIZARD.payment.findItIn.after}
        </Text>
      </Stack>
    </StepFrame>
  );
}
