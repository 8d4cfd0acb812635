/**
 * Password recovery (docs/product.md §11): the new password twice, checked with domain's rules; a
 * dialog confirms the change and leads to the sign-in modal.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { PASSWORD_MIN, recoverPasswordSchema, AUTH } from '@creadefi/domain';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { notifyError } from '../../ui/feedback';
import { showServerFieldErrors } from '../../ui/form-errors';
import { useSignInModal } from '../../app/sign-in-modal-state';
import { recoverPassword } from './api';
import { AuthShell } from './AuthShell';
import { LazyModal } from '../../ui/LazyModal';

const A = AUTH;
const gradient = { from: 'orange', to: 'pink', deg: 135 };

export default function RecoverPasswordPage() {
  const { emailToken = '' } = useParams();
  const signIn = useSignInModal();
  const [done, setDone] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof recoverPasswordSchema>, unknown, z.output<typeof recoverPasswordSchema>>({
    resolver: zodResolver(recoverPasswordSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setLinkRefused(false);
    try {
      setDone((await recoverPassword(emailToken, values)).message ?? A.resetDone);
    } catch (error) {
      if (showServerFieldErrors(error, setError, ['newPassword', 'confirmPassword'])) return;
      // A used or expired link cannot be fixed on this page: offer a new one instead.
      if (error instanceof ApiError && error.status === 400) setLinkRefused(true);
      else notifyError(error);
    }
  });

  const goToSignIn = (mode: 'login' | 'forgot') => {
    setDone(null);
    signIn.open(mode);
  };

  return (
    <AuthShell brandTitle={AUTH.screens.recoverBrand}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {A.recoverTitle}
            </Title>
            <Text c="dimmed" mt={6}>
              {A.recoverIntro}
            </Text>
          </div>
          {linkRefused && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={A.linkInvalid} role="alert">
              <Text size="sm" mb="xs">
                {AUTH.screens.askNewLink}
              </Text>
              <Button size="xs" variant="white" color="red" onClick={() => goToSignIn('forgot')}>
                {AUTH.screens.askNewLinkButton}
              </Button>
            </Alert>
          )}
          <PasswordInput
            label={AUTH.screens.password}
            autoComplete="new-password"
            required
            description={AUTH.screens.passwordHint(PASSWORD_MIN)}
            error={errors.newPassword?.message}
            aria-invalid={errors.newPassword ? true : undefined}
            {...register('newPassword')}
          />
          <PasswordInput label={AUTH.screens.passwordConfirm} autoComplete="new-password" required error={errors.confirmPassword?.message} aria-invalid={errors.confirmPassword ? true : undefined} {...register('confirmPassword')} />
          <Button type="submit" size="md" fullWidth loading={isSubmitting} variant="gradient" gradient={gradient}>
            {AUTH.screens.reset}
          </Button>
        </Stack>
      </form>

      <LazyModal opened={done !== null} onClose={() => setDone(null)} centered radius="lg" title={A.recoverDoneTitle} withCloseButton>
        <Stack align="center" ta="center" gap="md" pb="xs">
          <ThemeIcon size={56} radius="xl" variant="gradient" gradient={gradient}>
            <IconCircleCheck size={32} aria-hidden />
          </ThemeIcon>
          <Text>{done}</Text>
          <Button variant="gradient" gradient={gradient} onClick={() => goToSignIn('login')}>
            {AUTH.screens.signInButton}
          </Button>
        </Stack>
      </LazyModal>
    </AuthShell>
  );
}
