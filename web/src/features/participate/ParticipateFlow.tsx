/**
 * The chain of participation dialogs (docs/product.md §11): the talent's commitment to what the
 * organiser bought, the organiser's own commitments, then the proposal — a text written
 * here for text contests, files otherwise — and a success state.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Checkbox, List, Loader, Center, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { IconCheck, IconCircleCheck, IconGift, IconListCheck, IconSparkles } from '@tabler/icons-react';
import { FORMAT, formatNumber, PARTICIPATIONS, TEXT_PROPOSAL_MAX, type ContestDto, type FileDto, type OptionDto, type ParticipationDto, PARTICIPATE } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { DialogActions } from '../../ui/DialogActions';
import { notifyError } from '../../ui/feedback';
import { addParticipation, participationKeys } from './api';
import classes from './participate.module.css';
import { LazyModal } from '../../ui/LazyModal';
import { onDemand } from '../../ui/on-demand';

const UploadStep = onDemand(() => import('./UploadStep'), {
  fallback: (
    <Center py="xl">
      <Loader color="orange" type="dots" />
    </Center>
  ),
});

export type ParticipateStep = 'commitment' | 'prerequisites' | 'text' | 'upload' | 'success';

export interface ParticipateFlowProps {
  contest: ContestDto;
  participation: ParticipationDto | null;
  opened: boolean;
  onClose: () => void;
  /** 'upload' resumes a file participation started earlier. */
  startAt?: 'commitment' | 'upload';
}

const TITLES: Record<ParticipateStep, string> = {
  commitment: PARTICIPATIONS.commitmentTitle,
  prerequisites: PARTICIPATIONS.prerequisitesTitle,
  ...PARTICIPATE.titles,
};

const byName = (a: OptionDto, b: OptionDto) => a.nom.localeCompare(b.nom, 'fr');

/** What the talent commits to: the paid options the organiser chose, then the base offer, by name (docs/product.md §11). */
export function commitmentsOf(contest: ContestDto) {
  const options = contest.subCategory.options ?? [];
  return {
    paid: [...(contest.arrayOptions ?? [])].sort(byName),
    base: options.filter((o) => !o.isPayant && !o.isPrerequis).sort(byName),
    prerequisites: options.filter((o) => o.isPrerequis).sort(byName),
  };
}

function StepDots({ step }: { step: ParticipateStep }) {
  if (step === 'success') return null;
  const index = step === 'commitment' ? 0 : step === 'prerequisites' ? 1 : 2;
  return (
    <div className={classes.steps} aria-label={PARTICIPATE.step(index + 1, 3)} role="img">
      {[0, 1, 2].map((i) => (
        <span key={i} className={classes.stepDot} data-done={i <= index || undefined} />
      ))}
      <Text component="span" fz="xs" c="dimmed" ml={6}>
        {PARTICIPATE.step(index + 1, 3)}
      </Text>
    </div>
  );
}

function OptionList({ title, icon, options }: { title: string; icon: React.ReactNode; options: OptionDto[] }) {
  if (options.length === 0) return null;
  return (
    <section className={classes.optionGroup}>
      <Text component="h3" className={classes.optionTitle}>
        {icon}
        {title}
      </Text>
      <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--cd-orange)" aria-hidden />} center>
        {options.map((option) => (
          <List.Item key={option.id}>{option.nom}</List.Item>
        ))}
      </List>
    </section>
  );
}

function CommitmentStep({ contest, onNext, onCancel }: { contest: ContestDto; onNext: () => void; onCancel: () => void }) {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { paid, base } = commitmentsOf(contest);
  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm">
        {PARTICIPATE.commitmentIntro}
      </Text>
      <OptionList title={PARTICIPATE.paidOptions} icon={<IconSparkles size={18} aria-hidden />} options={paid} />
      <OptionList title={PARTICIPATE.baseOffer} icon={<IconGift size={18} aria-hidden />} options={base} />
      <Checkbox
        checked={checked}
        onChange={(event) => {
          setChecked(event.currentTarget.checked);
          if (event.currentTarget.checked) setError(null);
        }}
        label={PARTICIPATIONS.commitmentLabel}
        error={error}
        color="orange"
        className={classes.commitment}
      />
      <DialogActions
        backLabel={PARTICIPATE.cancel}
        onBack={onCancel}
        actionLabel={PARTICIPATE.next}
        onAction={() => {
          if (!checked) setError(PARTICIPATIONS.commitmentRequired);
          else onNext();
        }}
      />
    </Stack>
  );
}

function PrerequisitesStep({ contest, busy, error, onBack, onNext }: { contest: ContestDto; busy: boolean; error: string | null; onBack: () => void; onNext: () => void }) {
  const { prerequisites } = commitmentsOf(contest);
  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm">
        {PARTICIPATE.prerequisitesIntro}
      </Text>
      {prerequisites.length > 0 ? (
        <OptionList title={PARTICIPATE.prerequisites} icon={<IconListCheck size={18} aria-hidden />} options={prerequisites} />
      ) : (
        <Text fz="sm">{PARTICIPATE.noPrerequisite}</Text>
      )}
      <DialogActions step error={error} busy={busy} backLabel={PARTICIPATE.back} onBack={onBack} actionLabel={PARTICIPATE.next} onAction={onNext} />
    </Stack>
  );
}

function TextStep({ busy, error, onBack, onSave }: { busy: boolean; error: string | null; onBack: () => void; onSave: (text: string) => void }) {
  const { register, handleSubmit, control, formState } = useForm<{ inputText: string }>({ defaultValues: { inputText: '' } });
  const length = useWatch({ control, name: 'inputText' }).length;
  return (
    <form onSubmit={handleSubmit(({ inputText }) => onSave(inputText.trim()))} noValidate>
      <Stack gap="md">
        <Textarea
          label={PARTICIPATE.textLabel}
          description={PARTICIPATE.textHint}
          autosize
          minRows={8}
          maxRows={16}
          error={formState.errors.inputText?.message}
          {...register('inputText', {
            // No maxLength: a pasted text past the limit would be cut without a word; it is refused with the limit instead.
            validate: (value) => (value.trim().length === 0 ? PARTICIPATIONS.textRequired : value.trim().length <= TEXT_PROPOSAL_MAX || PARTICIPATIONS.textTooLong(TEXT_PROPOSAL_MAX)),
          })}
        />
        <Text fz="xs" c={length > TEXT_PROPOSAL_MAX ? 'red.7' : 'dimmed'} ta="right" mt={-8} aria-live="polite">
          {PARTICIPATE.characters(formatNumber(length), formatNumber(TEXT_PROPOSAL_MAX))}
        </Text>
        <DialogActions step error={error} busy={busy} backLabel={PARTICIPATE.back} onBack={onBack} actionLabel={PARTICIPATE.save} />
      </Stack>
    </form>
  );
}

function SuccessStep({ contest, onClose }: { contest: ContestDto; onClose: () => void }) {
  return (
    <Stack align="center" gap="md" py="md" ta="center">
      <ThemeIcon size={72} radius="xl" variant="gradient">
        <IconCircleCheck size={40} stroke={1.6} />
      </ThemeIcon>
      <Text component="p" fz="xl" fw={600} maw={420}>
        {PARTICIPATIONS.added}
      </Text>
      <Text c="dimmed" fz="sm" maw={420}>
        {PARTICIPATE.successText}
      </Text>
      <Button component={Link} to={paths.contestDetails(contest.id)} onClick={onClose} variant="gradient" mt="xs">
        {PARTICIPATE.backToContest}
      </Button>
    </Stack>
  );
}

export default function ParticipateFlow({ contest, participation, opened, onClose, startAt = 'commitment' }: ParticipateFlowProps) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 55em)');
  const isText = contest.subCategory.format === FORMAT.text;
  const [step, setStep] = useState<ParticipateStep>(startAt);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Set when resuming; otherwise the server answers it, completing an empty participation
  // (one that only holds messages) rather than creating a second one.
  const [participationId, setParticipationId] = useState<number | null>(startAt === 'upload' ? (participation?.id ?? null) : null);
  // The files on the server when the upload dialog opened: later ones are counted by the dialog itself.
  const [existing, setExisting] = useState<readonly FileDto[]>(() => (participation?.fileParticipants ?? []).filter((f) => !f.isFinalFile));

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: participationKeys.mine(contest.id) }),
      // The contest's card and details show whether the viewer took part.
      queryClient.invalidateQueries({ queryKey: ['contests'] }),
    ]);

  const fail = (failure: unknown) => {
    const message = failure instanceof ApiError ? failure.message : PARTICIPATIONS.defaultError;
    setError(message);
    notifyError(failure instanceof ApiError ? failure : new Error(message));
  };

  async function afterPrerequisites() {
    setError(null);
    if (isText) {
      setStep('text');
      return;
    }
    setBusy(true);
    try {
      const created = await addParticipation(contest.id);
      setParticipationId(created.id);
      setExisting([]);
      setStep('upload');
      void refresh();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  }

  async function saveText(text: string) {
    setError(null);
    setBusy(true);
    try {
      await addParticipation(contest.id, text);
      setStep('success');
      void refresh();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <LazyModal
      opened={opened}
      onClose={onClose}
      title={
        <span className={classes.modalTitle}>
          {TITLES[step]}
          <StepDots step={step} />
        </span>
      }
      size="lg"
      radius="lg"
      centered
      // On a phone the upload step and its list of files get the whole screen; the others stay a card.
      fullScreen={phone && step === 'upload'}
      // A click beside the dialog must not throw away a text being written or files on their way.
      closeOnClickOutside={step === 'commitment' || step === 'prerequisites' || step === 'success'}
      classNames={{ title: classes.modalTitleRoot, body: classes.modalBody }}
    >
      {step === 'commitment' && <CommitmentStep contest={contest} onCancel={onClose} onNext={() => setStep('prerequisites')} />}
      {step === 'prerequisites' && <PrerequisitesStep contest={contest} busy={busy} error={error} onBack={() => setStep('commitment')} onNext={() => void afterPrerequisites()} />}
      {step === 'text' && (
        <TextStep
          busy={busy}
          error={error}
          onBack={() => {
            setError(null);
            setStep('prerequisites');
          }}
          onSave={(text) => void saveText(text)}
        />
      )}
      {step === 'upload' && participationId && (
          <UploadStep
            idConcours={contest.id}
            idParticipation={participationId}
            format={contest.subCategory.format}
            existing={existing}
            onSent={() => void queryClient.invalidateQueries({ queryKey: participationKeys.mine(contest.id) })}
            onFinish={() => {
              setStep('success');
              void refresh();
            }}
          />
      )}
      {step === 'success' && <SuccessStep contest={contest} onClose={onClose} />}
    </LazyModal>
  );
}
