/**
 * Component-test helpers of the participation, proposals and My contests screens: a stubbed
 * XMLHttpRequest for uploads and builders of the answers; the stubbed API and the render are
 * the contest screens' ones.
 */
import { vi } from 'vitest';
import { gainCents, DAY_MS, type ContestDto, type FileDto, type MyContestRow, type ParticipationDto, type ProposalFilter, type ProposalsPage } from '@creadefi/domain';

export { buildUser, fail, LocationProbe, mockApi, ok, renderRoute, type ApiCall, type Handler, type RenderRouteOptions } from '../contests/test-utils';

export function buildContest(overrides: Partial<ContestDto> & { format?: number } = {}): ContestDto {
  const { format = 1, ...rest } = overrides;
  const cost = rest.cost ?? 24000;
  return {
    id: 7,
    createdAt: '2025-03-04T10:00:00.000Z',
    endDate: new Date(Date.now() + 3 * DAY_MS).toISOString(),
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
    guaranteed: true,
    formats: { isPrivate: false, proposalsOpen: false, hasFinalRound: false, finalRoundStartedAt: null, finalists: 0, ndaAccepted: true, teaser: false },
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
    inlineMime: 'image/webp',
    previewStatus: 'ready',
    waveform: null,
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
    isFinalist: false,
    stars: 0,
    reported: false,
    createdAt: '2025-03-05T10:00:00.000Z',
    fileParticipants: files,
    participantFile: files,
    workFile: [],
    finalFile: [],
    finalSentAt: null,
    finalValidatedAt: null,
    comment: null,
    lookalikes: [],
    ...overrides,
  };
}

export function buildProposalsPage(participations: ParticipationDto[], overrides: Partial<ProposalsPage> & { status?: number } = {}): ProposalsPage {
  const { status = 2, ...rest } = overrides;
  const counts: Record<ProposalFilter, number> = { all: participations.length, unrated: participations.filter((p) => !p.stars).length, low: 0, high: 0, winners: participations.filter((p) => p.isWinner).length };
  return {
    concours: { id: 7, status, companyName: 'Boulangerie Dupain', cost: 24000, gain: gainCents(24000), winners: counts.winners, prizesPaid: 1, subCategory: { id: 1, name: 'Logo', format: 1 }, hasFinalRound: false, finalRoundStartedAt: null, finalists: 0 },
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
    refunded: false,
    awaiting: null,
    contracts: [],
    ...overrides,
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
