/**
 * « Envoyez un message à l’organisateur »: a talent's first message about a contest
 * they have no conversation with yet. The server opens the conversation (an empty
 * participation, docs/product.md §2) and the page moves into it.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { MESSAGE_MAX, MESSAGING, COMMON } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { DialogActions } from '../../ui/DialogActions';
import { notifySuccess } from '../../ui/feedback';
import { sendMessage } from './api';
import { MESSAGING_TEXTS as T } from '@creadefi/domain';
import { LazyModal } from '../../ui/LazyModal';

export function ComposeDialog({ idConcours, onClose }: { idConcours: number; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 55em)');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (busy) return;
    if (!text.trim()) {
      setError(MESSAGING.messageRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const sent = await sendMessage({ idConcours }, text.trim());
      notifySuccess(MESSAGING.sent);
      navigate(paths.conversation(sent.idParticipation), { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : COMMON.serverError);
      setBusy(false);
    }
  }

  return (
    <LazyModal opened onClose={() => !busy && onClose()} title={T.composeTitle} size="lg" radius="lg" centered fullScreen={phone} styles={{ title: { fontWeight: 600, fontSize: 19 } }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {T.composeHint}
          </Text>
          <Textarea
            data-autofocus
            aria-label={T.yourMessage}
            placeholder={MESSAGING.placeholder}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={10}
            maxLength={MESSAGE_MAX}
          />
          <DialogActions error={error} busy={busy} backLabel={T.cancel} onBack={onClose} actionLabel={T.send} actionProps={{ rightSection: <IconSend size={16} /> }} />
        </Stack>
      </form>
    </LazyModal>
  );
}
