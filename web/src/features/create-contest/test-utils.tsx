/**
 * Component-test helpers of the creation wizard and the status page: a stubbed API answering
 * by "METHOD /api/path", fixtures built from the domain's catalogue, and a render inside the
 * app's providers with a memory router, signed in through the real session.
 */
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type InitialEntry, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { findSubCategory, optionsOf, findCategory, type PublicUser, type SubCategoryDto } from '@creadefi/domain';
import { TOKEN_KEY } from '../../api/client';
import { theme } from '../../app/theme';
import { SessionProvider, useSession } from '../../app/session';

// Mantine's autosizing Textarea listens to font loading, which happy-dom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body?: unknown };
type Handler = (call: ApiCall) => Answer | Promise<Answer>;

export const ok = (body: unknown = {}, status = 200): Answer => ({ status, body });
export const fail = (status: number, message: string, fields?: Record<string, string>): Answer => ({ status, body: { message: { message, code: status, fields } } });

export function buildUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 1,
    pseudo: 'camille',
    email: 'camille@example.fr',
    firstName: 'Camille',
    lastName: 'Martin',
    phone: null,
    birthDate: null,
    country: 'FR',
    lang: 'fr',
    socialReason: null,
    companyName: 'Boulangerie Dupain',
    isAdmin: false,
    isFirstTime: false,
    ownerId: 'owner-1',
    payerId: 'payer-1',
    isAuthenticated: true,
    wallet: { amount: 0 },
    ...overrides,
  };
}

/** The server's answer for a sub-category, built from the same catalogue it reads. */
export function buildSubCategory(id = 1): SubCategoryDto {
  const sub = findSubCategory(id)!;
  return {
    id: sub.id,
    idCategory: sub.idCategory,
    title: sub.title,
    name: sub.title,
    to: sub.slug,
    categoryTo: findCategory(sub.idCategory)!.slug,
    image: null,
    price: sub.priceCents,
    format: sub.format,
    type: sub.type,
    options: optionsOf(id).map((o) => ({ id: o.id, nom: o.nom, prix: o.prixCents, isPayant: o.isPayant, isPrerequis: o.isPrerequis })),
  };
}

/** Records every call and answers it by "METHOD /api/path"; an unexpected call fails loudly. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = String(input).split('?')[0]!;
    const call: ApiCall = { method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`Unexpected API call: ${method} ${path}`);
    const answer = await handler(call);
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

/** Where the router ended up, with the navigation state it carried. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="location">{location.pathname}</p>
      <p data-testid="location-state">{JSON.stringify(location.state ?? null)}</p>
    </div>
  );
}

function AfterSession({ children }: { children: ReactElement }) {
  const { status } = useSession();
  return status === 'loading' ? null : children;
}

export interface RenderAppOptions {
  routes: RouteObject[];
  initialEntries: InitialEntry[];
  user?: PublicUser;
  api?: Record<string, Handler>;
}

export function renderApp({ routes, initialEntries, user = buildUser(), api = {} }: RenderAppOptions) {
  localStorage.clear();
  localStorage.setItem(TOKEN_KEY, 'test-token');
  const server = mockApi({ 'GET /api/user/me': () => ok({ results: { user } }), ...api });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', element: <LocationProbe /> }], { initialEntries });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <AfterSession>
            <RouterProvider router={router} />
          </AfterSession>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, server };
}
