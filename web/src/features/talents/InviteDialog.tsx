/** « Inviter à un concours »: the organiser's contests that take proposals, each with its invite button. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { COMMON, TALENTS } from '@creadefi/domain';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { inviteTalent, talentKeys, useInvitableContests } from './api';
import { LazyModal } from '../../ui/LazyModal';

const T = TALENTS;

export function InviteDialog({ pseudo, opened, onClose }: { pseudo: string; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const query = useInvitableContests(pseudo, opened);
  const [sending, setSending] = useState<number | null>(null);

  async function invite(idConcours: number) {
    setSending(idConcours);
    try {
      const answer = await inviteTalent(idConcours, pseudo);
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: talentKeys.invitable(pseudo) });
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(null);
    }
  }

  return (
    <LazyModal opened={opened} onClose={onClose} title={T.inviteTitle(pseudo)} radius="lg" centered styles={{ title: { fontWeight: 600, fontSize: 18 } }}>
      {query.isError ? (
        <Alert color="red" variant="light">
          {COMMON.serverError}
        </Alert>
      ) : !query.data ? (
        <Stack gap="sm" aria-hidden>
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{T.inviteNoContest}</Text>
      ) : (
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {T.inviteLead}
          </Text>
          {query.data.map((c) => (
            <Group key={c.idConcours} justify="space-between" wrap="nowrap">
              <Text fw={500} truncate>
                {c.companyName}
              </Text>
              {c.invited ? (
                <Button size="compact-sm" variant="light" color="teal" leftSection={<IconCheck size={14} />} disabled>
                  {T.invited}
                </Button>
              ) : (
                <Button size="compact-sm" leftSection={<IconUserPlus size={14} />} loading={sending === c.idConcours} onClick={() => void invite(c.idConcours)} aria-label={`${T.inviteSend} — ${c.companyName}`}>
                  {T.inviteSend}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </LazyModal>
  );
}
