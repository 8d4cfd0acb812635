/**
 * Bank details (docs/product.md §3): the holder's name and the IBAN, both required. The IBAN is
 * shown in groups of four and checked (country length and mod-97 key) as it is typed, with
 * the same rule the server applies. A refusal is shown once: beside its field when it has
 * one, in the alert otherwise.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheckFilled, IconLock } from '@tabler/icons-react';
import { bankDetailsSchema, formatIban, isValidIban, normaliseIban, WALLET, type WalletDto, COMMON, PROFILE_SCREENS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { notifySuccess } from '../../ui/feedback';
import { PROFILE_TEXTS as T } from '@creadefi/domain';
import { saveBankDetails, walletKey } from './api';
import { LazyModal } from '../../ui/LazyModal';

/** Below this many characters an IBAN is still being typed: no verdict yet, unless the field was left. */
const VERDICT_FROM = 15;

export interface BankDetailsDialogProps {
  opened: boolean;
  current: WalletDto['bankAccount'];
  /** The account holder's usual name, offered when no account is saved yet. */
  defaultHolder?: string;
  /** Shown above the fields, e.g. why the dialog opened before a transfer. */
  notice?: string | null;
  onClose: () => void;
  onSaved?: () => void;
}

function ibanError(value: string, left: boolean): string | null {
  const iban = normaliseIban(value);
  if (!iban) return null;
  if (!left && iban.length < VERDICT_FROM) return null;
  return isValidIban(iban) ? null : WALLET.ibanInvalid;
}

/** The first refusal of each field, by the field it names. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): { name?: string; iban?: string } {
  const out: { name?: string; iban?: string } = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if ((key === 'name' || key === 'iban') && !out[key]) out[key] = issue.message;
  }
  return out;
}

export function BankDetailsDialog({ opened, current, defaultHolder = '', notice, onClose, onSaved }: BankDetailsDialogProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(current?.name ?? defaultHolder);
  const [iban, setIban] = useState('');
  const [ibanLeft, setIbanLeft] = useState(false);
  const [error, setError] = useState<{ text: string; needsStatus: boolean } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; iban?: string }>({});
  const [busy, setBusy] = useState(false);

  const valid = isValidIban(iban);
  // The live verdict replaces the one of the last attempt as soon as the IBAN changes.
  const ibanShown = fieldErrors.iban ?? ibanError(iban, ibanLeft);

  async function submit() {
    if (busy) return;
    const parsed = bankDetailsSchema.safeParse({ name, iban });
    if (!parsed.success) {
      setIbanLeft(true);
      setError(null);
      setFieldErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const answer = await saveBankDetails(parsed.data);
      notifySuccess(answer.message ?? WALLET.bankSaved);
      queryClient.setQueryData<WalletDto>(walletKey, (wallet) => (wallet && answer.results ? { ...wallet, bankAccount: answer.results.bankAccount } : wallet));
      void queryClient.invalidateQueries({ queryKey: walletKey });
      setIban('');
      setIbanLeft(false);
      onSaved?.();
    } catch (failure) {
      const fields = failure instanceof ApiError ? fieldErrorsOf(Object.entries(failure.fields).map(([key, message]) => ({ path: [key], message }))) : {};
      if (fields.name || fields.iban) {
        setFieldErrors(fields);
        return;
      }
      const text = failure instanceof ApiError ? failure.message : COMMON.serverError;
      setError({ text, needsStatus: text === WALLET.statusRequired });
    } finally {
      setBusy(false);
    }
  }

  return (
    <LazyModal opened={opened} onClose={() => !busy && onClose()} title={WALLET.bankTitle} size="md" radius="lg" centered styles={{ title: { fontWeight: 600, fontSize: 19 } }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {notice && (
            <Alert color="orange" variant="light">
              {notice}
            </Alert>
          )}
          {current && (
            <Text fz="sm" c="dimmed">
              {T.bankSaved}&nbsp;: <strong style={{ letterSpacing: '0.04em' }}>{current.iban}</strong>. {T.bankReplaceHint}
            </Text>
          )}
          <TextInput
            label={WALLET.holderLabel}
            required
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setFieldErrors((f) => ({ ...f, name: undefined }));
            }}
            error={fieldErrors.name}
            autoComplete="name"
            maxLength={120}
            data-autofocus={current || !name ? true : undefined}
          />
          <TextInput
            label={WALLET.ibanLabel}
            required
            value={iban}
            onChange={(event) => {
              setIban(formatIban(event.currentTarget.value).slice(0, 42));
              setFieldErrors((f) => ({ ...f, iban: undefined }));
            }}
            onBlur={() => setIbanLeft(true)}
            data-autofocus={!current && name ? true : undefined}
            error={ibanShown}
            placeholder={PROFILE_SCREENS.ibanPlaceholder}
            autoComplete="off"
            spellCheck={false}
            inputMode="text"
            styles={{ input: { fontVariantNumeric: 'tabular-nums', letterSpacing: '0.04em', textTransform: 'uppercase' } }}
            rightSection={valid ? <IconCircleCheckFilled size={18} color="var(--mantine-color-teal-6)" aria-label={T.ibanOk} /> : null}
          />
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconLock size={14} aria-hidden />
            <Text fz="xs">{T.bankSecure}</Text>
          </Group>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error.text}
              {error.needsStatus && (
                <Button component={Link} to={paths.status} state={{ from: paths.profile }} size="compact-sm" variant="subtle" ml="xs">
                  {T.completeStatus}
                </Button>
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" color="ink.7" onClick={onClose} disabled={busy}>
              {T.cancel}
            </Button>
            <Button type="submit" variant="gradient" loading={busy}>
              {T.validate}
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
}
