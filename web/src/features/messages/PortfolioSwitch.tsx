/**
 * The organiser's say over a validated won work in the talent's public portfolio, after the
 * validation: the same switch as in the validation dialog, saved as soon as it moves.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Switch } from '@mantine/core';
import { type ConversationDto, TALENTS } from '@creadefi/domain';
import { api } from '../../api/client';
import { liveKeys } from '../../api/events';
import { notifyError, notifySuccess } from '../../ui/feedback';
import classes from './conversation.module.css';

export function PortfolioSwitch({ conversation }: { conversation: ConversationDto }) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(Boolean(conversation.portfolioShown));
  const [busy, setBusy] = useState(false);
  // A private contest's work is never shown publicly: the server refuses it too.
  if (conversation.role !== 'organiser' || !conversation.isWinner || !conversation.finalValidatedAt || conversation.concour.isPrivate) return null;

  async function turn(next: boolean) {
    setShown(next);
    setBusy(true);
    try {
      const answer = await api.post('/concours/winner/portfolio', { idParticipation: conversation.id, shown: next });
      notifySuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: liveKeys.conversation(conversation.id) });
    } catch (error) {
      setShown(!next);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={classes.portfolioSwitch}>
      <Switch label={TALENTS.portfolioSwitch} description={TALENTS.portfolioSwitchHint} checked={shown} disabled={busy} onChange={(e) => void turn(e.currentTarget.checked)} />
    </div>
  );
}
