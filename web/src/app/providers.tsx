import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme } from './theme';
import { SessionProvider } from '../features/auth/session';
import { SignInModalProvider } from '../features/auth/sign-in-modal-state';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-center" zIndex={4000} limit={3} />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <SignInModalProvider>{children}</SignInModalProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
