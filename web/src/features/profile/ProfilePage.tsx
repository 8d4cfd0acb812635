/**
 * "Gérer votre profil" (docs/product.md §11): the personal fields, a reset link beside the masked
 * password (docs/product.md §9), a new password, sign-out, and the wallet. The form uses domain's
 * userUpdateSchema, so the page and the server refuse the same things; the server
 * capitalises the names and its answer becomes the session's profile. A new e-mail or
 * password asks for the current password; a new address waits for its confirmation link and
 * is shown as pending until then.
 */
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Container, Group, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconDeviceFloppy, IconKey, IconLogout, IconMailForward } from '@tabler/icons-react';
import type { z } from 'zod';
import { FIELD_LABELS, userUpdateSchema, type PublicUser, AUTH, PROFILE, PROFILE_SCREENS } from '@creadefi/domain';
import { paths } from '../../app/paths';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { PageLoader } from '../../ui/PageLoader';
import { showServerFieldErrors } from '../../ui/form-errors';
import { ME_KEY, useSession } from '../../app/session';
import { PROFILE_TEXTS as T } from '@creadefi/domain';
import { sendResetLink, updateProfile } from './api';
import { WalletCard } from './WalletCard';
import { MailPreferencesCard } from './MailPreferencesCard';
import { TalentSettingsCard } from './TalentSettingsCard';
import classes from './profile.module.css';
import { PageHeroBand, PageHeroLead } from '../../ui/PageHero';
import { cardClass } from '../../ui/card';

const A = AUTH;

const baseSchema = userUpdateSchema.pick({
  firstName: true,
  lastName: true,
  socialReason: true,
  pseudo: true,
  email: true,
  phone: true,
  currentPassword: true,
  newPassword: true,
  confirmPassword: true,
});
type ProfileForm = z.input<typeof baseSchema>;
type ProfileValues = z.output<typeof baseSchema>;
const FIELDS = ['firstName', 'lastName', 'socialReason', 'pseudo', 'email', 'phone', 'currentPassword', 'newPassword', 'confirmPassword'] as const;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the server will ask for, asked here first: the passwords match, the current one is given. */
function profileSchema(user: PublicUser) {
  return baseSchema.superRefine((v, issue) => {
    if (v.newPassword && v.newPassword !== v.confirmPassword) issue.addIssue({ code: 'custom', message: A.passwordsDiffer, path: ['confirmPassword'] });
    const needsProof = !sameAddress(v.email, user.email) || Boolean(v.newPassword);
    if (needsProof && user.hasPassword !== false && !v.currentPassword) issue.addIssue({ code: 'custom', message: A.currentPasswordRequired, path: ['currentPassword'] });
  });
}

/** docs/decisions/0004: the banner's flag lives in the navigation state and is cleared after 500 ms. */
const MISSING_INFO_CLEAR_MS = 500;
interface ProfilePageState {
  /** Set by pages that need a name, company name or pseudo before going on. */
  missingInfo?: boolean;
}

function valuesOf(user: PublicUser): ProfileForm {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    socialReason: user.socialReason ?? '',
    pseudo: user.pseudo,
    email: user.email,
    phone: user.phone ?? '',
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

/** Only what changed in the account's keys is sent with the proof. */
function bodyOf(values: ProfileValues, user: PublicUser) {
  const { currentPassword, newPassword, confirmPassword, ...profile } = values;
  const needsProof = !sameAddress(values.email, user.email) || Boolean(newPassword);
  if (!needsProof) return profile;
  return { ...profile, currentPassword, ...(newPassword ? { newPassword, confirmPassword } : {}) };
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
      {PROFILE.essentialInfo}
    </Alert>
  );
}

function ProfileFormCard({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refresh, signOut } = useSession();
  const [resetState, setResetState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [leaving, setLeaving] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const schema = useMemo(() => profileSchema(user), [user]);
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    setError,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileForm, unknown, ProfileValues>({ resolver: zodResolver(schema), defaultValues: valuesOf(user), mode: 'onSubmit' });
  const typedEmail = useWatch({ control, name: 'email' });
  const typedPassword = useWatch({ control, name: 'newPassword' });
  const needsProof = !sameAddress(typedEmail, user.email) || Boolean(typedPassword);
  const hasPassword = user.hasPassword !== false;

  function togglePassword() {
    if (changingPassword) {
      resetField('newPassword');
      resetField('confirmPassword');
    }
    setChangingPassword(!changingPassword);
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await updateProfile(bodyOf(values, user));
      notifySuccess(answer.message ?? A.profileUpdated);
      const saved = answer.results?.user;
      if (saved) {
        queryClient.setQueryData(ME_KEY, saved);
        reset(valuesOf(saved));
        setChangingPassword(false);
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

  // The required pair gets the catalogue's own sentence once, above the form, rather than twice below the fields.
  const missingRequired = errors.pseudo?.message === A.profileRequired || errors.email?.message === A.profileRequired;
  const fieldError = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    return message === A.profileRequired ? true : message;
  };

  return (
    <section className={cardClass(classes.card)} aria-labelledby="identity-title">
      <h2 id="identity-title" className={classes.cardTitle}>
        {T.identity}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label={FIELD_LABELS.firstName} autoComplete="given-name" error={fieldError('firstName')} {...register('firstName')} />
            <TextInput label={FIELD_LABELS.lastName} autoComplete="family-name" error={fieldError('lastName')} {...register('lastName')} />
            <TextInput label={FIELD_LABELS.socialReason} autoComplete="organization" error={fieldError('socialReason')} {...register('socialReason')} />
            <TextInput label={FIELD_LABELS.pseudo} required autoComplete="username" error={fieldError('pseudo')} {...register('pseudo')} />
            <TextInput
              label={FIELD_LABELS.password}
              value="••••••••"
              readOnly
              disabled
              description={resetState === 'sent' ? T.resetSentTo(user.email) : undefined}
              rightSectionWidth={hasPassword ? 214 : 128}
              rightSectionPointerEvents="all"
              styles={{ input: { color: 'var(--cd-muted)', opacity: 1, letterSpacing: '0.2em' } }}
              rightSection={
                <Group gap={6} wrap="nowrap">
                  {hasPassword && (
                    <Button size="compact-sm" variant={changingPassword ? 'filled' : 'light'} onClick={togglePassword} leftSection={<IconKey size={14} />} aria-expanded={changingPassword}>
                      {T.changePassword}
                    </Button>
                  )}
                  <Button size="compact-sm" variant="light" onClick={() => void sendReset()} loading={resetState === 'sending'} leftSection={<IconMailForward size={14} />}>
                    {T.reset}
                  </Button>
                </Group>
              }
            />
            <TextInput
              label={PROFILE_SCREENS.email}
              type="email"
              required
              autoComplete="email"
              description={user.pendingEmail ? T.pendingEmail(user.pendingEmail) : undefined}
              // Below the field, so that it stays level with the password beside it.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={fieldError('email')}
              {...register('email')}
            />
            <TextInput label={FIELD_LABELS.phone} type="tel" autoComplete="tel" error={fieldError('phone')} {...register('phone')} />
          </SimpleGrid>
          {changingPassword && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <PasswordInput label={T.newPassword} autoComplete="new-password" error={fieldError('newPassword')} {...register('newPassword')} />
              <PasswordInput label={T.confirmNewPassword} autoComplete="new-password" error={fieldError('confirmPassword')} {...register('confirmPassword')} />
            </SimpleGrid>
          )}
          {needsProof &&
            (hasPassword ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PasswordInput
                  label={T.currentPassword}
                  description={T.currentPasswordHint}
                  required
                  autoComplete="current-password"
                  error={fieldError('currentPassword')}
                  {...register('currentPassword')}
                />
              </SimpleGrid>
            ) : (
              <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="status">
                {A.providerReauthRequired}
              </Alert>
            ))}
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
      <PageHeroBand>
        <Container className={classes.heroInner}>
          <Title order={1}>{T.title}</Title>
          <PageHeroLead>{T.lead}</PageHeroLead>
        </Container>
      </PageHeroBand>
      <Container className={classes.body}>
        <MissingInfoBanner />
        {!user ? (
          <PageLoader />
        ) : (
          <div className={classes.layout}>
            <ProfileFormCard key={user.id} user={user} />
            <WalletCard fallbackAmount={user.wallet.amount} holder={[user.firstName, user.lastName].filter(Boolean).join(' ')} />
            <MailPreferencesCard />
            <TalentSettingsCard />
          </div>
        )}
      </Container>
    </div>
  );
}
