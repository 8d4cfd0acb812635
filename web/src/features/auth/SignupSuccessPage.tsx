/**
 * After registration (docs/product.md §11): shows the title and server message passed in navigation
 * state; opened directly, without that state, it has nothing to say and sends to /.
 */
import { Link, Navigate, useLocation } from 'react-router';
import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { AUTH } from '@creadefi/domain';
import { paths } from '../../app/paths';
import { OutcomeCard } from './AuthShell';
import type { SignupSuccessState } from './SignupPage';

function isSuccessState(value: unknown): value is SignupSuccessState {
  const v = value as Partial<SignupSuccessState> | null;
  return typeof v?.title === 'string' && typeof v.text === 'string';
}

export default function SignupSuccessPage() {
  const { state } = useLocation();
  if (!isSuccessState(state)) return <Navigate to={paths.home} replace />;
  return (
    <OutcomeCard
      title={state.title}
      icon={
        <ThemeIcon size={56} radius="xl" variant="gradient" gradient={{ from: 'orange', to: 'pink', deg: 135 }}>
          <IconMailCheck size={30} aria-hidden />
        </ThemeIcon>
      }
    >
      <Text size="lg">{state.text}</Text>
      <Text c="dimmed" size="sm" mt="md">
        {AUTH.signupCheckInbox}
      </Text>
      <Group justify="center" mt="xl">
        <Button component={Link} to={paths.home} size="md" variant="gradient" gradient={{ from: 'orange', to: 'pink', deg: 135 }}>
          {AUTH.screens.homePage}
        </Button>
      </Group>
    </OutcomeCard>
  );
}
