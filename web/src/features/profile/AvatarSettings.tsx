/**
 * The member's photo in « Mon profil de talent »: the photo or the pseudo's initials,
 * « Changer la photo » and « Retirer la photo ». A chosen image shows at once while it is
 * sent and the previous one comes back if the server refuses it; the server decides the type
 * from the bytes, the size is checked here first with the server's own text.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, formatBytes, type TalentSettingsDto, COMMON, TALENTS } from '@creadefi/domain';
import { apiFetch } from '../../api/client';
import { useSession } from '../../app/session';
import { notifySuccess } from '../../ui/feedback';

const T = TALENTS;
/** The multipart field the server reads (server/src/modules/talents/routes.ts). */
const AVATAR_FIELD = 'avatar';
const ACCEPT = AVATAR_TYPES.join(',');

/** A browser-made address for the chosen file, released when replaced or unmounted. */
function useLocalPreview(): [string | null, (file: File | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return [url, (file) => setUrl(file ? URL.createObjectURL(file) : null)];
}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : COMMON.serverError);

export function AvatarSettings({ settings, settingsKey }: { settings: TalentSettingsDto; settingsKey: readonly unknown[] }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const [preview, setPreview] = useLocalPreview();
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const saved = (avatarUrl: string | null, message: string | undefined) => {
    queryClient.setQueryData<TalentSettingsDto>(settingsKey, (old) => (old ? { ...old, avatarUrl } : old));
    void queryClient.invalidateQueries({ queryKey: ['talents'] });
    void session.refresh();
    notifySuccess(message);
  };

  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(AVATAR_FIELD, file);
      return apiFetch<{ avatarUrl: string | null }>('/profile/avatar', { method: 'PUT', form });
    },
    onSuccess: (answer) => saved(answer.results?.avatarUrl ?? null, answer.message),
    onError: (e) => setError(errorText(e)),
    onSettled: () => setPreview(null),
  });
  const remove = useMutation({
    mutationFn: () => apiFetch<{ avatarUrl: null }>('/profile/avatar', { method: 'DELETE' }),
    onMutate: () => setRemoving(true),
    onSuccess: (answer) => saved(null, answer.message),
    onError: (e) => setError(errorText(e)),
    onSettled: () => setRemoving(false),
  });

  const choose = (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > AVATAR_MAX_BYTES) return setError(T.avatarTooBig(formatBytes(AVATAR_MAX_BYTES)));
    // An empty type (no known extension) is left to the server, which reads the bytes.
    if (file.type && !(AVATAR_TYPES as readonly string[]).includes(file.type)) return setError(T.avatarWrongType);
    setPreview(file);
    upload.mutate(file);
  };

  const shown = preview ?? (removing ? null : settings.avatarUrl);
  const busy = upload.isPending || remove.isPending;
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Avatar src={shown} name={settings.pseudo} alt={T.avatarAlt(settings.pseudo)} size={88} radius="xl" color="orange" style={{ opacity: upload.isPending ? 0.6 : 1 }} />
      <Stack gap={6}>
        <Text fw={600}>{T.avatarTitle}</Text>
        <Text c="dimmed" fz="sm">
          {T.avatarHint(formatBytes(AVATAR_MAX_BYTES))}
        </Text>
        <Group gap="xs">
          <FileButton onChange={choose} accept={ACCEPT} disabled={busy}>
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
                {T.avatarChange}
              </Button>
            )}
          </FileButton>
          {settings.avatarUrl && !removing && (
            <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={16} />} onClick={() => remove.mutate()} disabled={busy}>
              {T.avatarRemove}
            </Button>
          )}
        </Group>
        {error && (
          <Text c="red.8" fz="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
