/**
 * Component-test helpers of the participation, proposals and My contests screens: a stubbed
 * API answering by "METHOD /api/path", a stubbed XMLHttpRequest for uploads, builders of the
 * answers, and a render inside the app's providers with a memory router, signed in through
 * the real session.
 */
import { type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { gainCents, type ContestDto, type FileDto, type MyContestRow, type ParticipationDto, type ProposalFilter, type ProposalsPage, type PublicUser } from '@creadefi/domain';
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
  url: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | undefined;
export type Handler = (call: ApiCall) => Answer | Promise<Answer>;

export const ok = (body: unknown = {}): Answer => ({ status: 200, body });
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): Answer => ({ status, body: { message: { message, code: status }, ...extra } });

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
    companyName: null,
    isAdmin: false,
    isFirstTime: false,
    ownerId: 'owner-1',
    payerId: 'payer-1',
    isAuthenticated: true,
    wallet: { amount: 0 },
    ...overrides,
  };
}

const DAY = 24 * 60 * 60 * 1000;

export function buildContest(overrides: Partial<ContestDto> & { format?: number } = {}): ContestDto {
  const { format = 1, ...rest } = overrides;
  const cost = rest.cost ?? 24000;
  return {
    id: 7,
    createdAt: '2025-03-04T10:00:00.000Z',
    endDate: new Date(Date.now() + 3 * DAY).toISOString(),
    status: 2,
    cost,
    gain: gainCents(cost),
    message: 'Nous cherchons un logo chaleureux pour notre boulangerie de quartier.',
    companyName: 'Boulangerie Dupain',
    companySkills: 'Du pain au levain cuit au feu de bois.',
    target: 'Les familles du quartier.',
    site: 'https://dupain.example.fr',
    idCategory: 1,
    idSubCategory: 1,
    idConcoureur: 99,
    participations: 3,
    hasParticipated: false,
    cursorModern: 3,
    cursorYoung: 2,
    cursorFun: 1,
    cursorLuxury: 4,
    step: 5,
    winners: 0,
    prizesPaid: 1,
    arrayOptions: [{ id: 101, nom: 'Fichiers sources vectoriels (AI, SVG, EPS)', prix: 3000, isPayant: true, isPrerequis: false }],
    subCategory: {
      id: 1,
      name: 'Logo',
      format,
      to: 'logo',
      categoryTo: 'design',
      options: [
        { id: 102, nom: "Cession complète des droits d'auteur", prix: 0, isPayant: false, isPrerequis: false },
        { id: 103, nom: 'Vos couleurs et typographies préférées', prix: 0, isPayant: false, isPrerequis: true },
      ],
    },
    User: { id: 99, pseudo: 'dupain' },
    isOwner: false,
    ...rest,
  };
}

export function buildFile(overrides: Partial<FileDto> = {}): FileDto {
  const id = overrides.id ?? 500;
  return {
    id,
    filename: `proposition-${id}.png`,
    filepath: `/api/files/${id}`,
    preview: `/api/files/${id}/preview`,
    inline: `/api/files/${id}/preview`,
    mime: 'image/png',
    size: 120_000,
    kind: 'participation',
    isFinalFile: false,
    createdAt: '2025-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function buildParticipation(overrides: Partial<ParticipationDto> = {}): ParticipationDto {
  const id = overrides.id ?? 40;
  const files = overrides.fileParticipants ?? [buildFile({ id: id * 10 })];
  return {
    id,
    idParticipation: id,
    idConcours: 7,
    idParticipant: 3,
    participant: { id: 3, pseudo: `talent${id}` },
    number: id - 39,
    inputText: null,
    isParticipating: true,
    isWinner: false,
    stars: 0,
    reported: false,
    createdAt: '2025-03-05T10:00:00.000Z',
    fileParticipants: files,
    participantFile: files,
    workFile: [],
    finalFile: [],
    finalSentAt: null,
    finalValidatedAt: null,
    ...overrides,
  };
}

export function buildProposalsPage(participations: ParticipationDto[], overrides: Partial<ProposalsPage> & { status?: number } = {}): ProposalsPage {
  const { status = 2, ...rest } = overrides;
  const counts: Record<ProposalFilter, number> = { all: participations.length, unrated: participations.filter((p) => !p.stars).length, low: 0, high: 0, winners: participations.filter((p) => p.isWinner).length };
  return {
    concours: { id: 7, status, companyName: 'Boulangerie Dupain', cost: 24000, gain: gainCents(24000), winners: counts.winners, prizesPaid: 1, subCategory: { id: 1, name: 'Logo', format: 1 } },
    participations,
    page: 1,
    pageSize: 12,
    total: participations.length,
    counts,
    ...rest,
  };
}

export function buildRow(overrides: Partial<MyContestRow> = {}): MyContestRow {
  return {
    id: 7,
    idParticipation: null,
    idConcours: 7,
    companyName: 'Boulangerie Dupain',
    subCategory: 'Logo',
    status: 2,
    cost: 24000,
    gain: gainCents(24000),
    createdAt: '2025-03-04T10:00:00.000Z',
    endDate: '2025-03-11T10:00:00.000Z',
    participations: 4,
    winners: 0,
    isWinner: null,
    ...overrides,
  };
}

/**
 * Replaces fetch: each call is recorded and answered by the handler of "METHOD /api/path"
 * (query string left out of the key). File previews answer an image; any other unexpected
 * call fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const [path, search = ''] = url.split('?') as [string, string?];
    const call: ApiCall = { method, path, url, query: new URLSearchParams(search), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler && method === 'GET' && /^\/api\/files\/\d+(\/preview)?$/.test(path)) return new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 });
    if (!handler) throw new Error(`Unexpected API call: ${method} ${url}`);
    const answer = (await handler(call)) ?? { status: 200, body: {} };
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** One upload seen by the stubbed XMLHttpRequest; the test decides when and how it ends. */
export class FakeUpload {
  static all: FakeUpload[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeUpload.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

export function mockUploads() {
  FakeUpload.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return FakeUpload.all;
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

/** Pages render once the profile is known, as the app's layout does (spec 1 §2). */
function AfterSession({ children }: { children: ReactElement }) {
  const { status } = useSession();
  return status === 'loading' ? null : children;
}

export interface RenderRouteOptions {
  path?: string;
  url?: string;
  user?: PublicUser | null;
  api?: Record<string, Handler>;
}

export function renderRoute(element: ReactElement, { path = '/', url = path, user = buildUser(), api = {} }: RenderRouteOptions = {}) {
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
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, server, queryClient };
}
