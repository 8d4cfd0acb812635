/**
 * Step 2 (docs/product.md §11): the brief. Every text but the site is required; the form uses the
 * domain's briefSchema, the same one the server applies to POST /concours/create.
 */
import { Navigate, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { z } from 'zod';
import { BRIEF_FIELDS, CONTEST_TEXT_LIMITS, briefSchema, type BriefInput, CONTESTS, WIZARD } from '@creadefi/domain';
import { useSession } from '../../app/session';
import { BriefSliders, type BriefCursors } from '../../ui/BriefSliders';
import { stepPath, useDraftFor, type WizardDraft, type WizardState } from './draft';
import { DraftRecap } from './DraftRecap';
import { StepFrame } from './StepFrame';
import classes from './parts.module.css';

type BriefFormInput = z.input<typeof briefSchema>;

export default function Step2BriefPage() {
  const draft = useDraftFor(2);
  if (!draft) return <Navigate to={stepPath(1)} replace />;
  return <BriefStep draft={draft} />;
}

function BriefStep({ draft }: { draft: WizardDraft }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    formState: { errors, submitCount },
  } = useForm<BriefFormInput, unknown, BriefInput>({
    resolver: zodResolver(briefSchema),
    defaultValues: draft.brief ?? {
      companyName: user?.companyName ?? user?.socialReason ?? '',
      companySkills: '',
      target: '',
      site: '',
      message: '',
      cursorModern: 2,
      cursorYoung: 2,
      cursorFun: 2,
      cursorLuxury: 2,
    },
  });

  const [cursorModern, cursorYoung, cursorFun, cursorLuxury] = useWatch({ control, name: ['cursorModern', 'cursorYoung', 'cursorFun', 'cursorLuxury'] });
  const cursors: BriefCursors = { cursorModern: Number(cursorModern), cursorYoung: Number(cursorYoung), cursorFun: Number(cursorFun), cursorLuxury: Number(cursorLuxury) };
  const missing = submitCount > 0 && Boolean(errors.companyName || errors.companySkills || errors.target || errors.message);

  const onSubmit = handleSubmit((brief) => {
    navigate(stepPath(3), { state: { draft: { ...draft, brief } } satisfies WizardState });
  });

  const back = () => {
    // What was typed comes along, so returning here finds it again.
    navigate(stepPath(1), { state: { draft: { ...draft, brief: getValues() as BriefInput } } satisfies WizardState });
  };

  return (
    <StepFrame
      title={CONTESTS.step2Title}
      intro={WIZARD.brief.intro}
      onSubmit={onSubmit}
      aside={<DraftRecap sub={draft.subCategory} />}
      actions={
        <>
          <Button variant="subtle" color="gray" leftSection={<IconArrowLeft size={18} />} onClick={back}>
            {WIZARD.back}
          </Button>
          <Button type="submit" size="md" variant="gradient" rightSection={<IconArrowRight size={18} />}>
            {WIZARD.next}
          </Button>
        </>
      }
    >
      <Stack gap="lg">
        {missing && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            {CONTESTS.briefRequired}
          </Alert>
        )}
        <TextInput
          label={BRIEF_FIELDS.companyName.label}
          required
          maxLength={CONTEST_TEXT_LIMITS.companyName}
          error={Boolean(errors.companyName)}
          {...register('companyName')}
        />
        <Textarea
          label={BRIEF_FIELDS.companySkills.label}
          description={BRIEF_FIELDS.companySkills.description}
          required
          autosize
          minRows={2}
          maxLength={CONTEST_TEXT_LIMITS.companySkills}
          error={Boolean(errors.companySkills)}
          {...register('companySkills')}
        />
        <Textarea
          label={BRIEF_FIELDS.target.label}
          description={BRIEF_FIELDS.target.description}
          required
          autosize
          minRows={2}
          maxLength={CONTEST_TEXT_LIMITS.target}
          error={Boolean(errors.target)}
          {...register('target')}
        />
        <TextInput
          label={BRIEF_FIELDS.site.label}
          description={BRIEF_FIELDS.site.description}
          placeholder="https://"
          type="url"
          inputMode="url"
          maxLength={CONTEST_TEXT_LIMITS.site}
          error={errors.site?.message}
          {...register('site')}
        />
        <Textarea
          label={WIZARD.brief.message}
          description={WIZARD.brief.messageHint}
          required
          autosize
          minRows={4}
          maxLength={CONTEST_TEXT_LIMITS.message}
          error={Boolean(errors.message)}
          {...register('message')}
        />
        <div className={classes.fieldGroup}>
          <Text fw={500}>{WIZARD.brief.style}</Text>
          <Text size="sm" c="dimmed" mb="md">
            {WIZARD.brief.styleHint}
          </Text>
          <BriefSliders value={cursors} onChange={(next) => (Object.keys(next) as (keyof BriefCursors)[]).forEach((k) => setValue(k, next[k]))} />
        </div>
      </Stack>
    </StepFrame>
  );
}
