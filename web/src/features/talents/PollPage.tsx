/**
 * A poll, opened from its secret link by anyone: the proposals' reduced previews, one choice,
 * an optional comment. A signed-in member votes as themselves; a visitor gives an e-mail
 * address and the vote counts once the link mailed there is followed. The server names the
 * voter, never the browser; the results are the organiser's alone.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Container, Skeleton, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { POLL_COMMENT_MAX, emailSchema, type PollDto, TALENTS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { useSession } from '../../app/session';
import { PageHeroBand, PageHeroLead } from '../../ui/PageHero';
import { notifyError } from '../../ui/feedback';
import { usePoll, votePoll } from './api';
import classes from './talents.module.css';

const T = TALENTS;

export function PollForm({ poll }: { poll: PollDto }) {
  const member = useSession().status === 'user';
  const [choice, setChoice] = useState<number | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const address = member ? null : emailSchema.safeParse(email);
    setEmailError(address && !address.success ? (email.trim() ? address.error.issues[0]!.message : T.pollEmailRequired) : null);
    if (choice === null) return setError(T.pollChoiceRequired);
    setError(null);
    if (address && !address.success) return;
    setSending(true);
    try {
      const answer = await votePoll(poll.token, { idParticipation: choice, ...(address ? { email: address.data } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) });
      setDone(answer.message ?? T.pollVoted);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setDone(e.message);
      else notifyError(e);
    } finally {
      setSending(false);
    }
  }

  if (done) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        {done}
      </Alert>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="lg">
        <div className={classes.choices} role="radiogroup" aria-label={T.pollLead}>
          {poll.items.map((item, index) => {
            const label = T.pollChoice(item.number ?? index + 1);
            return (
              <label key={item.idParticipation} className={classes.choice} data-checked={choice === item.idParticipation || undefined}>
                <img src={item.previewUrl} alt={label} loading="lazy" />
                <span>
                  <input type="radio" name="choice" aria-label={label} value={item.idParticipation} checked={choice === item.idParticipation} onChange={() => setChoice(item.idParticipation)} /> {label}
                </span>
              </label>
            );
          })}
        </div>
        <Textarea label={T.pollComment} maxLength={POLL_COMMENT_MAX} rows={3} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
        {!member && (
          <TextInput
            label={T.pollEmail}
            description={T.pollEmailHelp}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={emailError}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <div>
          <Button type="submit" loading={sending} size="md">
            {T.pollVote}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

export default function PollPage() {
  const { pollToken = '' } = useParams();
  const query = usePoll(pollToken);
  if (query.isError) {
    return (
      <Container size="sm" py={60}>
        <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {query.error instanceof ApiError && query.error.status !== 404 ? query.error.message : T.pollNotFound}
        </Alert>
      </Container>
    );
  }
  return (
    <div>
      <PageHeroBand>
        <Container size="lg" className={classes.heroInner}>
          <Title order={1}>{query.data ? T.pollTitle(query.data.companyName) : <Skeleton h={36} w={280} />}</Title>
          <PageHeroLead>{T.pollLead}</PageHeroLead>
        </Container>
      </PageHeroBand>
      <Container size="lg" className={classes.page}>
        {query.data ? <PollForm poll={query.data} /> : <Skeleton h={240} radius="md" aria-hidden />}
      </Container>
    </div>
  );
}
