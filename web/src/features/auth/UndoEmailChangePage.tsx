/**
 * The link mailed to the old address when another one is asked for: opening it restores that
 * address and ends every session of the account, this browser's included. The token is sent
 * once when the page opens (the page, not the link, acts: mail scanners that fetch links do not
 * undo anything), and once only.
 */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCircleX, IconShieldCheck } from '@tabler/icons-react';
import { AUTH } from '@creadefi/domain';
import { useSession } from '../../app/session';
import { useSignInModal } from '../../app/sign-in-modal-state';
import { OutcomeCard, SignInOutcome } from './AuthShell';
import { linkAnswers, useLinkOutcome } from '../../ui/link-once';
import { undoEmailChange } from './api';

const A = AUTH;

const undos = linkAnswers(undoEmailChange, A.emailChangeUndone);
/** For tests: forget the answers already received. */
export const resetUndoOutcomes = undos.reset;

export default function UndoEmailChangePage() {
  const { emailToken = '' } = useParams();
  const { refresh } = useSession();
  const signIn = useSignInModal();
  const outcome = useLinkOutcome(undos, emailToken);
  // This browser's session ended with the others: the next check signs it out.
  useEffect(() => {
    if (outcome?.ok) void refresh();
  }, [outcome, refresh]);

  if (!outcome) {
    return (
      <OutcomeCard title={A.emailChangeUndoTitle} icon={<Loader color="orange" size="lg" aria-label={AUTH.screens.loading} />}>
        <Text c="dimmed">{A.emailChangeUndoPending}</Text>
      </OutcomeCard>
    );
  }
  if (!outcome.ok) {
    return (
      <OutcomeCard
        title={A.emailChangeUndoFailTitle}
        icon={
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconCircleX size={32} aria-hidden />
          </ThemeIcon>
        }
      >
        <Text size="lg">{outcome.message}</Text>
      </OutcomeCard>
    );
  }
  return <SignInOutcome title={A.emailChangeUndoDoneTitle} icon={<IconShieldCheck size={32} aria-hidden />} message={outcome.message} onSignIn={() => signIn.open()} />;
}
