/**
 * The organiser's choice of finalists (docs/product.md §2 "Manche qualificative et finale"):
 * once the qualifying period is over, up to six proposals are chosen, then the final round is
 * started. The server holds the rules (six at most, only at that moment); the panel shows them.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconFlag } from '@tabler/icons-react';
import { CONTEST_STATUS, MAX_FINALISTS, type ParticipationDto, type ProposalsPage, FORMATS } from '@creadefi/domain';
import { api } from '../../api/client';
import { CONTESTS_KEY } from '../../api/contest';
import { notifyError, notifySuccess } from '../../ui/feedback';

const F = FORMATS;

function useFinalistCalls(idConcours: number) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['proposals', idConcours] }), queryClient.invalidateQueries({ queryKey: CONTESTS_KEY })]);
  const done = {
    onSuccess: (answer: { message?: string }) => {
      notifySuccess(answer.message);
      return refresh();
    },
    onError: notifyError,
  };
  const toggle = useMutation({
    mutationFn: ({ id, finalist }: { id: number; finalist: boolean }) => api.post<{ finalists: number }>(`/concours/finalist/${finalist ? 'add' : 'delete'}`, { idConcours, idParticipation: id }),
    ...done,
  });
  const start = useMutation({ mutationFn: () => api.post<{ endDate: string }>(`/concours/${idConcours}/finale`), ...done });
  return { toggle, start };
}

export function FinalistsPanel({ concours, proposals }: { concours: ProposalsPage['concours']; proposals: ParticipationDto[] }) {
  const { toggle, start } = useFinalistCalls(concours.id);
  if (!concours.hasFinalRound) return null;
  if (concours.finalRoundStartedAt) {
    return (
      <Alert color="orange" variant="light" icon={<IconFlag size={20} />} mb="lg" role="status">
        {F.finalRoundStarted}
      </Alert>
    );
  }
  if (concours.status !== CONTEST_STATUS.awaitingWinner) return null;
  const full = concours.finalists >= MAX_FINALISTS;
  return (
    <Paper withBorder radius="lg" p="lg" mb="lg" component="section" aria-labelledby="finalists-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="finalists-title">
            {F.finalistsTitle}
          </Title>
          <Badge color={full ? 'orange' : 'gray'} variant="light" aria-live="polite">
            {F.finalistsCount(concours.finalists)}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {F.finalistsIntro}
        </Text>
        <Stack gap={6}>
          {proposals.map((p) => (
            <Group key={p.id} justify="space-between" wrap="wrap" gap={6}>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {F.proposalOf(p.number ?? 0, p.participant.pseudo)}
              </Text>
              <Button
                size="compact-sm"
                variant={p.isFinalist ? 'filled' : 'light'}
                color="orange"
                disabled={!p.isFinalist && full}
                loading={toggle.isPending && toggle.variables?.id === p.id}
                onClick={() => toggle.mutate({ id: p.id, finalist: !p.isFinalist })}
                aria-label={`${p.isFinalist ? F.removeFinalist : F.addFinalist} · ${F.proposalOf(p.number ?? 0, p.participant.pseudo)}`}
              >
                {p.isFinalist ? F.removeFinalist : F.addFinalist}
              </Button>
            </Group>
          ))}
        </Stack>
        <Button variant="gradient" disabled={concours.finalists === 0} loading={start.isPending} onClick={() => start.mutate()} leftSection={<IconFlag size={16} />}>
          {F.startFinalRound}
        </Button>
      </Stack>
    </Paper>
  );
}
