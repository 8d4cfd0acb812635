/**
 * Choosing another winner in place of one who let the 48 hours to accept pass (docs/product.md
 * §4): the organiser picks one of the contest's other proposals; the conversation then shows
 * the replaced talent's side, and the lists move the new winner up.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Select, Stack, Text } from '@mantine/core';
import { type ConversationDto, type ReplacementCandidateDto, COMMON, WINNERS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { liveKeys } from '../../api/events';
import { DialogActions, DialogNotice } from '../../ui/DialogActions';
import { notifySuccess } from '../../ui/feedback';
import { replaceWinner } from './api';
import { LazyModal } from '../../ui/LazyModal';

const W = WINNERS.panel;

export function ReplaceWinnerDialog({ opened, conversation, candidates, onClose }: { opened: boolean; conversation: ConversationDto; candidates: ReplacementCandidateDto[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    setChosen(null);
    onClose();
  };

  async function confirm() {
    if (busy) return;
    if (!chosen) {
      setError(WINNERS.candidateRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await replaceWinner(conversation.id, Number(chosen));
      notifySuccess(answer.message ?? WINNERS.replaced);
      await queryClient.invalidateQueries({ queryKey: liveKeys.conversation(conversation.id) });
      void queryClient.invalidateQueries({ queryKey: liveKeys.conversationLists });
      setBusy(false);
      setChosen(null);
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : COMMON.serverError);
      setBusy(false);
    }
  }

  return (
    <LazyModal opened={opened} onClose={close} title={W.replaceTitle} size="md" radius="lg" centered styles={{ title: { fontWeight: 600, fontSize: 18, lineHeight: 1.3 } }}>
      {candidates.length === 0 ? (
        <DialogNotice closeLabel={W.cancel} onClose={close}>
          {W.noCandidate}
        </DialogNotice>
      ) : (
        <Stack gap="md">
          <Text fz="sm" c="dimmed" lh={1.6}>
            {W.replaceIntro}
          </Text>
          <Select
            label={W.candidateLabel}
            placeholder={W.candidatePlaceholder}
            data={candidates.map((c) => ({ value: String(c.idParticipation), label: W.candidate(c.number, c.pseudo) }))}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setError(null);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <DialogActions error={error} busy={busy} backLabel={W.cancel} onBack={close} actionLabel={W.confirm} onAction={() => void confirm()} />
        </Stack>
      )}
    </LazyModal>
  );
}
