/**
 * What a journey needs before it starts but does not test, done through the public HTTP API
 * as any client would: members whose address is verified and whose status form is filled
 * (so that their payment account and wallet exist), contests created and paid on the
 * sandbox's hosted page, proposals, winners. The screens under test are then driven in the
 * browser, each member in a browser context of their own.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { APIRequestContext, APIResponse, BrowserContext, ConsoleMessage, Page } from '@playwright/test';
import { expect, linkMailedTo, test as base, uniqueMember } from './fixtures';
import { E2E_ADMIN } from './admin';

export interface Member {
  id: number;
  email: string;
  pseudo: string;
  password: string;
  token: string;
}

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Sub-categories the journeys use, by their catalogue id (domain/src/catalogue.ts). */
export const SUB_CATEGORY = { logo: 1, slogan: 34 } as const;

/** The sandbox's test card that always succeeds, and an IBAN with a valid key. */
export const SANDBOX_CARD = '4970 1010 0000 0152';
export const TEST_IBAN = 'FR7630006000011234567890189';

async function answerOf<T>(response: APIResponse, what: string): Promise<T> {
  const body = (await response.json().catch(() => null)) as { results?: T; message?: unknown } | null;
  expect(response.ok(), `${what} : ${response.status()} ${JSON.stringify(body?.message ?? body)}`).toBe(true);
  return body?.results as T;
}

const bearer = (member: Pick<Member, 'token'>) => ({ authorization: `Bearer ${member.token}` });

async function post<T>(request: APIRequestContext, member: Pick<Member, 'token'>, path: string, data: unknown, what: string): Promise<T> {
  return answerOf<T>(await request.post(`/api${path}`, { headers: bearer(member), data }), what);
}

/** Registered, verified through the link mailed, signed in. */
async function verifiedMember(request: APIRequestContext, prefix: string): Promise<Member> {
  const member = uniqueMember(prefix);
  await answerOf(await request.post('/api/auth/register', { data: { ...member, confirmPassword: member.password } }), 'inscription');
  const link = await linkMailedTo(request, member.email, /Confirmez votre adresse e-mail/);
  const token = new URL(link).pathname.split('/').pop()!;
  await answerOf(await request.get(`/api/auth/confirmation/${token}`), 'vérification de l’adresse');
  const session = await answerOf<{ token: string; userId: number }>(await request.post('/api/auth/login', { data: { email: member.email, password: member.password } }), 'connexion');
  return { ...member, id: session.userId, token: session.token };
}

/**
 * The status form of a private person (statut 0), which opens the member's account and wallet
 * at the payment provider: needed both to organise and to take part (docs/product.md §1).
 */
async function fillStatus(request: APIRequestContext, member: Member, person: { firstName: string; lastName: string }): Promise<void> {
  await post(
    request,
    member,
    '/user/add/statut/',
    {
      statut: 0,
      ...person,
      birthday: '1988-06-14',
      nationality: 'FR',
      address: '8 rue de la Paix',
      zip: '69002',
      city: 'Lyon',
      country: 'FR',
      regimeTVA: false,
      beneficiaires: [],
      certified: true,
    },
    'statut de facturation',
  );
}

/** A verified member with a filled status form, ready to organise or take part. */
export async function readyMember(request: APIRequestContext, prefix: string, person: { firstName: string; lastName: string }): Promise<Member> {
  const member = await verifiedMember(request, prefix);
  await fillStatus(request, member, person);
  return member;
}

export interface ContestBrief {
  idSubCategory: number;
  /** Prize in cents. */
  cost: number;
  companyName: string;
  companySkills?: string;
  target?: string;
  message?: string;
  /** The formats (docs/product.md §3): public and blind when left out. */
  isPrivate?: boolean;
  proposalsOpen?: boolean;
  hasFinalRound?: boolean;
}

/** A card expiry in the future, as typed on the payment page (MM/AA). */
function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/**
 * Created, then paid on the sandbox's hosted payment page (an HTML form posted like a
 * browser would) and confirmed: the contest is open (status 2). Returns its id.
 */
export async function openContest(request: APIRequestContext, organiser: Member, brief: ContestBrief): Promise<number> {
  const created = await post<{ newConcours: { id: number } }>(
    request,
    organiser,
    '/concours/create',
    {
      companySkills: 'Une entreprise familiale qui torréfie son café à Lyon depuis 1952.',
      target: 'Des amateurs de café exigeants, de 25 à 45 ans, en ville.',
      message: 'Nous voulons une identité chaleureuse, moderne et facile à reconnaître.',
      ...brief,
      arrayOptions: [],
    },
    'création du concours',
  );
  const idConcours = created.newConcours.id;
  const payIn = await post<{ redirectUrl: string; transactionId: string }>(request, organiser, '/payment/create/web/payin', { idConcours, cardType: 'CB_VISA_MASTERCARD' }, 'ouverture du paiement');
  // The page's address carries its own secret: the form is posted where the page would post it.
  const page = new URL(payIn.redirectUrl);
  const paid = await request.post(page.pathname + page.search, {
    form: { number: SANDBOX_CARD, expiry: futureExpiry(), cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status(), `paiement sur la page de la banque : ${await paid.text().catch(() => '')}`).toBe(303);
  const query = new URLSearchParams({ idConcours: String(idConcours), transactionId: payIn.transactionId });
  await answerOf(await request.get(`/api/payment/confirmation/web/payin?${query}`, { headers: bearer(organiser) }), 'confirmation du paiement');
  const contest = await answerOf<{ concours: { status: number } }>(await request.get(`/api/concours/read/${idConcours}`, { headers: bearer(organiser) }), 'lecture du concours');
  expect(contest.concours.status, 'le concours payé est ouvert').toBe(2);
  return idConcours;
}

/** A promo code created by the platform's administrator, as the admin API takes it. Returns its code. */
export async function adminPromoCode(request: APIRequestContext, promo: { code: string; percentOff?: number; amountOffCents?: number; maxUses?: number }): Promise<string> {
  const session = await answerOf<{ token: string }>(await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } }), 'connexion de l’administrateur');
  const created = await post<{ promoCode: { code: string } }>(request, session, '/admin/promo-codes', promo, 'création du code promo');
  return created.promoCode.code;
}

/**
 * Moves a contest and its proposals `hours` back in time, then runs every scheduled pass once
 * (a dev-only route, for the platform's administrator): a delay has passed.
 */
export async function rewindContest(request: APIRequestContext, idConcours: number, hours: number): Promise<void> {
  const session = await answerOf<{ token: string }>(await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } }), 'connexion de l’administrateur');
  await post(request, session, `/dev/contests/${idConcours}/rewind`, { hours }, 'retour en arrière du concours');
}

/** The journeys' administrator, signed in through the API. */
export async function adminMember(request: APIRequestContext): Promise<Member> {
  const answer = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(answer.ok(), 'connexion de l’administrateur').toBe(true);
  const { results } = (await answer.json()) as { results: { token: string; userId: number; user: { pseudo: string } } };
  return { ...E2E_ADMIN, id: results.userId, pseudo: results.user.pseudo, token: results.token };
}

/** A proposal with files, as the participation dialogs would send it. Returns the participation id. */
export async function participateWithFiles(request: APIRequestContext, talent: Member, idConcours: number, files: UploadFile[]): Promise<number> {
  const { participation } = await post<{ participation: { id: number } }>(request, talent, '/concours/add/participation', { idConcours, commitment: true }, 'participation');
  for (const file of files) {
    const response = await request.post(`/api/participation/addFile/${participation.id}`, {
      headers: bearer(talent),
      multipart: { idConcours: String(idConcours), fileParticipation: file },
    });
    await answerOf(response, `envoi de ${file.name}`);
  }
  return participation.id;
}

/** The organiser chooses one winner and finalises: the contest awaits final files (status 4). */
export async function chooseWinnerAndFinalise(request: APIRequestContext, organiser: Member, idConcours: number, idParticipation: number): Promise<void> {
  await post(request, organiser, '/concours/winner/add', { idConcours, idParticipationWinner: idParticipation }, 'choix du gagnant');
  await post(request, organiser, '/concours/winner/prefinal', { idConcours }, 'finalisation');
}

/** Chromium's console line for an API refusal the screen handles (fixtures.ts reads them the same way). */
function isExpectedRefusal(message: ConsoleMessage): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) && /\/api\//.test(message.location().url);
}

/**
 * The journeys' test: besides the default page, `memberPage(member)` opens a browser context
 * of its own already signed in as `member` (the session token in the site's storage, as the
 * sign-in dialog leaves it), with the test's options, and returns its page. Console errors of
 * its pages fail the test like those of the default page; the contexts are closed afterwards
 * whatever the outcome.
 */
export const test = base.extend<{ memberPage: (member: Member) => Promise<Page> }>({
  memberPage: async ({ browser, baseURL, locale, timezoneId, viewport, consoleErrors }, use) => {
    const contexts: BrowserContext[] = [];
    const watch = (page: Page) => {
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpectedRefusal(message)) consoleErrors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => consoleErrors.push(`${error.name}: ${error.message}`));
    };
    await use(async (member) => {
      // A context opened by hand does not inherit the configuration's options: they are passed on.
      const context = await browser.newContext({
        baseURL,
        locale,
        timezoneId,
        viewport,
        storageState: { cookies: [], origins: [{ origin: new URL(baseURL!).origin, localStorage: [{ name: 'creadefi.token', value: member.token }] }] },
      });
      contexts.push(context);
      context.on('page', watch);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };

/** Signs the default page of a test in as `member`, before its first visit. */
export async function signInPage(page: Page, member: Member): Promise<void> {
  // Written once: a sign-out during the journey stays a sign-out. Only on the site's pages: a
  // blank page of the context (axe opens one to gather its results) has no storage to read.
  await page.context().addInitScript({ content: `if (location.protocol.startsWith('http') && !sessionStorage.getItem('e2e.signed')) { sessionStorage.setItem('e2e.signed', '1'); localStorage.setItem('creadefi.token', ${JSON.stringify(member.token)}); }` });
}

/* ---------- Files the journeys send ---------- */

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Eight by eight shades drawn from `seed`: what tells two unrelated test designs apart. */
function blocksOf(seed: string): number[] {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return Array.from({ length: 64 }, () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h >>> 0) % 121) - 60;
  });
}

/**
 * A real PNG drawn here, so that thumbnails and previews look like a design: a diagonal
 * gradient between two colours under a pattern of shaded blocks, with a round mark in the
 * middle. The pattern comes from `seed`, new for each drawing unless given: the originality
 * check takes two drawings of one seed for near copies, and any other two for different works.
 */
export function pngFile(name: string, from: Rgb, to: Rgb, { width = 320, height = 240, seed = randomUUID() as string }: { width?: number; height?: number; seed?: string } = {}): UploadFile {
  const rows: Buffer[] = [];
  const radius = Math.min(width, height) / 4;
  const blocks = blocksOf(seed);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const inMark = (x - width / 2) ** 2 + (y - height / 2) ** 2 < radius ** 2;
      const shade = blocks[Math.floor((y * 8) / height) * 8 + Math.floor((x * 8) / width)]!;
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = inMark ? 255 : Math.max(0, Math.min(255, Math.round(from[c]! + (to[c]! - from[c]!) * t + shade)));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    // A note of its own: two talents sending the same bytes are refused as a copy, and the
    // journeys share one server, so two drawings of the same colours must still differ.
    chunk('tEXt', Buffer.from(`Comment\0${name} ${randomUUID()}`, 'latin1')),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A one-page PDF with a line of text, as a final file's companion (a usage guide). */
export function pdfFile(name: string, text: string): UploadFile {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}
