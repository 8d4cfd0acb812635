/**
 * The link mailed to a visitor who voted: the token is sent once as the page opens, and the
 * page says whether the vote now counts, or why not (link followed again, expired, address
 * that already voted), with the way back to the poll when the vote counted.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Container, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { TALENTS, webPaths } from '@creadefi/domain';
import { confirmPollVote } from './api';

const T = TALENTS;

type Outcome = { ok: true; message: string; pollToken: string } | { ok: false; message: string };

/** React's StrictMode (and any remount) would follow the link twice: one answer per token per page load. */
const answers = new Map<string, Promise<Outcome>>();
function confirmOnce(token: string): Promise<Outcome> {
  let answer = answers.get(token);
  if (!answer) {
    answer = confirmPollVote(token).then(
      (res): Outcome => ({ ok: true, message: res.message ?? T.pollVoted, pollToken: res.results!.pollToken }),
      (error: unknown): Outcome => ({ ok: false, message: error instanceof Error ? error.message : T.pollLinkInvalid }),
    );
    answers.set(token, answer);
  }
  return answer;
}
/** For tests: forget the answers already received. */
export const resetPollVoteAnswers = () => answers.clear();

export function PollVoteOutcome({ outcome }: { outcome: Outcome | null }) {
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
        <Button component={Link} to={webPaths.poll(outcome.pollToken)} variant="light">
          {T.pollBackToPoll}
        </Button>
      </div>
    </Stack>
  );
}

export default function PollVoteConfirmPage() {
  const { voteToken = '' } = useParams();
  const [answer, setAnswer] = useState<{ token: string; outcome: Outcome } | null>(null);
  useEffect(() => {
    let live = true;
    void confirmOnce(voteToken).then((outcome) => {
      if (live) setAnswer({ token: voteToken, outcome });
    });
    return () => {
      live = false;
    };
  }, [voteToken]);
  return (
    <Container size="sm" py={60}>
      <PollVoteOutcome outcome={answer?.token === voteToken ? answer.outcome : null} />
    </Container>
  );
}
