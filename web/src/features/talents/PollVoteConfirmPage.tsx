/**
 * The link mailed to a visitor who voted: the token is sent once as the page opens, and the
 * page says whether the vote now counts, or why not (link followed again, expired, address
 * that already voted), with the way back to the poll when the vote counted.
 */
import { Link, useParams } from 'react-router';
import { Alert, Button, Container, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { TALENTS, webPaths } from '@creadefi/domain';
import { linkAnswers, useLinkOutcome, type LinkOutcome } from '../../ui/link-once';
import { confirmPollVote } from './api';

const T = TALENTS;

const answers = linkAnswers(confirmPollVote, T.pollVoted, { sayWhy: true });
/** For tests: forget the answers already received. */
export const resetPollVoteAnswers = answers.reset;

export function PollVoteOutcome({ outcome }: { outcome: LinkOutcome<{ pollToken: string }> | null }) {
  if (!outcome) {
    return (
      <Stack align="center" gap="sm">
        <Loader color="orange" aria-label={T.pollVoteConfirming} />
        <Text c="dimmed">{T.pollVoteConfirming}</Text>
      </Stack>
    );
  }
  if (!outcome.ok) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {outcome.message}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        {outcome.message}
      </Alert>
      <div>
        <Button component={Link} to={webPaths.poll(outcome.results!.pollToken)} variant="light">
          {T.pollBackToPoll}
        </Button>
      </div>
    </Stack>
  );
}

export default function PollVoteConfirmPage() {
  const { voteToken = '' } = useParams();
  const outcome = useLinkOutcome(answers, voteToken);
  return (
    <Container size="sm" py={60}>
      <PollVoteOutcome outcome={outcome} />
    </Container>
  );
}
