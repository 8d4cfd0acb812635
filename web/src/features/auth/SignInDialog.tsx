/**
 * The sign-in modal of docs/product.md §8 and §11, opened through useSignInModal(): e-mail and password
 * (with the providers the server enables), or, after "Oublié ?", the reset-link request.
 * An unverified account is told so and may ask for a new link (docs/product.md §8).
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { emailOnlySchema, loginSchema, type SessionResults, ADMIN, AUTH, COMMON } from '@creadefi/domain';
import type { z } from 'zod';
import { ApiError, type Envelope } from '../../api/client';
import { useAppConfig } from '../../api/app-config';
import { paths } from '../../app/paths';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { useSession } from '../../app/session';
import { useSignInModal } from '../../app/sign-in-modal-state';
import { login, requestPasswordReset, resendVerification } from './api';
import { SocialSignIn } from './SocialSignIn';
// Mantine's stylesheets beyond the landing's (this part is loaded lazily).
import '../../ui/mantine-pages.css';
import { LazyModal } from '../../ui/LazyModal';

const A = AUTH;
const gradient = { from: 'orange', to: 'pink', deg: 135 };

/** Pages that only make sense before signing in: a successful sign-in leaves them for home. */
const AUTH_FLOW_PAGES = /^\/(signup|verify|recover-password)(\/|$)/;

function useFinishSignIn() {
  const session = useSession();
  const modal = useSignInModal();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return async (answer: Promise<Envelope<SessionResults>>) => {
    const { message, results } = await answer;
    if (!results) throw new ApiError(500, COMMON.serverError);
    session.signIn(results);
    notifySuccess(message ?? A.loggedIn);
    modal.close();
    if (AUTH_FLOW_PAGES.test(pathname)) navigate(paths.home, { replace: true });
  };
}

function NotVerifiedNotice({ message, email }: { message: string; email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [sentMessage, setSentMessage] = useState('');
  if (state === 'sent') {
    return (
      <Alert color="green" variant="light" icon={<IconMailForward size={20} aria-hidden />} role="status">
        {sentMessage}
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
      <Text size="sm">{message}</Text>
      <Button
        mt="sm"
        size="xs"
        variant="white"
        loading={state === 'sending'}
        onClick={async () => {
          setState('sending');
          try {
            setSentMessage((await resendVerification(email)).message ?? A.verificationResent);
            setState('sent');
          } catch (error) {
            setState('idle');
            notifyError(error);
          }
        }}
      >
        {AUTH.screens.resendLink}
      </Button>
    </Alert>
  );
}

type LoginValues = z.output<typeof loginSchema>;

function LoginForm({ email, onForgot }: { email: string; onForgot(email: string): void }) {
  const modal = useSignInModal();
  const config = useAppConfig();
  const finish = useFinishSignIn();
  const [notVerified, setNotVerified] = useState<{ message: string; email: string } | null>(null);
  // A suspended account: said in the dialog, which has nothing to offer but the reason.
  const [suspended, setSuspended] = useState<string | null>(null);
  const [socialPending, setSocialPending] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof loginSchema>, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email, password: '' },
  });

  const onError = (error: unknown, triedEmail?: string) => {
    if (error instanceof ApiError && error.status === 403 && error.message === ADMIN.members.signInRefused) setSuspended(error.message);
    else if (error instanceof ApiError && error.status === 403 && triedEmail) setNotVerified({ message: error.message, email: triedEmail });
    else notifyError(error);
  };

  const onSubmit = handleSubmit(async (values) => {
    setNotVerified(null);
    setSuspended(null);
    try {
      await finish(login(values));
    } catch (error) {
      onError(error, values.email);
    }
  });

  const onSocial = async (answer: Promise<Envelope<SessionResults>>) => {
    setNotVerified(null);
    setSuspended(null);
    setSocialPending(true);
    try {
      await finish(answer);
    } catch (error) {
      onError(error);
    } finally {
      setSocialPending(false);
    }
  };

  const googleClientId = config.data?.googleClientId ?? null;
  const facebookAppId = config.data?.facebookAppId ?? null;

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {A.signInIntro}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {notVerified && <NotVerifiedNotice key={notVerified.email} {...notVerified} />}
          {suspended && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
              <Text size="sm">{suspended}</Text>
            </Alert>
          )}
          <TextInput label={AUTH.screens.email} type="email" autoComplete="email" required data-autofocus error={errors.email?.message} {...register('email')} />
          <div>
            <PasswordInput label={AUTH.screens.password} autoComplete="current-password" required error={errors.password?.message} aria-invalid={errors.password ? true : undefined} {...register('password')} />
            <Group justify="flex-end" mt={6}>
              <Anchor component="button" type="button" size="sm" onClick={() => onForgot(getValues('email'))}>
                {AUTH.screens.forgot}
              </Anchor>
            </Group>
          </div>
          <Button type="submit" size="md" fullWidth loading={isSubmitting} disabled={socialPending} variant="gradient" gradient={gradient}>
            {AUTH.screens.signIn}
          </Button>
        </Stack>
      </form>
      {(googleClientId || facebookAppId) && (
        <>
          <Divider label={AUTH.screens.or} labelPosition="center" />
          <SocialSignIn googleClientId={googleClientId} facebookAppId={facebookAppId} onAnswer={onSocial} />
        </>
      )}
      <Text ta="center" size="sm">
        <Anchor component={Link} to={paths.signup} onClick={() => modal.close()} fw={500}>
          {A.notMember}
        </Anchor>
      </Text>
    </Stack>
  );
}

function ForgotForm({ email, onBack }: { email: string; onBack(email: string): void }) {
  const modal = useSignInModal();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof emailOnlySchema>, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    mode: 'onTouched',
    defaultValues: { email },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      notifySuccess((await requestPasswordReset(values.email)).message ?? A.resetSent);
      modal.close();
    } catch (error) {
      notifyError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {A.forgotIntro}
        </Text>
        <TextInput label={AUTH.screens.email} type="email" autoComplete="email" required data-autofocus error={errors.email?.message} {...register('email')} />
        <Button type="submit" size="md" fullWidth loading={isSubmitting} variant="gradient" gradient={gradient}>
          {AUTH.screens.reset}
        </Button>
        <Text ta="center" size="sm">
          <Anchor component="button" type="button" onClick={() => onBack(getValues('email'))}>
            {AUTH.screens.backToSignIn}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

export default function SignInDialog() {
  const modal = useSignInModal();
  // The e-mail typed in one mode follows into the other.
  const [email, setEmail] = useState('');
  const forgot = modal.mode === 'forgot';
  return (
    <LazyModal
      opened={modal.opened}
      onClose={modal.close}
      onExitTransitionEnd={() => {
        setEmail('');
        modal.setMode('login');
        modal.restoreFocus();
      }}
      title={forgot ? A.forgotTitle : A.signInTitle}
      centered
      radius="lg"
      size={440}
      padding="xl"
      overlayProps={{ backgroundOpacity: 0.45, blur: 3 }}
      styles={{ title: { fontSize: 24, fontWeight: 600 } }}
    >
      {forgot ? (
        <ForgotForm
          email={email}
          onBack={(typed) => {
            setEmail(typed);
            modal.setMode('login');
          }}
        />
      ) : (
        <LoginForm
          email={email}
          onForgot={(typed) => {
            setEmail(typed);
            modal.setMode('forgot');
          }}
        />
      )}
    </LazyModal>
  );
}
