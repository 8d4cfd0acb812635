/**
 * Deleting a contest that was never paid (status 1), after a confirmation. The server has
 * the last word: a payment received meanwhile keeps the contest, and the table then shows it
 * online.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { FOLLOW_UP, type MyContestRow } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { myContestsKeys } from './api';

const F = FOLLOW_UP;

export function DeleteContestButton({ row }: { row: MyContestRow }) {
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 40em)');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.post<never>('/concours/delete', { idConcours: row.id }),
    onSuccess: (answer) => {
      setOpened(false);
      notifySuccess(answer.message ?? F.deleted);
    },
    onError: (error) => {
      setOpened(false);
      notifyError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myContestsKeys.all }),
  });

  return (
    <>
      <Tooltip label={F.deleteContest} withArrow>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={F.deleteContestLabel(row.companyName)} onClick={() => setOpened(true)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={F.deleteTitle} size="md" radius="lg" centered fullScreen={phone} styles={{ title: { fontWeight: 600, fontSize: 18 } }}>
        <Text fw={600} mb={4}>
          {row.companyName}
        </Text>
        <Text c="dimmed" fz="sm">
          {F.deleteExplain}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpened(false)}>
            {F.cancel}
          </Button>
          <Button color="red" leftSection={<IconTrash size={16} />} loading={remove.isPending} onClick={() => remove.mutate()}>
            {F.deleteConfirm}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
