/** Where a proposal file's marked preview stands, when it cannot be shown yet or at all. */
import { Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PREVIEWS } from '@creadefi/domain';

const PV = PREVIEWS;

export function PreviewNotice({ status, compact = false }: { status: 'pending' | 'failed'; compact?: boolean }) {
  const pending = status === 'pending';
  return (
    <Stack align="center" justify="center" gap={4} h="100%" p={compact ? 4 : 'lg'} ta="center" role="status" data-preview-status={status}>
      {pending ? <Loader color="orange" type="dots" size={compact ? 'sm' : 'md'} /> : <IconAlertTriangle size={compact ? 22 : 36} color="#e8590c" aria-hidden />}
      <Text fz={compact ? 'xs' : 'md'} fw={600}>
        {pending ? PV.pending : PV.failedShort}
      </Text>
      {!compact && (
        <Text fz="sm" c="dimmed" maw={420}>
          {pending ? PV.pendingLead : PV.failedLead}
        </Text>
      )}
    </Stack>
  );
}
