/**
 * The organiser's polls of a contest, beside the winners: « Créer un sondage » over 2 to 8 of
 * the proposals shown (those with an image), and each poll's link to its results.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { POLL_MAX_PROPOSALS, formatDate, webPaths, type ParticipationDto, COMMON, TALENTS } from '@creadefi/domain';
import { ApiError, api } from '../../api/client';
import { notifySuccess } from '../../ui/feedback';
import { AuthorisedImage } from '../../ui/AuthorisedImage';
import { pollsQuery } from './api';
import classes from './proposals.module.css';
import { LazyModal } from '../../ui/LazyModal';

const T = TALENTS;

export function PollsPanel({ idConcours, proposals }: { idConcours: number; proposals: ParticipationDto[] }) {
  const queryClient = useQueryClient();
  const polls = useQuery(pollsQuery(idConcours));
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const choices = proposals.filter((p) => p.fileParticipants.some((f) => f.preview));

  const toggle = (id: number) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : now.length < POLL_MAX_PROPOSALS ? [...now, id] : now));

  async function create() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ token: string }>(`/concours/${idConcours}/polls`, { participations: chosen });
      notifySuccess(answer.message);
      setCreated(answer.results!.token);
      setChosen([]);
      void queryClient.invalidateQueries({ queryKey: pollsQuery(idConcours).queryKey });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : COMMON.serverError);
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    setOpened(false);
    setCreated(null);
    setError(null);
  };

  return (
    <section className={classes.pollsPanel} aria-labelledby="polls-title">
      <Group justify="space-between" mb="xs">
        <Text id="polls-title" fw={600}>
          {T.pollList}
        </Text>
        <Button size="compact-sm" variant="light" leftSection={<IconChartBar size={14} />} onClick={() => setOpened(true)} disabled={choices.length < 2}>
          {T.pollCreate}
        </Button>
      </Group>
      {polls.data && polls.data.length > 0 && (
        <Stack gap={4}>
          {polls.data.map((poll) => (
            <Anchor key={poll.token} component={Link} to={webPaths.pollResults(poll.token)} fz="sm">
              {T.pollCreatedOn(formatDate(poll.createdAt))} · {T.pollVotes(poll.votes)}
            </Anchor>
          ))}
        </Stack>
      )}
      <LazyModal opened={opened} onClose={close} title={T.pollCreate} size="lg" radius="lg" centered styles={{ title: { fontWeight: 600, fontSize: 18 } }}>
        {created ? (
          <Stack gap="md">
            <Alert color="teal" variant="light" role="status">
              {T.pollCreated}
            </Alert>
            <Text fz="sm" style={{ wordBreak: 'break-all' }} data-testid="poll-link">
              {window.location.origin + webPaths.poll(created)}
            </Text>
            <Group justify="flex-end">
              <Button component={Link} to={webPaths.pollResults(created)} variant="light">
                {T.pollOpenResults}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {T.pollCreateLead(POLL_MAX_PROPOSALS)}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {choices.map((p) => {
                const label = T.pollChoice(p.number ?? p.id);
                const preview = p.fileParticipants.find((f) => f.preview)!;
                return (
                  <label key={p.id} className={classes.pollChoice} data-checked={chosen.includes(p.id) || undefined}>
                    <AuthorisedImage src={preview.preview!} alt={label} className={classes.pollThumb} />
                    <Checkbox label={label} checked={chosen.includes(p.id)} onChange={() => toggle(p.id)} size="xs" />
                  </label>
                );
              })}
            </SimpleGrid>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={() => void create()} loading={busy} disabled={chosen.length < 2}>
                {T.pollCreate}
              </Button>
            </Group>
          </Stack>
        )}
      </LazyModal>
    </section>
  );
}
