/**
 * Edit contest (docs/product.md §2, /modifier-concours/{id}): the organiser rewrites the brief of a
 * contest they own. Once a winner is chosen (status above 4) the form is locked and its
 * button reads "Gagnant déjà choisi". The server checks ownership again on every update.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Anchor, Badge, Box, Button, Container, Grid, Group, Paper, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconLock, IconRefresh } from '@tabler/icons-react';
import { BRIEF_FIELDS, briefSchema, CONTEST_STATUS, CONTEST_TEXT_LIMITS, CONTESTS, contestStatusLabel, findCategory, formatDate, formatEuros, formatRelativeDay, isEditLocked, type ContestDto, CONTEST_SCREENS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { PageLoader } from '../../ui/PageLoader';
import { useSession } from '../../app/session';
import { useContestDetails } from '../../api/contest';
import { BriefSliders, type BriefCursors } from '../../ui/BriefSliders';
import { categoryStyle } from '../../ui/category-style';
import { useUpdateContest } from './api/update-contest';
import band from '../../ui/category-band.module.css';
import classes from './EditContestPage.module.css';

const EDIT_TITLE = CONTEST_SCREENS.edit.title;

type BriefForm = z.input<typeof briefSchema>;
type BriefValues = z.output<typeof briefSchema>;
const TEXT_FIELDS = ['companyName', 'companySkills', 'target', 'site', 'message'] as const;

function toForm(contest: ContestDto): BriefForm {
  return {
    companyName: contest.companyName,
    companySkills: contest.companySkills,
    target: contest.target,
    site: contest.site ?? '',
    message: contest.message,
    cursorModern: contest.cursorModern,
    cursorYoung: contest.cursorYoung,
    cursorFun: contest.cursorFun,
    cursorLuxury: contest.cursorLuxury,
  };
}

/** A short page for what is not the form: missing contest, someone else's, failed load. */
function Notice({ icon, color, title, children, actions }: { icon: ReactNode; color: string; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper radius="xl" p={{ base: 24, sm: 40 }} withBorder shadow="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} mx="auto" mb="md">
          {icon}
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }} mb="sm">
          {title}
        </Title>
        <Text c="dimmed" size="lg">
          {children}
        </Text>
        <Group justify="center" mt="xl" gap="sm">
          {actions}
        </Group>
      </Paper>
    </Container>
  );
}

const homeButton = (
  <Button component={Link} to={paths.home} variant="gradient" leftSection={<IconArrowLeft size={16} aria-hidden />}>
    {CONTEST_SCREENS.edit.backHome}
  </Button>
);

function Summary({ contest }: { contest: ContestDto }) {
  const style = categoryStyle(contest.idCategory);
  const Icon = style.icon;
  const rows: [string, ReactNode][] = [
    [CONTEST_SCREENS.edit.summary.status, <Badge key="s" variant="light" color={contest.status === CONTEST_STATUS.open ? 'green' : contest.status > CONTEST_STATUS.awaitingFinalFiles ? 'gray' : 'orange'} radius="sm">{contestStatusLabel(contest.status)}</Badge>],
    [CONTEST_SCREENS.edit.summary.cost, formatEuros(contest.cost)],
    [CONTEST_SCREENS.edit.summary.gain, formatEuros(contest.gain)],
    [CONTEST_SCREENS.edit.summary.end, contest.endDate ? `${formatDate(contest.endDate)} (${formatRelativeDay(contest.endDate)})` : '—'],
    [CONTEST_SCREENS.edit.summary.participations, String(contest.participations)],
  ];
  return (
    <Paper radius="lg" withBorder className={classes.summary} style={{ '--cat-accent': style.accent, '--cat-tint': style.tint } as CSSProperties}>
      <div className={`${band.band} ${classes.summaryBand}`}>
        <span className={band.icon} aria-hidden>
          <Icon size={22} stroke={1.7} />
        </span>
        <div>
          <Text fw={600} fz={17} lh={1.25}>
            {contest.subCategory.name}
          </Text>
          <Text fz={12} fw={500} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
            {findCategory(contest.idCategory)?.title}
          </Text>
        </div>
      </div>
      <dl className={classes.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Box p="md" pt={0}>
        <Button component={Link} to={paths.proposals(contest.id)} variant="light" fullWidth rightSection={<IconArrowRight size={16} aria-hidden />}>
          {CONTESTS.seeProposals}
        </Button>
      </Box>
    </Paper>
  );
}

function EditForm({ contest }: { contest: ContestDto }) {
  const locked = isEditLocked(contest.status);
  const update = useUpdateContest();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors },
  } = useForm<BriefForm, unknown, BriefValues>({ resolver: zodResolver(briefSchema), defaultValues: toForm(contest) });

  const [cursorModern, cursorYoung, cursorFun, cursorLuxury] = useWatch({ control, name: ['cursorModern', 'cursorYoung', 'cursorFun', 'cursorLuxury'] });
  const cursors: BriefCursors = { cursorModern: Number(cursorModern), cursorYoung: Number(cursorYoung), cursorFun: Number(cursorFun), cursorLuxury: Number(cursorLuxury) };
  const setCursors = (next: BriefCursors) => {
    for (const key of Object.keys(next) as (keyof BriefCursors)[]) {
      if (next[key] !== cursors[key]) setValue(key, next[key], { shouldDirty: true });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (locked) return;
    try {
      const answer = await update.mutateAsync({ ...values, site: values.site ? values.site : null, idConcours: contest.id });
      notifySuccess(answer.message ?? CONTESTS.updated);
      reset({ ...values, site: values.site ?? '' });
    } catch (error) {
      let shown = false;
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          const known = TEXT_FIELDS.find((f) => f === field);
          if (known) {
            setError(known, { type: 'server', message }, { shouldFocus: !shown });
            shown = true;
          }
        }
      }
      if (!shown) notifyError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={EDIT_TITLE}>
      {locked && (
        <Alert color="gray" variant="light" radius="lg" icon={<IconLock size={20} aria-hidden />} mb="lg" title={CONTESTS.editLocked}>
          {CONTESTS.editLockedMessage}
        </Alert>
      )}
      <fieldset disabled={locked} className={classes.fieldset}>
        <Paper radius="lg" withBorder p={{ base: 'md', sm: 'xl' }} className={classes.section}>
          <Title order={2} className={classes.sectionTitle}>
            {CONTESTS.step2Title}
          </Title>
          <Stack gap="md">
            <TextInput label={BRIEF_FIELDS.companyName.label} required maxLength={CONTEST_TEXT_LIMITS.companyName} error={errors.companyName?.message} {...register('companyName')} />
            <Textarea label={BRIEF_FIELDS.companySkills.label} description={BRIEF_FIELDS.companySkills.description} required autosize minRows={2} maxRows={6} maxLength={CONTEST_TEXT_LIMITS.companySkills} error={errors.companySkills?.message} {...register('companySkills')} />
            <Textarea label={BRIEF_FIELDS.target.label} description={BRIEF_FIELDS.target.description} required autosize minRows={2} maxRows={6} maxLength={CONTEST_TEXT_LIMITS.target} error={errors.target?.message} {...register('target')} />
            <TextInput label={BRIEF_FIELDS.site.label} description={BRIEF_FIELDS.site.description} type="url" inputMode="url" placeholder="https://" maxLength={CONTEST_TEXT_LIMITS.site} error={errors.site?.message} {...register('site')} />
          </Stack>
        </Paper>

        <Paper radius="lg" withBorder p={{ base: 'md', sm: 'xl' }} className={classes.section}>
          <Title order={2} className={classes.sectionTitle}>
            {CONTEST_SCREENS.edit.style}
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            {CONTEST_SCREENS.edit.styleHint}
          </Text>
          <BriefSliders value={cursors} onChange={setCursors} disabled={locked} />
        </Paper>

        <Paper radius="lg" withBorder p={{ base: 'md', sm: 'xl' }} className={classes.section}>
          <Title order={2} className={classes.sectionTitle}>
            {CONTEST_SCREENS.edit.messageTitle}
          </Title>
          <Textarea
            label={CONTEST_SCREENS.edit.message}
            description={CONTEST_SCREENS.edit.messageHint}
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={CONTEST_TEXT_LIMITS.message}
            error={errors.message?.message}
            {...register('message')}
          />
        </Paper>
      </fieldset>

      <Group justify="flex-end" mt="lg">
        <Button type="submit" size="md" variant={locked ? 'default' : 'gradient'} disabled={locked} loading={update.isPending} leftSection={locked ? <IconLock size={16} aria-hidden /> : undefined} className={classes.submit}>
          {locked ? CONTESTS.editLocked : CONTEST_SCREENS.edit.save}
        </Button>
      </Group>
    </form>
  );
}

export default function EditContestPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const { user } = useSession();
  const query = useContestDetails(id);

  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Notice icon={<IconAlertTriangle size={32} aria-hidden />} color="orange" title={CONTESTS.notFound} actions={homeButton}>
        {CONTEST_SCREENS.edit.notFoundHint}
      </Notice>
    );
  }
  if (query.isPending) return <PageLoader />;
  const contest = query.data;
  const forbidden = query.error instanceof ApiError && query.error.status === 403;
  if (forbidden || (contest && !contest.isOwner && contest.idConcoureur !== user?.id)) {
    return (
      <Notice
        icon={<IconLock size={32} aria-hidden />}
        color="pink"
        title={CONTESTS.notOwner}
        actions={
          <>
            {contest && (
              <Button component={Link} to={paths.contestDetails(contest.id)} variant="default">
                {CONTEST_SCREENS.edit.seeContest}
              </Button>
            )}
            {homeButton}
          </>
        }
      >
        {CONTEST_SCREENS.edit.notOwnerHint}
      </Notice>
    );
  }
  if (!contest) {
    return (
      <Notice
        icon={<IconAlertTriangle size={32} aria-hidden />}
        color="red"
        title={CONTEST_SCREENS.edit.loadError}
        actions={
          <>
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void query.refetch()} loading={query.isFetching}>
              {CONTEST_SCREENS.edit.retry}
            </Button>
            {homeButton}
          </>
        }
      >
        {query.error?.message}
      </Notice>
    );
  }

  return (
    <Container py={{ base: 24, sm: 48 }}>
      <Anchor component={Link} to={paths.proposals(contest.id)} className={classes.back}>
        <IconArrowLeft size={16} aria-hidden /> {CONTESTS.seeProposals}
      </Anchor>
      <Title order={1} mt="xs" mb={{ base: 'lg', sm: 32 }}>
        {EDIT_TITLE}
      </Title>
      <Grid gap={{ base: 'lg', md: 32 }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <EditForm key={contest.id} contest={contest} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <div className={classes.aside}>
            <Summary contest={contest} />
          </div>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
