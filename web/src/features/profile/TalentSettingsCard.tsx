/**
 * « Mon profil de talent » in « Mon profil »: the photo (AvatarSettings), the presentation, the
 * categories shown and whether the public profile is shown at all; a link to the public profile.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, MultiSelect, Skeleton, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { BIO_MAX, CATEGORIES, SHOWN_CATEGORIES_MAX, webPaths, type TalentSettingsDto, type TalentSettingsInput, COMMON, TALENTS } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { cardClass } from '../../ui/card';
import classes from './profile.module.css';
import { AvatarSettings } from './AvatarSettings';

const T = TALENTS;
const settingsKey = ['talent-settings'] as const;

export function TalentSettingsCard() {
  const query = useQuery({ queryKey: settingsKey, queryFn: async ({ signal }) => (await api.get<{ settings: TalentSettingsDto }>('/user/talent-profile', signal)).results!.settings });

  return (
    <section className={cardClass(`${classes.card} ${classes.mainColumn}`)} aria-labelledby="talent-settings-title">
      <h2 id="talent-settings-title" className={classes.cardTitle}>
        {T.settingsTitle}
      </h2>
      <Text c="dimmed" fz="sm" mb="md">
        {T.settingsLead}
      </Text>
      {query.isError ? (
        <Alert color="red" variant="light">
          {COMMON.serverError}
        </Alert>
      ) : !query.data ? (
        <Skeleton h={160} aria-hidden />
      ) : (
        <Stack gap="lg">
          <AvatarSettings settings={query.data} settingsKey={settingsKey} />
          <TalentSettingsForm settings={query.data} />
        </Stack>
      )}
    </section>
  );
}

function TalentSettingsForm({ settings }: { settings: TalentSettingsDto }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TalentSettingsInput>({ bio: settings.bio, categories: settings.categories, isPublic: settings.isPublic });
  const save = useMutation({
    mutationFn: (input: TalentSettingsInput) => api.post<{ settings: TalentSettingsDto }>('/user/talent-profile', input),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKey, answer.results!.settings);
      notifySuccess(answer.message);
    },
    onError: notifyError,
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(form);
      }}
      noValidate
    >
      <Stack gap="md">
        <Switch label={T.publicSwitch} checked={form.isPublic} onChange={(e) => setForm({ ...form, isPublic: e.currentTarget.checked })} />
        <Textarea
          label={T.bioLabel}
          description={T.bioHint(BIO_MAX)}
          maxLength={BIO_MAX}
          rows={4}
          value={form.bio}
          onChange={(e) => setForm({ ...form, bio: e.currentTarget.value })}
        />
        <MultiSelect
          label={T.categoriesLabel}
          data={CATEGORIES.map((c) => ({ value: String(c.id), label: c.title }))}
          value={form.categories.map(String)}
          onChange={(values) => setForm({ ...form, categories: values.map(Number) })}
          maxValues={SHOWN_CATEGORIES_MAX}
          clearable
        />
        <Group justify="space-between">
          <Anchor component={Link} to={webPaths.talent(settings.pseudo)} fz="sm">
            {T.seePublicProfile}
          </Anchor>
          <Button type="submit" variant="gradient" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
