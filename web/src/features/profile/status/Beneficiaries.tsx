/**
 * Beneficial owners of a company (docs/product.md §8 and §11): one blank entry to start with for statut 1
 * and 2, none for 3, and at most MAX_EXTRA_BENEFICIARIES more.
 */
import { Controller, type Control, type FieldErrors, type UseFieldArrayReturn, type UseFormRegister } from 'react-hook-form';
import { Button, Checkbox, CloseButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FIELD_LABELS, MAX_EXTRA_BENEFICIARIES, type StatutInput, PROFILE_SCREENS } from '@creadefi/domain';
import { baselineBeneficiaries, blankBeneficiary, shownError, type StatutForm } from './form';
import { BirthdayInput, CountrySelect } from './inputs';
import classes from './status.module.css';

interface BeneficiariesProps {
  control: Control<StatutForm, unknown, StatutInput>;
  register: UseFormRegister<StatutForm>;
  errors: FieldErrors<StatutForm>;
  statut: number;
  /** The page owns the list, because changing the statut replaces it. */
  list: UseFieldArrayReturn<StatutForm, 'beneficiaires'>;
}

export function Beneficiaries({ control, register, errors, statut, list }: BeneficiariesProps) {
  const { fields, append, remove } = list;
  const baseline = baselineBeneficiaries(statut);
  const max = baseline + MAX_EXTRA_BENEFICIARIES;
  const listError = errors.beneficiaires?.message ?? errors.beneficiaires?.root?.message;

  return (
    <Stack gap="md">
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {PROFILE_SCREENS.noBeneficiary}
        </Text>
      )}
      {fields.map((field, index) => {
        const e = errors.beneficiaires?.[index];
        // Statut 1 and 2 need at least one beneficiary: the last one stays.
        const removable = fields.length > baseline || baseline === 0;
        return (
          <fieldset key={field.id} className={classes.beneficiary} aria-label={PROFILE_SCREENS.beneficiary(index + 1)}>
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <Text className={classes.beneficiaryTitle} aria-hidden>
                {PROFILE_SCREENS.beneficiary(index + 1)}
              </Text>
              {removable && <CloseButton aria-label={PROFILE_SCREENS.removeBeneficiary(index + 1)} onClick={() => remove(index)} />}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput label={FIELD_LABELS.firstName} required autoComplete="off" error={e?.firstName?.message} {...register(`beneficiaires.${index}.firstName`)} />
              <TextInput label={FIELD_LABELS.lastName} required autoComplete="off" error={e?.lastName?.message} {...register(`beneficiaires.${index}.lastName`)} />
              <Controller
                control={control}
                name={`beneficiaires.${index}.birthday`}
                render={({ field: f }) => (
                  <BirthdayInput label={FIELD_LABELS.birthday} required value={f.value} onChange={f.onChange} onBlur={f.onBlur} error={shownError(e?.birthday?.message, f.value)} />
                )}
              />
              <Controller
                control={control}
                name={`beneficiaires.${index}.nationality`}
                render={({ field: f }) => (
                  <CountrySelect label={FIELD_LABELS.nationality} required value={f.value || null} onChange={(v) => f.onChange(v ?? '')} onBlur={f.onBlur} error={shownError(e?.nationality?.message, f.value)} />
                )}
              />
              <TextInput label={FIELD_LABELS.address} required className={classes.span2} error={e?.address?.message} {...register(`beneficiaires.${index}.address`)} />
              <TextInput label={FIELD_LABELS.zip} required error={e?.zip?.message} {...register(`beneficiaires.${index}.zip`)} />
              <TextInput label={FIELD_LABELS.city} required error={e?.city?.message} {...register(`beneficiaires.${index}.city`)} />
              <Controller
                control={control}
                name={`beneficiaires.${index}.country`}
                render={({ field: f }) => (
                  <CountrySelect label={PROFILE_SCREENS.residenceCountry} required value={f.value || null} onChange={(v) => f.onChange(v ?? '')} onBlur={f.onBlur} error={shownError(e?.country?.message, f.value)} />
                )}
              />
            </SimpleGrid>
            <Checkbox mt="md" label={FIELD_LABELS.isGerant} {...register(`beneficiaires.${index}.isGerant`)} />
          </fieldset>
        );
      })}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group gap="sm">
        <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => append(blankBeneficiary())} disabled={fields.length >= max}>
          {PROFILE_SCREENS.addBeneficiary}
        </Button>
        {fields.length >= max && (
          <Text size="sm" c="dimmed">
            {PROFILE_SCREENS.maxBeneficiaries(MAX_EXTRA_BENEFICIARIES)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
