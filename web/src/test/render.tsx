/**
 * Renders a piece of the app inside the providers it runs with (Mantine, TanStack Query,
 * session, sign-in modal state, a router), with fetch answered by a table of stubbed /api
 * routes. Sections that wait to come into view render at once here.
 */
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { PublicUser } from '@creadefi/domain';
import { theme } from '../app/theme';
import { TOKEN_KEY } from '../api/client';
import { SessionProvider } from '../app/session';
import { SignInModalProvider, useSignInModal } from '../app/sign-in-modal-state';

export interface ApiCall {
  method: string;
  path: string;
  /** The query string, for routes that answer by it (paging). */
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown };
/** A JSON answer, or a whole Response for what is not JSON (a live event stream). */
export type ApiRoutes = Record<string, Answer | ((call: ApiCall) => Answer | Response)>;

/** Replaces fetch: keys are "METHOD /api/path"; unknown routes answer 404. Returns the calls received. */
export function stubApi(routes: ApiRoutes = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = { method: (init.method ?? 'GET').toUpperCase(), path: url.pathname, query: url.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      const answer = typeof handler === 'function' ? handler(call) : (handler ?? { status: 404, body: { message: { message: 'Introuvable', code: 404 } } });
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Reports every observed element as visible straight away. */
class InstantIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const entry = { target, isIntersecting: true, intersectionRatio: 1, boundingClientRect: target.getBoundingClientRect(), intersectionRect: target.getBoundingClientRect(), rootBounds: null, time: 0 };
    queueMicrotask(() => this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

// Lazily loaded widgets (contact form, drawer, sliders) take a moment to import on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

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

/** The answer of GET /api/user/me for a signed-in test user. */
export function meRoute(user: PublicUser = makeUser()): ApiRoutes {
  return { 'GET /api/user/me': { body: { results: { user } } } };
}

/** Shows the sign-in modal state and the current location, for assertions. */
function Probes() {
  const { opened } = useSignInModal();
  const location = useLocation();
  return (
    <>
      <output data-testid="sign-in-modal">{opened ? 'ouverte' : 'fermée'}</output>
      <output data-testid="location">{location.pathname + location.hash}</output>
    </>
  );
}

interface RenderOptions {
  /** Starting URL. */
  at?: string;
  /** Signs in before rendering: stores a token (the profile comes from the stubbed /api/user/me). */
  signedIn?: boolean;
}

export function renderWithProviders(ui: ReactElement, { at = '/', signedIn = false }: RenderOptions = {}) {
  vi.stubGlobal('IntersectionObserver', InstantIntersectionObserver);
  if (signedIn) localStorage.setItem(TOKEN_KEY, 'jeton-de-test-0123456789');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <SignInModalProvider>
            <MemoryRouter initialEntries={[at]}>
              <Routes>
                <Route path="*" element={ui} />
              </Routes>
              <Probes />
            </MemoryRouter>
          </SignInModalProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}
