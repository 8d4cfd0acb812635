/** A poll's results, for the contest's organiser only: votes per proposal, the total, the votes refused and the comments. */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Container, CopyButton, Group, Progress, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import { formatDate, webPaths, type PollResultsDto, COMMON, TALENTS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { PageHeroBand, PageHeroLead } from '../../ui/PageHero';
import { cardClass } from '../../ui/card';
import { usePollResults } from './api';
import classes from './talents.module.css';

const T = TALENTS;

export function PollResults({ poll }: { poll: PollResultsDto }) {
  const [origin] = useState(() => window.location.origin);
  const link = origin + webPaths.poll(poll.token);
  const votesOf = new Map(poll.counts.map((c) => [c.idParticipation, c.votes]));
  return (
    <Stack gap="lg">
      <section className={cardClass(classes.card)}>
        <Group align="end" wrap="nowrap">
          <TextInput label={T.pollLink} value={link} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                {copied ? T.pollCopied : T.pollCopy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </section>
      <section className={cardClass(classes.card)} aria-labelledby="poll-results">
        <h2 id="poll-results" className={classes.cardTitle}>
          {T.pollResults} — {T.pollTotal(poll.total)}
        </h2>
        <Text size="sm" fw={600} data-testid="poll-refused">
          {T.pollRefused(poll.refused)}
        </Text>
        <Text size="xs" c="dimmed" mb="md">
          {T.pollRefusedHelp}
        </Text>
        <Stack gap="md">
          {poll.items.map((item, index) => {
            const votes = votesOf.get(item.idParticipation) ?? 0;
            const label = T.pollChoice(item.number ?? index + 1);
            return (
              <div key={item.idParticipation} className={classes.resultRow}>
                <img src={item.previewUrl} alt={label} loading="lazy" />
                <div>
                  <Group justify="space-between">
                    <Text fw={500}>{label}</Text>
                    <Text fw={600} data-testid={`votes-${item.idParticipation}`}>
                      {T.pollVotes(votes)}
                    </Text>
                  </Group>
                  <Progress value={poll.total ? (votes * 100) / poll.total : 0} color="orange" mt={6} aria-label={label} />
                </div>
              </div>
            );
          })}
        </Stack>
      </section>
      <section className={cardClass(classes.card)} aria-labelledby="poll-comments">
        <h2 id="poll-comments" className={classes.cardTitle}>
          {T.pollComments}
        </h2>
        {poll.comments.length === 0 ? (
          <Text c="dimmed">{T.pollNoComment}</Text>
        ) : (
          <Stack gap="sm">
            {poll.comments.map((c, i) => {
              const item = poll.items.findIndex((x) => x.idParticipation === c.idParticipation);
              return (
                <div key={i}>
                  <Text className={classes.bio}>{c.comment}</Text>
                  <Text fz="xs" c="dimmed">
                    {T.pollChoice(poll.items[item]?.number ?? item + 1)} · {formatDate(c.createdAt)}
                  </Text>
                </div>
              );
            })}
          </Stack>
        )}
      </section>
      <div>
        <Button component={Link} to={webPaths.proposals(poll.idConcours)} variant="subtle">
          {TALENTS.pollBack}
        </Button>
      </div>
    </Stack>
  );
}

export default function PollResultsPage() {
  const { pollToken = '' } = useParams();
  const query = usePollResults(pollToken);
  return (
    <div>
      <PageHeroBand>
        <Container size="lg" className={classes.heroInner}>
          <Title order={1}>{query.data ? T.pollTitle(query.data.companyName) : T.pollResults}</Title>
          <PageHeroLead>{T.pollResults}</PageHeroLead>
        </Container>
      </PageHeroBand>
      <Container size="lg" className={classes.page}>
        {query.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {query.error instanceof ApiError ? query.error.message : COMMON.serverError}
          </Alert>
        ) : query.data ? (
          <PollResults poll={query.data} />
        ) : (
          <Skeleton h={240} radius="md" aria-hidden />
        )}
      </Container>
    </div>
  );
}
