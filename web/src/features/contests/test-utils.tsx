/**
 * Component-test helpers of the contest, payment, participation, proposals and My contests
 * screens: a stubbed API answering by "METHOD /api/path", and a render inside the app's
 * providers with a memory router, signed in through the real session (its /user/me call is
 * answered by the stub).
 */
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { configure, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { ContestCardDto, ContestDto, PublicUser } from '@creadefi/domain';
import { gainCents, DAY_MS } from '@creadefi/domain';
import { TOKEN_KEY } from '../../api/client';
import { theme } from '../../app/theme';
import { SessionProvider, useSession } from '../../app/session';
import { callsTo, makeMember, stubApi, type ApiCall } from '../../test/render';

// The first render of a file pays for loading Mantine and the page: under a full parallel run
// that alone can outlast the default one second of findBy queries.
configure({ asyncUtilTimeout: 5000 });

// Mantine's autosizing Textarea listens to font loading, which happy-dom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

type Answer = { status?: number; body?: unknown } | undefined;
export type Handler = (call: ApiCall) => Answer | Promise<Answer>;
export type { ApiCall };

export const ok = (body: unknown = {}): Answer => ({ status: 200, body });
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): Answer => ({ status, body: { message: { message, code: status }, ...extra } });

export const buildUser = makeMember;

export function buildCard(overrides: Partial<ContestCardDto> = {}): ContestCardDto {
  const cost = overrides.cost ?? 24000;
  return {
    id: 7,
    createdAt: new Date().toISOString(),
    endDate: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    status: 2,
    cost,
    gain: gainCents(cost),
    message: 'Nous cherchons un logo chaleureux pour notre boulangerie de quartier.',
    companyName: 'Boulangerie Dupain',
    idCategory: 1,
    idSubCategory: 1,
    subCategory: { id: 1, name: 'Logo', format: 1, to: 'logo', categoryTo: 'design' },
    idConcoureur: 99,
    participations: 0,
    hasParticipated: false,
    guaranteed: true,
    ...overrides,
  };
}

export function buildContest(overrides: Partial<ContestDto> = {}): ContestDto {
  const card = buildCard(overrides);
  return {
    ...card,
    companySkills: 'Du pain au levain cuit au feu de bois.',
    target: 'Les familles du quartier.',
    site: 'https://dupain.example.fr',
    cursorModern: 3,
    cursorYoung: 2,
    cursorFun: 1,
    cursorLuxury: 4,
    step: 5,
    winners: 0,
    prizesPaid: 1,
    arrayOptions: [],
    subCategory: { ...card.subCategory, options: [] },
    User: { id: card.idConcoureur, pseudo: 'dupain' },
    isOwner: false,
    formats: { isPrivate: false, proposalsOpen: false, hasFinalRound: false, finalRoundStartedAt: null, finalists: 0, ndaAccepted: true, teaser: false },
    ...overrides,
  } as ContestDto;
}

const isFilePreview = (call: ApiCall) => call.method === 'GET' && /^\/api\/files\/\d+(\/preview)?$/.test(call.path);

/**
 * Replaces fetch: each call is recorded and answered by the handler of "METHOD /api/path"
 * (query string left out of the key). File previews answer an image; any other unexpected
 * call fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls = stubApi(handlers, { unknown: 'fail', fallback: (call) => (isFilePreview(call) ? new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }) : undefined) });
  return { calls, fetchMock: vi.mocked(fetch), callsTo: (key: string) => callsTo(calls, key) };
}

/** Shows where the router ended up and the state it carries, for redirect assertions. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="location">{location.pathname + location.search}</p>
      <p data-testid="location-state">{JSON.stringify(location.state ?? null)}</p>
    </div>
  );
}

/** Pages render once the profile is known, as the app's layout does (docs/product.md §11). */
function AfterSession({ children }: { children: ReactElement }) {
  const { status } = useSession();
  return status === 'loading' ? null : children;
}

export interface RenderRouteOptions {
  /** Route pattern of the element, e.g. "/concours/:category". */
  path?: string;
  /** Address opened first. */
  url?: string;
  /** Signed-in user; null renders as a guest. */
  user?: PublicUser | null;
  /** Extra answers of the stubbed API. */
  api?: Record<string, Handler>;
  strict?: boolean;
}

export function renderRoute(element: ReactElement, { path = '/', url = path, user = buildUser(), api = {}, strict = false }: RenderRouteOptions = {}) {
  localStorage.clear();
  if (user) localStorage.setItem(TOKEN_KEY, 'test-token');
  const server = mockApi({ 'GET /api/user/me': () => (user ? ok({ results: { user } }) : fail(401, 'Non connecté')), ...api });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: <AfterSession>{element}</AfterSession> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const tree = (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, router, server, queryClient };
}
