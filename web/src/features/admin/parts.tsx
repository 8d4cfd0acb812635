/**
 * What every tab of the admin area shares: the pager, the load failure, a labelled fact, and the
 * dialog that asks an admin why before an action that the audit log records.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Group, Pagination, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { DECISION_REASON_MAX, decideReportSchema, ADMIN } from '@creadefi/domain';
import { DialogActions } from '../../ui/DialogActions';
import { ADMIN_PAGE_SIZE } from './api';
import { LazyModal } from '../../ui/LazyModal';

const T = ADMIN.page;

export function Paged({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.ceil(total / ADMIN_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination value={page} onChange={onChange} total={pages} />
    </Group>
  );
}

export function LoadError() {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />}>
      {T.loadError}
    </Alert>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text fz="sm">
      <Text span fw={600}>
        {label}&nbsp;:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** A titled part of a tab, with an action beside its title. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </section>
  );
}

export interface ReasonDialogProps {
  opened: boolean;
  title: string;
  busy: boolean;
  /** The server's refusal of the last try. */
  error?: ReactNode;
  onClose: () => void;
  onSubmit: (reason: string) => void;
  /** What the admin should know before confirming, above the reason. */
  children?: ReactNode;
}

/** Asks for the reason the audit log keeps; the action runs only with one. */
export function ReasonDialog({ opened, title, busy, error, onClose, onSubmit, children }: ReasonDialogProps) {
  return (
    <LazyModal opened={opened} onClose={() => !busy && onClose()} title={title} centered radius="lg" size="md" styles={{ title: { fontWeight: 600 } }}>
      {opened && (
        <ReasonForm busy={busy} error={error} onClose={onClose} onSubmit={onSubmit}>
          {children}
        </ReasonForm>
      )}
    </LazyModal>
  );
}

function ReasonForm({ busy, error, onClose, onSubmit, children }: Omit<ReasonDialogProps, 'opened' | 'title'>) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = decideReportSchema.safeParse({ reason });
        if (!parsed.success) {
          setInvalid(parsed.error.issues[0]?.message ?? null);
          return;
        }
        onSubmit(parsed.data.reason);
      }}
    >
      <Stack gap="md">
        {children}
        <Textarea
          label={T.decisionReason}
          description={T.decisionHint}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={DECISION_REASON_MAX}
          rows={3}
          error={invalid}
          data-autofocus
        />
        <DialogActions error={error} busy={busy} backLabel={T.cancel} onBack={onClose} actionLabel={T.confirm} />
      </Stack>
    </form>
  );
}
