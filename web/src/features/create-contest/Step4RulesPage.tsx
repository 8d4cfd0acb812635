/**
 * Step 4 (docs/product.md §3 and §11): the contest's cost, at least the running minimum of step 3 (equal
 * is accepted), and the CGU. The end date is not chosen: the contest stays online 7 days
 * from its payment (docs/product.md §2).
 */
import { useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCalendarEvent, IconTrophy } from '@tabler/icons-react';
import { z } from 'zod';
import { CONTEST_DURATION_MS, PLATFORM_FEE_PERCENT, createContestSchema, formatDate, formatEuros, gainCents, parseEurosToCents, durationInDays, COMMON, CONTESTS, WIZARD } from '@creadefi/domain';
import { chosenOptions, minimumFor, stepPath, useDraftFor, type WizardDraft, type WizardState } from './draft';
import { DraftRecap } from './DraftRecap';
import { centsToInput } from './money-input';
import { StepFrame } from './StepFrame';
import classes from './parts.module.css';
import { CguCheckbox } from '../../ui/CguCheckbox';

const NOT_AN_AMOUNT = WIZARD.rules.notAnAmount;

function rulesSchema(minimumCents: number) {
  return z.object({
    cost: z.string().superRefine((value, ctx) => {
      if (!value.trim()) return void ctx.addIssue({ code: 'custom', message: COMMON.allFieldsRequired });
      const cents = parseEurosToCents(value);
      if (cents === null || !createContestSchema.shape.cost.safeParse(cents).success) return void ctx.addIssue({ code: 'custom', message: NOT_AN_AMOUNT });
      if (cents < minimumCents) ctx.addIssue({ code: 'custom', message: CONTESTS.costTooLow(formatEuros(minimumCents)) });
    }),
    cgu: z.boolean().refine((accepted) => accepted, CONTESTS.cguRequired),
  });
}
type RulesValues = z.infer<ReturnType<typeof rulesSchema>>;

export default function Step4RulesPage() {
  const draft = useDraftFor(4);
  if (!draft) return <Navigate to={stepPath(1)} replace />;
  return <RulesStep draft={draft} />;
}

function RulesStep({ draft }: { draft: WizardDraft }) {
  const navigate = useNavigate();
  const options = chosenOptions(draft);
  const minimum = minimumFor(draft.subCategory, options, draft.format);
  const schema = useMemo(() => rulesSchema(minimum), [minimum]);
  const {
    register,
    handleSubmit,
    control,
    getValues,
    formState: { errors },
  } = useForm<RulesValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      // Options may have raised the minimum since a cost was typed: never start below it.
      cost: centsToInput(Math.max(draft.cost ?? 0, minimum)),
      cgu: draft.cguAccepted ?? false,
    },
  });

  const typed = parseEurosToCents(useWatch({ control, name: 'cost' }));
  const cost = typed !== null && typed >= minimum ? typed : undefined;
  // Read once: the date shown is the end if the organiser pays now.
  const [endDate] = useState(() => formatDate(Date.now() + CONTEST_DURATION_MS));

  const onSubmit = handleSubmit((values) => {
    const next: WizardDraft = { ...draft, cost: parseEurosToCents(values.cost)!, cguAccepted: true };
    navigate(stepPath(5), { state: { draft: next } satisfies WizardState });
  });

  const back = () => {
    const v = getValues();
    navigate(stepPath(3), { state: { draft: { ...draft, cost: parseEurosToCents(v.cost) ?? draft.cost, cguAccepted: v.cgu } } satisfies WizardState });
  };

  return (
    <StepFrame
      title={CONTESTS.step4Title}
      intro={WIZARD.rules.intro}
      onSubmit={onSubmit}
      aside={<DraftRecap sub={draft.subCategory} brief={draft.brief} options={options} format={draft.format} minimum={minimum} cost={cost} />}
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
      <Stack gap="xl">
        <TextInput
          label={WIZARD.rules.cost}
          description={WIZARD.rules.costHint(formatEuros(minimum))}
          size="md"
          inputMode="decimal"
          autoComplete="off"
          rightSection={<Text c="dimmed">€</Text>}
          classNames={{ wrapper: classes.costInput }}
          error={errors.cost?.message}
          {...register('cost')}
        />

        <div className={classes.facts}>
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon variant="light" color="orange" size={40} radius="xl">
              <IconTrophy size={22} />
            </ThemeIcon>
            <div>
              <Text fw={500}>{cost !== undefined ? CONTESTS.gain(formatEuros(gainCents(cost))) : CONTESTS.gainAtLeast(formatEuros(gainCents(minimum)))}</Text>
              <Text size="sm" c="dimmed">
                {WIZARD.rules.gainHint(PLATFORM_FEE_PERCENT)}
              </Text>
            </div>
          </Group>
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon variant="light" color="orange" size={40} radius="xl">
              <IconCalendarEvent size={22} />
            </ThemeIcon>
            <div>
              <Text fw={500}>
                {WIZARD.rules.online(durationInDays(CONTEST_DURATION_MS), endDate)}
              </Text>
              <Text size="sm" c="dimmed">
                {WIZARD.rules.onlineHint(durationInDays(CONTEST_DURATION_MS))}
              </Text>
            </div>
          </Group>
        </div>

        <CguCheckbox error={errors.cgu?.message} {...register('cgu')} />
      </Stack>
    </StepFrame>
  );
}
