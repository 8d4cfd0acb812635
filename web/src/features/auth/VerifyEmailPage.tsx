/**
 * E-mail verification (docs/product.md §11): the link's token is sent once when the page opens, with a
 * spinner until the answer; success offers to sign in, failure to receive a new link. A link
 * opened again on a verified account says so and offers to sign in too.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Loader, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconMailForward } from '@tabler/icons-react';
import { emailOnlySchema, AUTH } from '@creadefi/domain';
import type { z } from 'zod';
import { notifyError } from '../../ui/feedback';
import { useSignInModal } from '../../app/sign-in-modal-state';
import { confirmEmail, resendVerification } from './api';
import { OutcomeCard, SignInOutcome } from './AuthShell';
import { linkAnswers, useLinkOutcome, type LinkOutcome } from '../../ui/link-once';

const A = AUTH;

type Outcome = LinkOutcome<{ alreadyVerified: boolean }>;

const confirmations = linkAnswers(confirmEmail, A.verified);
/** For tests: forget the answers already received. */
export const resetConfirmations = confirmations.reset;

const gradient = { from: 'orange', to: 'pink', deg: 135 };

function ResendLinkForm() {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof emailOnlySchema>, unknown, z.output<typeof emailOnlySchema>>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      setSent((await resendVerification(email)).message ?? A.verificationResent);
    } catch (error) {
      notifyError(error);
    }
  });

  if (sent) {
    return (
      <Alert color="green" variant="light" icon={<IconMailForward size={20} aria-hidden />} ta="left" role="status">
        {sent}
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" ta="left">
        <Text size="sm" c="dimmed">
          {A.verifyNewLink}
        </Text>
        <TextInput label={AUTH.screens.email} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <Button type="submit" loading={isSubmitting} variant="gradient" gradient={gradient} fullWidth>
          {AUTH.screens.receiveNewLink}
        </Button>
      </Stack>
    </form>
  );
}

function VerificationResult({ outcome }: { outcome: Outcome }) {
  const signIn = useSignInModal();
  if (outcome.ok) {
    return (
      <SignInOutcome
        title={outcome.results?.alreadyVerified ? A.alreadyVerifiedTitle : A.verifySuccessTitle}
        icon={<IconCircleCheck size={32} aria-hidden />}
        message={outcome.message}
        onSignIn={() => signIn.open()}
      />
    );
  }
  return (
    <OutcomeCard
      title={A.verifyFailTitle}
      icon={
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconCircleX size={32} aria-hidden />
        </ThemeIcon>
      }
    >
      <Text size="lg" mb="lg">
        {outcome.message}
      </Text>
      <ResendLinkForm />
    </OutcomeCard>
  );
}

function Pending() {
  return (
    <OutcomeCard title={A.verifyPending} icon={<Loader color="orange" size="lg" aria-label={AUTH.screens.loading} />}>
      <Text c="dimmed">{AUTH.screens.verifying}</Text>
    </OutcomeCard>
  );
}

export default function VerifyEmailPage() {
  const { emailToken = '' } = useParams();
  const outcome = useLinkOutcome(confirmations, emailToken);
  return outcome ? <VerificationResult outcome={outcome} /> : <Pending />;
}
