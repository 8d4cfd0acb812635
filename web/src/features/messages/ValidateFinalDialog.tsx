/**
 * The organiser's validation of a winner's final files (docs/product.md §2 and §11): a
 * confirmation that says what follows, then the conversation is read again. When there is
 * nothing to validate yet (or any more), the dialog says why instead.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Group, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { MESSAGING, type ConversationDto, COMMON, TALENTS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { liveKeys } from '../../api/events';
import { DialogActions, DialogNotice } from '../../ui/DialogActions';
import { notifySuccess } from '../../ui/feedback';
import { validateFinalFiles } from './api';
import { MESSAGING_TEXTS as T } from '@creadefi/domain';
import { LazyModal } from '../../ui/LazyModal';

export function ValidateFinalDialog({ opened, conversation, onClose }: { opened: boolean; conversation: ConversationDto; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [portfolio, setPortfolio] = useState(false);
  const finals = conversation.fileParticipants.finalFile.length;

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  async function validate() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await validateFinalFiles(conversation.concour.id, conversation.id, portfolio);
      notifySuccess(answer.message ?? MESSAGING.validated);
      await queryClient.invalidateQueries({ queryKey: liveKeys.conversation(conversation.id) });
      void queryClient.invalidateQueries({ queryKey: liveKeys.conversationLists });
      setBusy(false);
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : COMMON.serverError);
      setBusy(false);
    }
  }

  const blocked = conversation.can.validateFinal
    ? null
    : conversation.finalValidatedAt
      ? MESSAGING.finalAlreadyValidated
      : !conversation.finalSentAt
        ? MESSAGING.noFinalFiles
        : MESSAGING.validateOnlyFinalised;

  return (
    <LazyModal
      opened={opened}
      onClose={close}
      title={blocked ? MESSAGING.statusButton.organiserFinal : MESSAGING.validateConfirm}
      size="md"
      radius="lg"
      centered
     
      styles={{ title: { fontWeight: 600, fontSize: 18, lineHeight: 1.3 } }}
    >
      {blocked ? (
        <DialogNotice closeLabel={T.close} onClose={close}>
          {blocked}
        </DialogNotice>
      ) : (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="teal" size={40} radius="xl">
              <IconCircleCheck size={22} />
            </ThemeIcon>
            <div>
              <Text fz="sm" fw={500}>
                {T.finalCount(finals)}
              </Text>
              <Text fz="sm" c="dimmed" lh={1.6} mt={4}>
                {MESSAGING.validateExplain}
              </Text>
            </div>
          </Group>
          {!conversation.concour.isPrivate && (
            <Switch
              label={TALENTS.portfolioSwitch}
              description={TALENTS.portfolioSwitchHint}
              checked={portfolio}
              onChange={(e) => setPortfolio(e.currentTarget.checked)}
            />
          )}
          <DialogActions error={error} busy={busy} backLabel={T.cancel} onBack={close} actionLabel={T.validate} onAction={() => void validate()} />
        </Stack>
      )}
    </LazyModal>
  );
}
