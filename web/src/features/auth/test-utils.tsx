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
import { vi } from 'vitest';
import type { PublicUser, SessionResults } from '@creadefi/domain';
import { theme } from '../../app/theme';
import { SessionProvider } from '../../app/session';
import { SignInModalProvider } from '../../app/sign-in-modal-state';
import { SignInModal } from './SignInModal';

// Shared CI machines run many workers on two cores: give asynchronous screens more than 1 s.
configure({ asyncUtilTimeout: 4000 });

// The layout fetches the dialog on first opening; fetched here once, a test's first opening
// does not wait for a module transform on a busy machine.
await import('./SignInDialog');

export interface StubRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body?: unknown };
type Handler = Answer | ((request: StubRequest) => Answer);

/**
 * Replaces fetch: `routes` maps "METHOD /api/path" to an answer or a function of the request.
 * Returns the list of requests received, in order.
 */
export function stubApi(routes: Record<string, Handler>): StubRequest[] {
  const calls: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: StubRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    const answer: Answer = typeof handler === 'function' ? handler(request) : (handler ?? { status: 404, body: { message: { message: 'Introuvable', code: 404 } } });
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** The answer of GET /api/config with no sign-in provider configured. */
export const noProviders = { body: { results: { googleClientId: null, facebookAppId: null, paymentProvider: 'sandbox', devOutbox: true } } };

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    pseudo: 'camille',
    email: 'camille@example.fr',
    firstName: 'Camille',
    lastName: null,
    phone: null,
    birthDate: null,
    country: null,
    lang: null,
    socialReason: null,
    companyName: null,
    isAdmin: false,
    isFirstTime: false,
    ownerId: null,
    payerId: null,
    isAuthenticated: true,
    wallet: { amount: 0 },
    ...overrides,
  };
}

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
