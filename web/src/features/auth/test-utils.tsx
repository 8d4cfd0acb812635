/**
 * Rendering the account screens as the app does (Mantine, TanStack Query, session, sign-in
 * modal, a router) with fetch answered by a table of stubbed API routes.
 */
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import type { SessionResults } from '@creadefi/domain';
import { makeUser } from '../../test/render';
import { theme } from '../../app/theme';
import { SessionProvider } from '../../app/session';
import { SignInModalProvider } from '../../app/sign-in-modal-state';
import { SignInModal } from './SignInModal';

// Shared CI machines run many workers on two cores: give asynchronous screens more than 1 s.
configure({ asyncUtilTimeout: 4000 });

// The layout fetches the dialog on first opening; fetched here once, a test's first opening
// does not wait for a module transform on a busy machine.
await import('./SignInDialog');

export { makeUser, stubApi, type ApiCall as StubRequest } from '../../test/render';

/** The answer of GET /api/config with no sign-in provider configured. */
export const noProviders = { body: { results: { googleClientId: null, facebookAppId: null, paymentProvider: 'sandbox', devOutbox: true } } };

export function makeSession(overrides: Partial<SessionResults> = {}): SessionResults {
  const user = overrides.user ?? makeUser();
  return { token: 'jeton-de-test-0123456789', userId: user.id, isAdmin: user.isAdmin, user, ...overrides };
}

export function renderWithApp(routes: RouteObject[], { at = '/' }: { at?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <SignInModal />
          </>
        ),
        children: routes,
      },
    ],
    { initialEntries: [at] },
  );
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <SignInModalProvider>{children}</SignInModalProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(<RouterProvider router={router} />, { wrapper: Wrapper });
  return { ...view, router, queryClient };
}
