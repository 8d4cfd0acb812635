/**
 * The promo codes of the « Argent » tab (docs/decisions/0006): an admin creates one with the
 * same rules as the API, sees each with its uses, validity and state, and disables one,
 * saying why.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { createPromoCodeSchema, formatDate, formatEuros, parseEurosToCents, type CreatePromoCodeInput, type PromoCodeDto, type PromoCodeState, ADMIN, COMMON } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { useAdminPromoCodes, useCreatePromoCode, useDisablePromoCode } from './api-money';
import { LoadError, ReasonDialog, Section } from './parts';

const M = ADMIN.money;

export function PromoCodesSection() {
  const query = useAdminPromoCodes();
  const disable = useDisablePromoCode();
  const [disabling, setDisabling] = useState<PromoCodeDto | null>(null);
  return (
    <Section title={M.promoTitle}>
      <Stack gap="md">
        <CreatePromoForm />
        {query.isPending ? (
          <Skeleton height={120} radius="md" />
        ) : query.isError ? (
          <LoadError />
        ) : query.data.length === 0 ? (
          <Text c="dimmed">{M.noPromoCodes}</Text>
        ) : (
          <PromoTable codes={query.data} onDisable={setDisabling} />
        )}
      </Stack>
      <ReasonDialog
        opened={disabling !== null}
        title={M.disableTitle}
        busy={disable.isPending}
        onClose={() => setDisabling(null)}
        onSubmit={(reason) => disabling && disable.mutate({ id: disabling.id, reason }, { onSettled: () => setDisabling(null) })}
      >
        {disabling && (
          <Text fz="sm">
            <Text span fw={600}>
              {disabling.code}
            </Text>{' '}
            — {M.disableHint}
          </Text>
        )}
      </ReasonDialog>
    </Section>
  );
}

const STATE_COLOURS: Record<PromoCodeState, string> = { usable: 'green', notYet: 'blue', expired: 'gray', usedUp: 'orange', disabled: 'red' };

function discountOf(code: PromoCodeDto): string {
  return code.percentOff ? `${code.percentOff}\u00a0%` : formatEuros(code.amountOffCents ?? 0);
}

/** validUntil is the first instant the code no longer works: the day before is its last. */
function validityOf(code: PromoCodeDto): string {
  return code.validUntil ? M.promoUntil(formatDate(new Date(code.validUntil).getTime() - 1)) : M.promoNoEnd;
}

function PromoTable({ codes, onDisable }: { codes: PromoCodeDto[]; onDisable: (code: PromoCodeDto) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.promoCode}</Table.Th>
            <Table.Th>{M.promoDiscount}</Table.Th>
            <Table.Th>{M.promoUses}</Table.Th>
            <Table.Th>{M.promoValidity}</Table.Th>
            <Table.Th>{M.promoState}</Table.Th>
            <Table.Th aria-label={M.disable} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codes.map((code) => (
            <Table.Tr key={code.id} data-testid={`promo-${code.code}`}>
              <Table.Td fw={600}>{code.code}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{discountOf(code)}</Table.Td>
              <Table.Td>{M.promoUsesOf(code.uses, code.maxUses)}</Table.Td>
              <Table.Td>{validityOf(code)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATE_COLOURS[code.state]}>
                  {M.promoStates[code.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {code.state !== 'disabled' && (
                  <Button size="xs" variant="light" color="red" onClick={() => onDisable(code)} aria-label={`${M.disable} ${code.code}`}>
                    {M.disable}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface FormValues {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  validUntil: string;
  maxUses: string;
}
type FormErrors = Partial<Record<keyof FormValues, string>>;

const EMPTY: FormValues = { code: '', kind: 'percent', value: '', validUntil: '', maxUses: '' };

/** What a person typed, read as the API's payload; then the API's own rules (createPromoCodeSchema). */
export function readPromoForm(values: FormValues): { input: CreatePromoCodeInput } | { errors: FormErrors } {
  const errors: FormErrors = {};
  let percentOff: number | null = null;
  let amountOffCents: number | null = null;
  if (values.kind === 'percent') {
    percentOff = /^\s*\d{1,3}\s*$/.test(values.value) ? Number(values.value) : NaN;
    if (!(percentOff >= 1 && percentOff <= 100)) errors.value = M.promoPercentInvalid;
  } else {
    amountOffCents = parseEurosToCents(values.value);
    if (!amountOffCents) errors.value = M.promoAmountInvalid;
  }
  let validUntil: string | null = null;
  if (values.validUntil.trim() !== '') {
    const end = dayAfter(values.validUntil);
    if (end) validUntil = end.toISOString();
    else errors.validUntil = M.promoDateInvalid;
  }
  let maxUses: number | null = null;
  if (values.maxUses.trim() !== '') {
    maxUses = /^\s*\d+\s*$/.test(values.maxUses) ? Number(values.maxUses) : NaN;
    if (!(maxUses >= 1)) errors.maxUses = M.promoMaxUsesInvalid;
  }
  const parsed = createPromoCodeSchema.safeParse({ code: values.code, percentOff, amountOffCents, validUntil, maxUses });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(String(issue.path[0] ?? ''));
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { input: parsed.data };
}

/** The last day of validity typed dd/mm/yyyy is included: the code stops at the next midnight, here. */
function dayAfter(typed: string): Date | null {
  const parts = /^\s*(\d{2})\/(\d{2})\/(\d{4})\s*$/.exec(typed);
  if (!parts) return null;
  const [day, month, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const last = new Date(year, month - 1, day);
  // 31/02 is no date, however Date rolls it over.
  if (last.getFullYear() !== year || last.getMonth() !== month - 1 || last.getDate() !== day) return null;
  return new Date(year, month - 1, day + 1);
}

function fieldOf(apiField: string): keyof FormValues {
  if (apiField === 'percentOff' || apiField === 'amountOffCents') return 'value';
  if (apiField === 'validUntil' || apiField === 'maxUses') return apiField;
  return 'code';
}

function CreatePromoForm() {
  const create = useCreatePromoCode();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (key: keyof FormValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  return (
    <Card withBorder radius="md" padding="md">
      <form
        noValidate
        aria-label={M.promoCreateTitle}
        onSubmit={(event) => {
          event.preventDefault();
          setRefusal(null);
          const read = readPromoForm(values);
          if ('errors' in read) {
            setErrors(read.errors);
            return;
          }
          create.mutate(read.input, {
            onSuccess: () => {
              setValues(EMPTY);
              setErrors({});
            },
            onError: (error) => {
              const fields = error instanceof ApiError ? error.fields : {};
              const mapped: FormErrors = {};
              for (const [key, message] of Object.entries(fields)) mapped[fieldOf(key)] ??= message;
              setErrors(mapped);
              if (Object.keys(mapped).length === 0) setRefusal(error instanceof Error ? error.message : COMMON.serverError);
            },
          });
        }}
      >
        <Stack gap="sm">
          <Text fw={600}>{M.promoCreateTitle}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={M.promoCode} required value={values.code} onChange={(e) => set('code')(e.currentTarget.value)} error={errors.code} autoComplete="off" />
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="promo-kind">
                {M.promoKind}
              </Text>
              <SegmentedControl
                aria-labelledby="promo-kind"
                value={values.kind}
                onChange={(kind) => {
                  // 20 % is not 20 €: the figure is typed again.
                  setValues((v) => ({ ...v, kind: kind as FormValues['kind'], value: '' }));
                  setErrors((e) => ({ ...e, value: undefined }));
                }}
                data={[
                  { value: 'percent', label: M.promoPercent },
                  { value: 'amount', label: M.promoAmount },
                ]}
              />
            </Stack>
            <TextInput
              label={values.kind === 'percent' ? M.promoPercentLabel : M.promoAmountLabel}
              required
              inputMode="decimal"
              value={values.value}
              onChange={(e) => set('value')(e.currentTarget.value)}
              error={errors.value}
            />
            <TextInput
              label={M.promoValidUntil}
              description={M.promoOptional}
              placeholder={M.promoDatePlaceholder}
              value={values.validUntil}
              onChange={(e) => set('validUntil')(e.currentTarget.value)}
              error={errors.validUntil}
            />
            <TextInput
              label={M.promoMaxUses}
              description={M.promoOptional}
              inputMode="numeric"
              value={values.maxUses}
              onChange={(e) => set('maxUses')(e.currentTarget.value)}
              error={errors.maxUses}
            />
          </SimpleGrid>
          {refusal && <Alert color="red">{refusal}</Alert>}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {M.promoCreate}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
