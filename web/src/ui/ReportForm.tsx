/**
 * The report dialog's form (ReportDialog.tsx): the reasons, the limit and the rule that « Autre »
 * needs a text come from `reportSchema`; the server checks them again. Loaded when the dialog
 * first opens, with the validation library.
 */
import { useState } from 'react';
import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { PARTICIPATIONS, REPORT_REASONS, REPORT_TEXT_MAX, reportSchema, type ReportInput, type ReportReason } from '@creadefi/domain';

const P = PARTICIPATIONS;

export interface ReportFormProps {
  busy: boolean;
  onClose: () => void;
  onSubmit: (input: ReportInput) => void;
}

export default function ReportForm({ busy, onClose, onSubmit }: ReportFormProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    if (!reason) return;
    const parsed = reportSchema.safeParse({ reason, text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? P.reportTextRequired);
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  }

  return (
    <Stack gap="md">
      <Radio.Group label={P.reportReasonTitle} value={reason} onChange={(v) => setReason(v as ReportReason)}>
        <Stack gap="xs" mt="xs">
          {REPORT_REASONS.map((r) => (
            <Radio key={r} value={r} label={P.reportReasons[r]} />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        label={P.reportTextLabel}
        description={reason === 'other' ? undefined : P.reportTextOptional}
        required={reason === 'other'}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={REPORT_TEXT_MAX}
        autosize
        minRows={3}
        error={error}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="subtle" color="ink.7" onClick={onClose} disabled={busy}>
          {P.reportCancel}
        </Button>
        <Button color="red" onClick={submit} loading={busy} disabled={!reason} leftSection={<IconFlag size={16} />}>
          {P.reportSend}
        </Button>
      </Group>
    </Stack>
  );
}
