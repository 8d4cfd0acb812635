/** The audit log: every admin action, who, when, what and why, newest first. */
import { useState } from 'react';
import { Skeleton, Table, Text } from '@mantine/core';
import { formatDate, type AdminActionDto, ADMIN } from '@creadefi/domain';
import { useAdminActions } from './api';
import { LoadError, Paged } from './parts';

const T = ADMIN.page;

export function JournalTab() {
  const [page, setPage] = useState(1);
  const query = useAdminActions(page);
  if (query.isPending) return <Skeleton height={160} radius="md" />;
  if (query.isError) return <LoadError />;
  const { actions, total } = query.data;
  if (actions.length === 0) return <Text c="dimmed">{T.noActions}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.when}</Table.Th>
              <Table.Th>{T.admin}</Table.Th>
              <Table.Th>{T.action}</Table.Th>
              <Table.Th>{T.target}</Table.Th>
              <Table.Th>{T.decision}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {actions.map((a) => (
              <JournalRow key={a.id} action={a} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Paged page={page} total={total} onChange={setPage} />
    </>
  );
}

function JournalRow({ action }: { action: AdminActionDto }) {
  return (
    <Table.Tr>
      <Table.Td>{formatDate(action.createdAt)}</Table.Td>
      <Table.Td>{action.admin.pseudo}</Table.Td>
      <Table.Td>{T.actions[action.action]}</Table.Td>
      <Table.Td>
        {T.targets[action.targetType] ?? action.targetType} n° {action.targetId}
      </Table.Td>
      <Table.Td>{action.reason ?? '—'}</Table.Td>
    </Table.Tr>
  );
}
