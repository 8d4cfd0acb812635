/**
 * Registration (docs/product.md §8 and §11): the fields of the register call plus the CGU checkbox. The
 * form reuses domain's registerSchema, so the browser and the server refuse the same things.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { z } from 'zod';
import { PASSWORD_MIN, registerSchema, AUTH } from '@creadefi/domain';
import { GuestOnly } from '../../app/guards';
import { paths } from '../../app/paths';
import { notifyError } from '../../ui/feedback';
import { showServerFieldErrors } from '../../ui/form-errors';
import { useSignInModal } from '../../app/sign-in-modal-state';
import { register } from './api';
import { AuthShell } from './AuthShell';
import { CguCheckbox } from '../../ui/CguCheckbox';

const A = AUTH;

const signupFormSchema = registerSchema.safeExtend({
  cgu: z.boolean().refine((ticked) => ticked, A.cguNotAccepted),
});
type SignupInput = z.input<typeof signupFormSchema>;
type SignupValues = z.output<typeof signupFormSchema>;

export interface SignupSuccessState {
  title: string;
  text: string;
}

function SignupForm() {
  const navigate = useNavigate();
  const signIn = useSignInModal();
  const {
    register: field,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupValues>({
    resolver: zodResolver(signupFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', pseudo: '', firstName: '', lastName: '', password: '', confirmPassword: '', cgu: false },
  });

  const onSubmit = handleSubmit(async ({ cgu: _cgu, firstName, lastName, ...values }) => {
    try {
      // Optional names left blank are not sent at all rather than sent empty.
      const answer = await register({ ...values, ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}) });
      const state: SignupSuccessState = { title: A.registerTitle, text: answer.message ?? A.registered };
      navigate(paths.signupSuccess, { state });
    } catch (error) {
      const shown = showServerFieldErrors(error, setError, ['email', 'pseudo', 'firstName', 'lastName', 'password', 'confirmPassword'], {
        [A.emailTaken]: 'email',
        [A.pseudoTaken]: 'pseudo',
      });
      if (!shown) notifyError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {A.signupTitle}
          </Title>
          <Text c="dimmed" mt={6}>
            {A.signupIntro}
          </Text>
        </div>
        <TextInput label={AUTH.screens.email} type="email" autoComplete="email" required error={errors.email?.message} {...field('email')} />
        <TextInput label={AUTH.screens.pseudo} autoComplete="username" required description={AUTH.screens.pseudoHint} error={errors.pseudo?.message} {...field('pseudo')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={AUTH.screens.firstName} autoComplete="given-name" error={errors.firstName?.message} {...field('firstName')} />
          <TextInput label={AUTH.screens.lastName} autoComplete="family-name" error={errors.lastName?.message} {...field('lastName')} />
        </SimpleGrid>
        <PasswordInput
          label={AUTH.screens.password}
          autoComplete="new-password"
          required
          description={AUTH.screens.passwordHint(PASSWORD_MIN)}
          error={errors.password?.message}
          aria-invalid={errors.password ? true : undefined}
          {...field('password')}
        />
        <PasswordInput label={AUTH.screens.passwordConfirm} autoComplete="new-password" required error={errors.confirmPassword?.message} aria-invalid={errors.confirmPassword ? true : undefined} {...field('confirmPassword')} />
        <CguCheckbox error={errors.cgu?.message} {...field('cgu')} />
        <Button type="submit" size="md" fullWidth loading={isSubmitting} variant="gradient" gradient={{ from: 'orange', to: 'pink', deg: 135 }}>
          {AUTH.screens.signUp}
        </Button>
        <Group justify="center" gap={4}>
          <Anchor component="button" type="button" size="sm" onClick={() => signIn.open()}>
            {A.alreadyMember}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

export default function SignupPage() {
  return (
    <GuestOnly>
      <AuthShell brandTitle={AUTH.screens.signupBrand}>
        <SignupForm />
      </AuthShell>
    </GuestOnly>
  );
}
