/**
 * « E-mails » of « Mon profil »: one switch per kind of mail, saved on the server as soon as
 * it moves. The switch moves at once and comes back if the server refuses.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { FOLLOW_UP, MAIL_KINDS, type MailPreferenceInput, type MailPreferences } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';
import classes from './profile.module.css';
import { cardClass } from '../../ui/card';

const M = FOLLOW_UP.mails;
const mailPreferencesKey = ['mail-preferences'] as const;

async function readMailPreferences(signal?: AbortSignal): Promise<MailPreferences> {
  return (await api.get<{ preferences: MailPreferences }>('/user/mail-preferences', signal)).results!.preferences;
}

async function saveMailPreference(input: MailPreferenceInput): Promise<{ preferences: MailPreferences; message?: string }> {
  const answer = await api.post<{ preferences: MailPreferences }>('/user/mail-preferences', input);
  return { preferences: answer.results!.preferences, message: answer.message };
}

export function MailPreferencesCard() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: mailPreferencesKey, queryFn: ({ signal }) => readMailPreferences(signal) });
  const save = useMutation({
    mutationFn: saveMailPreference,
    onMutate: (input) => {
      const before = queryClient.getQueryData<MailPreferences>(mailPreferencesKey);
      if (before) queryClient.setQueryData<MailPreferences>(mailPreferencesKey, { ...before, [input.kind]: input.enabled });
      return { before };
    },
    onError: (error, _input, context) => {
      if (context?.before) queryClient.setQueryData(mailPreferencesKey, context.before);
      notifyError(error);
    },
    onSuccess: ({ preferences, message }) => {
      queryClient.setQueryData(mailPreferencesKey, preferences);
      if (message) notifySuccess(message);
    },
  });

  return (
    <section className={cardClass(classes.card)} aria-labelledby="mail-preferences-title">
      <h2 id="mail-preferences-title" className={classes.cardTitle}>
        {M.sectionTitle}
      </h2>
      <Text c="dimmed" fz="sm" mb="md">
        {M.sectionLead}
      </Text>
      {query.isError ? (
        <Alert color="red" variant="light">
          {M.loadFailed}
        </Alert>
      ) : !query.data ? (
        <Stack gap="sm" aria-hidden>
          {MAIL_KINDS.map((kind) => (
            <Skeleton key={kind} height={24} radius="sm" />
          ))}
        </Stack>
      ) : (
        <Stack gap="sm">
          {MAIL_KINDS.map((kind) => (
            <Switch
              key={kind}
              color="orange"
              checked={query.data[kind]}
              onChange={(event) => save.mutate({ kind, enabled: event.currentTarget.checked })}
              label={M.labels[kind]}
            />
          ))}
        </Stack>
      )}
    </section>
  );
}
