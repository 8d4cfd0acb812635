/**
 * Status and coordinates, "Mes coordonnées" (docs/product.md §8 and §11): what the payment provider
 * needs to open the account and the wallet (ownerId, payerId) that creating or joining a
 * contest requires. Pages that send the member here pass a warning to show and, in `from`,
 * where to return once the form is saved.
 */
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/fr';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Checkbox, Container, Group, Radio, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { BENEFICIARY_STATUS_LABELS, LEGAL_STATUS_LABELS, FIELD_LABELS, STATUT_LABELS, isTvaRequired, isValidSiret, isValidTva, type PublicUser, type StatutDto, type StatutInput, PROFILE, PROFILE_SCREENS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { PageLoader } from '../../ui/PageLoader';
import { useSession } from '../../app/session';
import { readStatut, saveStatut, statutKey } from './status/api';
import { Beneficiaries } from './status/Beneficiaries';
import { beneficiariesFor, initialValues, isFormPath, shownError, statutResolver, visibility, type StatutForm } from './status/form';
import { BirthdayInput, CountrySelect } from './status/inputs';
import classes from './status/status.module.css';

const P = PROFILE;

/** Where to go back after saving: a path, or a location with its own navigation state. */
type StatusReturn = string | { pathname: string; search?: string; state?: unknown };

export interface StatusPageState {
  warning?: string;
  from?: StatusReturn;
}

const STATUT_HINTS = PROFILE_SCREENS.statutHints;

export default function StatusPage() {
  const { user } = useSession();
  const location = useLocation();
  const pageState = (location.state as StatusPageState | null) ?? {};
  const statut = useQuery({ queryKey: statutKey, queryFn: ({ signal }) => readStatut(signal) });

  return (
    <div className={classes.page}>
      <Container size="md">
        <header className={classes.header}>
          <Title order={1} className={classes.title}>
            {PROFILE_SCREENS.title}
          </Title>
          <Text c="dimmed" mt={6} maw={640}>
            {PROFILE_SCREENS.intro}
          </Text>
        </header>
        {pageState.warning && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} mb="lg" role="alert" className={classes.warning}>
            {pageState.warning}
          </Alert>
        )}
        {statut.isPending ? (
          <PageLoader />
        ) : statut.isError ? (
          <Alert color="red" variant="light" role="alert">
            {statut.error.message}
            <Button variant="subtle" color="red" size="compact-sm" ml="sm" onClick={() => void statut.refetch()}>
              {PROFILE_SCREENS.retry}
            </Button>
          </Alert>
        ) : (
          <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
            <StatusForm saved={statut.data} user={user} from={pageState.from} />
          </DatesProvider>
        )}
      </Container>
    </div>
  );
}

/** The live verdict under the label; once the field shows its error, the hint says only where to look. */
function SiretHint({ value, errorShown }: { value: string; errorShown: boolean }) {
  const digits = value.replace(/\s/g, '');
  if (!digits || errorShown) return <>{PROFILE_SCREENS.siretHint}</>;
  if (isValidSiret(digits))
    return (
      <span className={classes.valid}>
        <IconCircleCheck size={14} /> {PROFILE_SCREENS.siretValid}
      </span>
    );
  if (digits.length < 14) return <>{PROFILE_SCREENS.siretDigits(digits.length)}</>;
  return <span className={classes.invalid}>{P.siretInvalid}</span>;
}

function TvaHint({ value }: { value: string }) {
  if (!value.trim()) return <>{PROFILE_SCREENS.tvaExample}</>;
  if (isValidTva(value))
    return (
      <span className={classes.valid}>
        <IconCircleCheck size={14} /> {PROFILE_SCREENS.tvaValid}
      </span>
    );
  return <>{PROFILE_SCREENS.tvaHint}</>;
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section className={classes.section} aria-label={title}>
      <Title order={2} className={classes.sectionTitle}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
      <div className={classes.sectionBody}>{children}</div>
    </section>
  );
}

function StatusForm({ saved, user, from }: { saved: StatutDto | null; user: PublicUser | null; from?: StatusReturn }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<StatutForm, unknown, StatutInput>({
    resolver: statutResolver,
    defaultValues: initialValues(saved, user),
    shouldFocusError: true,
  });
  const list = useFieldArray({ control, name: 'beneficiaires' });
  const [statut, numSiret, numTVA, regimeTVA] = useWatch({ control, name: ['statut', 'numSiret', 'numTVA', 'regimeTVA'] });
  const siretError = shownError(errors.numSiret?.message, numSiret);
  const show = visibility(statut);

  function changeStatut(next: number) {
    setValue('statut', next);
    // docs/product.md §11: a new statut starts a new list of beneficiaries.
    list.replace(beneficiariesFor(next));
    clearErrors();
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await saveStatut(values);
      notifySuccess(answer.message ?? P.statusSaved);
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: statutKey })]);
      if (from) {
        if (typeof from === 'string') navigate(from);
        else navigate({ pathname: from.pathname, search: from.search }, { state: from.state });
      }
    } catch (error) {
      let shown = false;
      if (error instanceof ApiError) {
        for (const [key, message] of Object.entries(error.fields)) {
          if (!isFormPath(key)) continue;
          setError(key as keyof StatutForm, { type: 'server', message }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) notifyError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} />} className={classes.hint}>
          {P.statusHint}
        </Alert>

        <Section title={PROFILE_SCREENS.statutTitle}>
          <Controller
            control={control}
            name="statut"
            render={({ field }) => (
              <Radio.Group value={String(field.value)} onChange={(v) => changeStatut(Number(v))} aria-label={PROFILE_SCREENS.statutTitle} error={errors.statut?.message}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {STATUT_LABELS.map((label, value) => (
                    <Radio.Card key={label} value={String(value)} radius="md" className={classes.statutCard}>
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator color="orange" mt={2} />
                        <div>
                          <Text fw={600} lh={1.3}>
                            {label}
                          </Text>
                          <Text size="sm" c="dimmed" mt={2}>
                            {STATUT_HINTS[value]}
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
            )}
          />
        </Section>

        <Section
          title={show.company ? PROFILE_SCREENS.representative : PROFILE_SCREENS.yourInfo}
          description={show.company ? PROFILE_SCREENS.representativeHint : PROFILE_SCREENS.yourInfoHint}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label={FIELD_LABELS.firstName} required autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
            <TextInput label={FIELD_LABELS.lastName} required autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
            <Controller
              control={control}
              name="birthday"
              render={({ field }) => (
                <BirthdayInput
                  label={FIELD_LABELS.birthday}
                  required
                  adult
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={shownError(errors.birthday?.message, field.value)}
                />
              )}
            />
            <Controller
              control={control}
              name="nationality"
              render={({ field }) => (
                <CountrySelect
                  label={FIELD_LABELS.nationality}
                  required
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={shownError(errors.nationality?.message, field.value)}
                />
              )}
            />
          </SimpleGrid>
        </Section>

        <Section title={PROFILE_SCREENS.addressTitle} description={show.company ? PROFILE_SCREENS.companyAddressHint : PROFILE_SCREENS.homeAddressHint}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label={FIELD_LABELS.address} required autoComplete="street-address" className={classes.span2} error={errors.address?.message} {...register('address')} />
            <TextInput label={FIELD_LABELS.zip} required autoComplete="postal-code" error={errors.zip?.message} {...register('zip')} />
            <TextInput label={FIELD_LABELS.city} required autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
            <Controller
              control={control}
              name="country"
              render={({ field }) => (
                <CountrySelect
                  label={FIELD_LABELS.country}
                  required
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={shownError(errors.country?.message, field.value)}
                />
              )}
            />
          </SimpleGrid>
        </Section>

        {show.company && (
          <Section title={PROFILE_SCREENS.companyTitle}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput label={FIELD_LABELS.socialReason} required autoComplete="organization" error={errors.socialReason?.message} {...register('socialReason')} />
              {show.legalStatus && (
                <Controller
                  control={control}
                  name="legalStatus"
                  render={({ field }) => (
                    <Select
                      label={FIELD_LABELS.legalStatus}
                      required
                      placeholder={PROFILE_SCREENS.choose}
                      allowDeselect={false}
                      data={LEGAL_STATUS_LABELS.map((label, value) => ({ value: String(value), label }))}
                      value={field.value === null ? null : String(field.value)}
                      onChange={(v) => field.onChange(v === null ? null : Number(v))}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={errors.legalStatus?.message}
                    />
                  )}
                />
              )}
              {show.countryCompany && (
                <Controller
                  control={control}
                  name="countryCompany"
                  render={({ field }) => (
                    <CountrySelect
                      label={FIELD_LABELS.countryCompany}
                      required
                      value={field.value || null}
                      onChange={(v) => field.onChange(v)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={shownError(errors.countryCompany?.message, field.value)}
                    />
                  )}
                />
              )}
              {show.siret && (
                <TextInput
                  label={FIELD_LABELS.numSiret}
                  required
                  inputMode="numeric"
                  maxLength={20}
                  description={<SiretHint value={numSiret} errorShown={Boolean(siretError)} />}
                  error={siretError}
                  {...register('numSiret')}
                />
              )}
              <TextInput
                label={FIELD_LABELS.numTVA}
                required={isTvaRequired(statut, regimeTVA)}
                maxLength={20}
                description={<TvaHint value={numTVA} />}
                error={shownError(errors.numTVA?.message, numTVA)}
                {...register('numTVA')}
              />
            </SimpleGrid>
            {show.regimeTVA && (
              <Switch
                mt="lg"
                color="orange"
                label={FIELD_LABELS.regimeTVA}
                description={PROFILE_SCREENS.vatFranchiseHint}
                {...register('regimeTVA')}
              />
            )}
          </Section>
        )}

        {show.beneficiaries && (
          <Section
            title={FIELD_LABELS.beneficiaires}
            description={PROFILE_SCREENS.beneficiariesHint}
          >
            <Stack gap="lg">
              <Controller
                control={control}
                name="statutBeneficiaire"
                render={({ field }) => (
                  <Select
                    label={PROFILE_SCREENS.situation}
                    placeholder={PROFILE_SCREENS.choose}
                    allowDeselect={false}
                    data={BENEFICIARY_STATUS_LABELS.map((label, value) => ({ value: String(value), label }))}
                    value={field.value === null ? null : String(field.value)}
                    onChange={(v) => field.onChange(v === null ? null : Number(v))}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.statutBeneficiaire?.message}
                    maw={460}
                  />
                )}
              />
              <Beneficiaries control={control} register={register} errors={errors} statut={statut} list={list} />
            </Stack>
          </Section>
        )}

        <section className={classes.submit}>
          <Checkbox label={P.certificationLabel} error={errors.certified?.message} {...register('certified')} />
          <Group justify="space-between" mt="lg" gap="md" className={classes.submitRow}>
            <Group gap={6} wrap="nowrap" className={classes.secure}>
              <IconLock size={16} aria-hidden />
              <Text size="sm">{PROFILE_SCREENS.encrypted}</Text>
            </Group>
            <Button type="submit" size="md" variant="gradient" loading={isSubmitting} className={classes.saveButton}>
              {PROFILE_SCREENS.save}
            </Button>
          </Group>
        </section>
      </Stack>
    </form>
  );
}
