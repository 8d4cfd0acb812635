/**
 * "Gérer votre profil" (spec 2 §2): the personal fields, a reset link instead of a password
 * field (decision 12), sign-out, and the wallet. The form uses domain's userUpdateSchema, so
 * the page and the server refuse the same things; the server capitalises the names and its
 * answer becomes the session's profile.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconDeviceFloppy, IconLogout, IconMailForward } from '@tabler/icons-react';
import type { z } from 'zod';
import { MESSAGES, userUpdateSchema, type PublicUser } from '@creadefi/domain';
import { paths } from '../../app/paths';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { PageLoader } from '../../ui/PageLoader';
import { showServerFieldErrors } from '../auth/form-errors';
import { ME_KEY, useSession } from '../auth/session';
import { PROFILE_TEXTS as T } from '@creadefi/domain';
import { sendResetLink, updateProfile } from './api';
import { WalletCard } from './WalletCard';
import { MailPreferencesCard } from './MailPreferencesCard';
import classes from './profile.module.css';

const A = MESSAGES.auth;

const profileSchema = userUpdateSchema.pick({ firstName: true, lastName: true, socialReason: true, pseudo: true, email: true, phone: true });
type ProfileForm = z.input<typeof profileSchema>;
type ProfileValues = z.output<typeof profileSchema>;
const FIELDS = ['firstName', 'lastName', 'socialReason', 'pseudo', 'email', 'phone'] as const;

/** Spec 2 §2: the banner's flag lives in the navigation state and is cleared after 500 ms. */
export const MISSING_INFO_CLEAR_MS = 500;
export interface ProfilePageState {
  /** Set by pages that need a name, company name or pseudo before going on. */
  missingInfo?: boolean;
}

function valuesOf(user: PublicUser): ProfileForm {
  return { firstName: user.firstName ?? '', lastName: user.lastName ?? '', socialReason: user.socialReason ?? '', pseudo: user.pseudo, email: user.email, phone: user.phone ?? '' };
}

function MissingInfoBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const flagged = Boolean((location.state as ProfilePageState | null)?.missingInfo);
  // The flag leaves the navigation state after 500 ms (a reload must not show it again); the
  // banner stays until the member leaves the page.
  const [shown, setShown] = useState(flagged);
  if (flagged && !shown) setShown(true);

  useEffect(() => {
    if (!flagged) return;
    const timer = setTimeout(() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null }), MISSING_INFO_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [flagged, navigate, location.pathname, location.search]);

  if (!shown) return null;
  return (
    <Alert color="orange" variant="filled" radius="md" icon={<IconAlertTriangle size={20} />} className={classes.banner} role="alert">
      {MESSAGES.profile.essentialInfo}
    </Alert>
  );
}

function ProfileFormCard({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refresh, signOut } = useSession();
  const [resetState, setResetState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileForm, unknown, ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: valuesOf(user), mode: 'onSubmit' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await updateProfile(values);
      notifySuccess(answer.message ?? A.profileUpdated);
      const saved = answer.results?.user;
      if (saved) {
        queryClient.setQueryData(ME_KEY, saved);
        reset(valuesOf(saved));
      }
      await refresh();
    } catch (error) {
      const shown = showServerFieldErrors(error, setError, FIELDS, { [A.emailTaken]: 'email', [A.pseudoTaken]: 'pseudo' });
      if (!shown) notifyError(error);
    }
  });

  async function sendReset() {
    setResetState('sending');
    try {
      await sendResetLink(user.email);
      notifySuccess(T.resetSentTo(user.email));
      setResetState('sent');
    } catch (error) {
      notifyError(error);
      setResetState('idle');
    }
  }

  async function leave() {
    setLeaving(true);
    await signOut();
    navigate(paths.home);
  }

  // The required pair gets the spec's own sentence once, above the form, rather than twice below the fields.
  const missingRequired = errors.pseudo?.message === A.profileRequired || errors.email?.message === A.profileRequired;
  const fieldError = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    return message === A.profileRequired ? true : message;
  };

  return (
    <section className={classes.card} aria-labelledby="identity-title">
      <h2 id="identity-title" className={classes.cardTitle}>
        {T.identity}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Prénom" autoComplete="given-name" error={fieldError('firstName')} {...register('firstName')} />
            <TextInput label="Nom" autoComplete="family-name" error={fieldError('lastName')} {...register('lastName')} />
            <TextInput label="Raison sociale" autoComplete="organization" error={fieldError('socialReason')} {...register('socialReason')} />
            <TextInput label="Pseudo" required autoComplete="username" error={fieldError('pseudo')} {...register('pseudo')} />
            <TextInput
              label="Mot de passe"
              value="••••••••"
              readOnly
              disabled
              description={resetState === 'sent' ? T.resetSentTo(user.email) : undefined}
              rightSectionWidth={128}
              rightSectionPointerEvents="all"
              styles={{ input: { color: 'var(--cd-muted)', opacity: 1, letterSpacing: '0.2em' } }}
              rightSection={
                <Button size="compact-sm" variant="light" onClick={() => void sendReset()} loading={resetState === 'sending'} leftSection={<IconMailForward size={14} />}>
                  {T.reset}
                </Button>
              }
            />
            <TextInput label="E-mail" type="email" required autoComplete="email" error={fieldError('email')} {...register('email')} />
            <TextInput label="Téléphone" type="tel" autoComplete="tel" error={fieldError('phone')} {...register('phone')} />
          </SimpleGrid>
          {missingRequired && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {A.profileRequired}
            </Alert>
          )}
          <Group justify="space-between" mt="sm" className={classes.actions}>
            <Button variant="subtle" color="red" leftSection={<IconLogout size={18} />} onClick={() => void leave()} loading={leaving}>
              {T.logout}
            </Button>
            <Button type="submit" variant="gradient" loading={isSubmitting} leftSection={<IconDeviceFloppy size={18} />} data-dirty={isDirty || undefined}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}

export default function ProfilePage() {
  const { user } = useSession();
  return (
    <div>
      <header className={classes.hero}>
        <Container className={classes.heroInner}>
          <Title order={1}>{T.title}</Title>
          <Text className={classes.lead}>{T.lead}</Text>
        </Container>
      </header>
      <Container className={classes.body}>
        <MissingInfoBanner />
        {!user ? (
          <PageLoader />
        ) : (
          <div className={classes.layout}>
            <ProfileFormCard key={user.id} user={user} />
            <WalletCard fallbackAmount={user.wallet.amount} holder={[user.firstName, user.lastName].filter(Boolean).join(' ')} />
            <MailPreferencesCard />
          </div>
        )}
      </Container>
    </div>
  );
}
