/**
 * Who may call what: every route the server registers × every kind of caller, with the
 * status each must get. access-control.test.ts sends every cell and fails on any route the
 * server serves without a row here.
 *
 * Columns, in this order: visitor, stranger, organiser, participant, winner, admin
 * (see world.ts for who they are). A route can have several rows, one per object it is
 * asked about (the caller's own, someone else's, at another status).
 *
 * Refused cells (4xx) must leave every row and every stored file as they were; `unchanged`
 * names successful cells that must not change anything either (e.g. marking read someone
 * else's notifications).
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { TEST_IBANS, buildContest, buildPaidContest, buildPromoCode, buildProposal, buildUser, type TestUser } from '../test/factories';
import { multipartBody, pdfBytes, realPng } from '../modules/files/test-helpers';
import { SANDBOX_STYLESHEET_PATH } from '../adapters/payments/sandbox-page';
import { eq } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '@creadefi/domain';
import { contests, disputes, participations, refundRequests, reports, users } from '../db/schema';
import { failedPayout } from '../modules/wallet/test-helpers';
import { personStatut, type ContestObjects, type Role, type SignedInRole, type World } from './world';

type Expect = readonly [visitor: number, stranger: number, organiser: number, participant: number, winner: number, admin: number];

interface Call {
  world: World;
  role: Role;
  /** What `prepare` built for this row (shared by the row's cells). */
  target: unknown;
  /** The new person calling in a `fresh: 'user'` row. */
  caller?: TestUser;
}

export interface AccessRow {
  /** `METHOD /path` exactly as registered. */
  route: string;
  /** Which object, whose. */
  about: string;
  expect: Expect;
  request: (call: Call) => InjectOptions | Promise<InjectOptions>;
  /** Builds the row's own objects when its allowed calls change them for good. */
  prepare?: (world: World) => Promise<unknown>;
  /**
   * `session`: each signed-in cell calls with a new session of its person (the call ends it);
   * `user`: with a new person of the same kind (the call changes the caller for good).
   */
  fresh?: 'session' | 'user';
  /** Successful cells that must change nothing. */
  unchanged?: readonly SignedInRole[];
  /** An answer streamed without end (server-sent events): only its status is read. */
  stream?: boolean;
  /** Extra checks on a cell's answer (e.g. that it speaks of the caller's data only). */
  check?: (call: Call, res: LightMyRequestResponse) => void | Promise<void>;
}

const PUBLIC: Expect = [200, 200, 200, 200, 200, 200];
const SIGNED_IN: Expect = [401, 200, 200, 200, 200, 200];
/** A paid contest of the organiser's, ended (3) without a winner, extended once already or not. */
async function endedWithoutWinner(world: World, extended: boolean): Promise<number> {
  const contest = await buildPaidContest(world.t.ctx, world.users.organiser);
  const now = world.t.ctx.clock();
  await world.t.ctx.db
    .update(contests)
    .set({ status: 3, endedAt: now, extendedAt: extended ? now : null })
    .where(eq(contests.id, contest.id));
  return contest.id;
}

/** The organiser's contest with a final round, its qualifying period over, with the participant's proposal (a finalist or not). */
async function qualifiedContest(world: World, finalist = false): Promise<{ idConcours: number; idParticipation: number }> {
  const contest = await buildContest(world.t.ctx, world.users.organiser, { hasFinalRound: true });
  const idParticipation = await buildProposal(world.t.ctx, contest.id, world.users.participant);
  await world.t.ctx.db.update(contests).set({ status: 3, endedAt: world.t.ctx.clock(), finalistsCount: finalist ? 1 : 0 }).where(eq(contests.id, contest.id));
  if (finalist) await world.t.ctx.db.update(participations).set({ isFinalist: true }).where(eq(participations.id, idParticipation));
  return { idConcours: contest.id, idParticipation };
}

/** A refund request waiting in the queue until the admin's cell decides it. */
async function pendingRefundRequest(world: World): Promise<number> {
  const contestId = await endedWithoutWinner(world, true);
  const [request] = await world.t.ctx.db.insert(refundRequests).values({ contestId, userId: world.users.organiser.id }).returning({ id: refundRequests.id });
  return request!.id;
}

interface Poll {
  token: string;
}

/** A poll over the open contest's two proposals, created by its organiser. */
async function pollOfOrganiser(world: World): Promise<Poll> {
  const res = await world.call('organiser', { method: 'POST', url: `/api/concours/${world.open.contestId}/polls`, payload: { participations: [world.open.participant.participationId, world.open.winner.participationId] } });
  return res.json().results as Poll;
}

/** A report of a fresh open contest's proposal, open until the admin's cell decides it. */
async function openReport(world: World): Promise<number> {
  const open = await world.fresh.open();
  const [report] = await world.t.ctx.db
    .insert(reports)
    .values({ participationId: open.participant.participationId, reporterId: world.users.organiser.id, reason: 'off_topic' })
    .returning({ id: reports.id });
  return report!.id;
}
/** A fresh open contest and an end a day after its own. */
async function extensibleContest(world: World): Promise<{ contestId: number; endDate: string }> {
  const { contestId } = await world.fresh.open();
  const [row] = await world.t.ctx.db.select({ endDate: contests.endDate }).from(contests).where(eq(contests.id, contestId));
  return { contestId, endDate: new Date(row!.endDate!.getTime() + DAY_MS).toISOString() };
}

/** An open dispute over a fresh finalised contest's winner, until the admin's cell settles it. */
async function openDispute(world: World): Promise<number> {
  const finalised = await world.fresh.finalised();
  const [dispute] = await world.t.ctx.db
    .insert(disputes)
    .values({ participationId: finalised.winner.participationId, openedBy: world.users.organiser.id, reason: 'Les fichiers ne suivent pas le brief.' })
    .returning({ id: disputes.id });
  return dispute!.id;
}

const uid = () => randomBytes(4).toString('hex');

/** The stored PNG every multipart row sends (generated once). */
let pngBytes: Buffer | null = null;
async function png(): Promise<Buffer> {
  pngBytes ??= await realPng(64, 64);
  return pngBytes;
}

async function upload(url: string, field: string, file: { filename: string; content: Buffer; contentType: string }, fields: { name: string; value: string }[] = []): Promise<InjectOptions> {
  const body = multipartBody([...fields, { name: field, ...file }]);
  return { method: 'POST', url, headers: body.headers, payload: body.payload };
}

/** A new member who sent a photo (then was suspended, if asked): the photo's address. */
async function memberWithPhoto(world: World, { suspended = false } = {}): Promise<string> {
  const member = await buildUser(world.t.ctx);
  const request = await upload('/api/profile/avatar', 'avatar', { filename: 'photo.png', content: await png(), contentType: 'image/png' });
  const sent = await world.t.app.inject({ ...request, method: 'PUT', headers: { ...request.headers, ...member.headers } });
  if (sent.statusCode !== 200) throw new Error(`photo: ${sent.statusCode} ${sent.body}`);
  if (suspended) await world.t.ctx.db.update(users).set({ suspendedAt: world.t.ctx.clock() }).where(eq(users.id, member.id));
  return sent.json().results.avatarUrl as string;
}

const openOf = (c: Call) => c.target as ContestObjects;

/** A finalised contest whose winner let the 48 hours to accept pass, sending nothing: the organiser may replace them by the participant. */
async function lateWinner(world: World): Promise<ContestObjects> {
  const c = await world.fresh.open();
  const res = await world.call('organiser', { method: 'POST', url: '/api/concours/winner/prefinal', payload: { idConcours: c.contestId } });
  if (res.statusCode !== 200) throw new Error(`finalising: ${res.statusCode} ${res.body}`);
  await world.t.ctx.db
    .update(participations)
    .set({ acceptanceDueAt: new Date(world.t.clock.now().getTime() - HOUR_MS) })
    .where(eq(participations.id, c.winner.participationId));
  return c;
}
const worldContests = (w: World) => [w.open.contestId, w.finalised.contestId, w.finished.contestId, w.pending.contestId];

export const ACCESS_TABLE: AccessRow[] = [
  // Public -------------------------------------------------------------------------------
  { route: 'GET /api/health', about: 'health', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/health' }) },
  { route: 'GET /api/config', about: 'public configuration', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/config' }) },
  { route: 'GET /api/dev/outbox', about: 'development outbox (absent in production)', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/dev/outbox' }) },
  {
    route: 'POST /api/dev/contests/:id/rewind',
    about: 'moving a contest back in time (absent in production)',
    expect: [401, 403, 403, 403, 403, 200],
    request: ({ world }) => ({ method: 'POST', url: `/api/dev/contests/${world.strangerContestId}/rewind`, payload: { hours: 1 } }),
  },
  { route: 'GET /api/docs', about: 'OpenAPI documentation', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/docs' }) },
  { route: 'GET /api/docs/static/index.html', about: 'OpenAPI documentation', expect: [302, 302, 302, 302, 302, 302], request: () => ({ method: 'GET', url: '/api/docs/static/index.html' }) },
  { route: 'GET /api/docs/static/swagger-initializer.js', about: 'OpenAPI documentation', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }) },
  { route: 'GET /api/docs/static/*', about: 'OpenAPI documentation (files)', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }) },
  { route: 'GET /api/docs/json', about: 'OpenAPI description', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/docs/json' }) },
  { route: 'GET /api/docs/yaml', about: 'OpenAPI description', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/docs/yaml' }) },
  { route: 'GET /api/subcategory/read/:id', about: 'catalogue', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/subcategory/read/1' }) },
  {
    route: 'POST /api/contact',
    about: 'contact form',
    expect: PUBLIC,
    request: () => ({ method: 'POST', url: '/api/contact', payload: { name: 'Jeanne', email: 'jeanne@exemple.fr', objet: 'Question', message: 'Bonjour' } }),
  },

  // Accounts -----------------------------------------------------------------------------
  {
    route: 'POST /api/auth/register',
    about: 'sign-up',
    expect: [201, 201, 201, 201, 201, 201],
    request: () => {
      const id = uid();
      return { method: 'POST', url: '/api/auth/register', payload: { pseudo: `acces_${id}`, email: `acces-${id}@exemple.fr`, password: 'MotDePasse123!', confirmPassword: 'MotDePasse123!' } };
    },
  },
  { route: 'GET /api/auth/confirmation/:emailToken', about: 'unknown link', expect: [400, 400, 400, 400, 400, 400], request: () => ({ method: 'GET', url: `/api/auth/confirmation/${'x'.repeat(43)}` }) },
  { route: 'POST /api/auth/verification/resend', about: 'unknown address', expect: PUBLIC, request: () => ({ method: 'POST', url: '/api/auth/verification/resend', payload: { email: `inconnu-${uid()}@exemple.fr` } }) },
  {
    route: 'POST /api/auth/login',
    about: 'unknown address',
    expect: [401, 401, 401, 401, 401, 401],
    request: () => ({ method: 'POST', url: '/api/auth/login', payload: { email: `inconnu-${uid()}@exemple.fr`, password: 'MotDePasse123!' } }),
  },
  { route: 'POST /api/auth/login/google', about: 'provider not configured', expect: [400, 400, 400, 400, 400, 400], request: () => ({ method: 'POST', url: '/api/auth/login/google', payload: { tokenId: 'jeton' } }) },
  {
    route: 'POST /api/auth/login/facebook',
    about: 'provider not configured',
    expect: [400, 400, 400, 400, 400, 400],
    request: () => ({ method: 'POST', url: '/api/auth/login/facebook', payload: { accessToken: 'jeton', userID: '42' } }),
  },
  { route: 'POST /api/auth/pswd/lost', about: 'unknown address', expect: PUBLIC, request: () => ({ method: 'POST', url: '/api/auth/pswd/lost', payload: { email: `inconnu-${uid()}@exemple.fr` } }) },
  {
    route: 'POST /api/auth/pswd/recover/:emailToken',
    about: 'unknown link',
    expect: [400, 400, 400, 400, 400, 400],
    request: () => ({ method: 'POST', url: `/api/auth/pswd/recover/${'x'.repeat(43)}`, payload: { newPassword: 'NouveauMotDePasse1', confirmPassword: 'NouveauMotDePasse1' } }),
  },
  {
    route: 'POST /api/auth/email-change/undo/:emailToken',
    about: 'unknown link',
    expect: [400, 400, 400, 400, 400, 400],
    request: () => ({ method: 'POST', url: `/api/auth/email-change/undo/${'x'.repeat(43)}` }),
  },
  { route: 'POST /api/auth/logout', about: 'own session', expect: SIGNED_IN, fresh: 'session', request: () => ({ method: 'POST', url: '/api/auth/logout' }) },

  // The caller's own account -------------------------------------------------------------
  {
    route: 'GET /api/user/me',
    about: 'own account',
    expect: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/user/me' }),
    check: ({ world, role }, res) => {
      if (role !== 'visitor') expectEqual(res.json().results.user.id, world.users[role].id, 'user/me speaks of the caller');
    },
  },
  {
    route: 'POST /api/user/update',
    about: 'own profile (a new address needs the current password: kept here)',
    expect: SIGNED_IN,
    fresh: 'user',
    request: ({ caller }) => ({ method: 'POST', url: '/api/user/update', payload: { pseudo: `profil_${uid()}`, email: caller?.email ?? `profil-${uid()}@exemple.fr`, firstName: 'Léa' } }),
  },
  { route: 'GET /api/user/finish/tutorial', about: 'own tutorial', expect: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/user/finish/tutorial' }) },
  {
    route: 'GET /api/user/concours/organisateur',
    about: 'own contests',
    expect: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/user/concours/organisateur' }),
    check: ({ world, role }, res) => {
      if (role === 'visitor' || role === 'organiser') return;
      const ids = (res.json().results.rows as { idConcours: number }[]).map((r) => r.idConcours);
      expectEqual(ids.some((id) => worldContests(world).includes(id)), false, 'no contest of the organiser');
    },
  },
  {
    route: 'GET /api/user/concours/participant',
    about: 'own participations',
    expect: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/user/concours/participant' }),
    check: ({ world, role }, res) => {
      if (role === 'organiser' || role === 'admin') expectEqual(res.json().results.total, 0, 'no participation of someone else');
      if (role === 'stranger') {
        const ids = (res.json().results.rows as { idConcours: number }[]).map((r) => r.idConcours);
        expectEqual(ids.some((id) => worldContests(world).includes(id)), false, 'no participation of someone else');
      }
    },
  },
  {
    route: 'GET /api/user/get/statut',
    about: 'own status form (only the winner has one)',
    expect: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/user/get/statut' }),
    check: ({ role }, res) => {
      if (role !== 'visitor') expectEqual(res.json().results.statut === null, role !== 'winner', 'the statut shown is the caller’s');
    },
  },
  { route: 'POST /api/user/add/statut/', about: 'own status form', expect: SIGNED_IN, fresh: 'user', request: () => ({ method: 'POST', url: '/api/user/add/statut/', payload: personStatut() }) },
  { route: 'POST /api/user/add/statut', about: 'own status form (path without the final slash)', expect: SIGNED_IN, fresh: 'user', request: () => ({ method: 'POST', url: '/api/user/add/statut', payload: personStatut() }) },
  {
    route: 'GET /api/user/bank-details',
    about: 'own bank details',
    expect: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/user/bank-details' }),
    check: ({ role }, res) => {
      if (role !== 'visitor' && role !== 'winner') expectEqual(res.json().results.bankAccount, null, 'no one else’s bank account');
    },
  },
  {
    route: 'POST /api/user/bank-details',
    about: 'own bank details (only the winner filled in the status form)',
    expect: [401, 409, 409, 409, 200, 409],
    request: () => ({ method: 'POST', url: '/api/user/bank-details', payload: { name: 'Titulaire', iban: TEST_IBANS.valid } }),
  },
  { route: 'GET /api/user/mail-preferences', about: 'own mail switches', expect: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/user/mail-preferences' }) },
  { route: 'POST /api/user/mail-preferences', about: 'own mail switches', expect: SIGNED_IN, request: () => ({ method: 'POST', url: '/api/user/mail-preferences', payload: { kind: 'payoutSent', enabled: true } }) },
  {
    route: 'GET /api/wallet',
    about: 'own wallet (only the winner was paid)',
    expect: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/wallet' }),
    check: ({ role }, res) => {
      if (role !== 'visitor') expectEqual(res.json().results.balance > 0, role === 'winner', 'the balance shown is the caller’s');
    },
  },
  {
    route: 'POST /api/wallet/transfer',
    about: 'own wallet, empty',
    expect: [401, 409, 409, 409, 409, 409],
    fresh: 'user',
    request: () => ({ method: 'POST', url: '/api/wallet/transfer', payload: {} }),
  },
  {
    route: 'GET /api/notifications',
    about: 'own notifications',
    expect: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/notifications' }),
    check: ({ role }, res) => {
      if (role === 'stranger' || role === 'admin') expectEqual(res.json().results.total, 0, 'no one else’s notifications');
    },
  },
  {
    route: 'POST /api/notifications/read',
    about: "the organiser's notifications",
    expect: SIGNED_IN,
    unchanged: ['stranger', 'participant', 'winner', 'admin'],
    prepare: async (world) => {
      const res = await world.call('organiser', { method: 'GET', url: '/api/notifications' });
      return (res.json().results.notifications as { id: number; read: boolean }[]).filter((n) => !n.read).map((n) => n.id);
    },
    request: ({ target }) => ({ method: 'POST', url: '/api/notifications/read', payload: { ids: target as number[] } }),
  },
  { route: 'GET /api/notifications/unread-count', about: 'own unread badges', expect: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/notifications/unread-count' }) },
  { route: 'GET /api/events', about: 'own live events', expect: SIGNED_IN, stream: true, request: () => ({ method: 'GET', url: '/api/events' }) },
  {
    route: 'GET /api/message/read/byConcours',
    about: 'own conversations as an organiser',
    expect: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/message/read/byConcours' }),
    check: ({ role }, res) => {
      if (role !== 'visitor' && role !== 'organiser') expectEqual(res.json().results.concours.length, 0, 'no one else’s conversations');
    },
  },
  {
    route: 'GET /api/message/read/byParticipation',
    about: 'own conversations as a talent',
    expect: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/message/read/byParticipation' }),
    check: ({ role }, res) => {
      if (role === 'stranger' || role === 'organiser' || role === 'admin') expectEqual(res.json().results.concours.length, 0, 'no one else’s conversations');
    },
  },

  // Contests -----------------------------------------------------------------------------
  {
    route: 'POST /api/concours/create',
    about: 'new contest (needs a payment account)',
    expect: [401, 201, 201, 201, 201, 403],
    fresh: 'user',
    request: () => ({
      method: 'POST',
      url: '/api/concours/create',
      payload: { idSubCategory: 1, cost: 30_000, companyName: 'Atelier', companySkills: 'Poterie', target: 'Familles', message: 'Un logo.' },
    }),
  },
  { route: 'GET /api/concours/read/:id', about: 'open contest', expect: SIGNED_IN, request: ({ world }) => ({ method: 'GET', url: `/api/concours/read/${world.open.contestId}` }) },
  {
    route: 'GET /api/concours/read/:id',
    about: "the organiser's contest awaiting payment",
    expect: [401, 404, 200, 404, 404, 404],
    request: ({ world }) => ({ method: 'GET', url: `/api/concours/read/${world.pending.contestId}` }),
  },
  {
    route: 'POST /api/concours/update',
    about: "brief of the organiser's open contest",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({
      method: 'POST',
      url: '/api/concours/update',
      payload: { idConcours: world.open.contestId, companyName: 'Atelier modifié', companySkills: 'Poterie', target: 'Familles', message: 'Un logo.' },
    }),
  },
  {
    route: 'POST /api/concours/update',
    about: 'brief of a finished contest',
    expect: [401, 403, 409, 403, 403, 403],
    request: ({ world }) => ({
      method: 'POST',
      url: '/api/concours/update',
      payload: { idConcours: world.finished.contestId, companyName: 'Atelier modifié', companySkills: 'Poterie', target: 'Familles', message: 'Un logo.' },
    }),
  },
  {
    route: 'POST /api/concours/delete',
    about: 'the organiser’s unpaid contest',
    expect: [401, 403, 200, 403, 403, 403],
    prepare: async (world) => (await buildContest(world.t.ctx, world.users.organiser, { status: 1 })).id,
    request: ({ target }) => ({ method: 'POST', url: '/api/concours/delete', payload: { idConcours: target as number } }),
  },
  {
    route: 'POST /api/concours/delete',
    about: 'the organiser’s contest with a pay-in in progress',
    expect: [401, 403, 409, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/concours/delete', payload: { idConcours: world.pending.contestId } }),
  },
  {
    route: 'POST /api/concours/delete',
    about: 'open contest',
    expect: [401, 403, 409, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/concours/delete', payload: { idConcours: world.open.contestId } }),
  },
  { route: 'POST /api/concours/orderBy/any', about: 'open contests', expect: SIGNED_IN, request: () => ({ method: 'POST', url: '/api/concours/orderBy/any', payload: {} }) },
  { route: 'GET /api/concours/read/category/:id', about: "a category's contests", expect: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/concours/read/category/1' }) },
  { route: 'GET /api/concours/search', about: 'open contests matching words', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/concours/search?q=logo&page=1' }) },
  { route: 'GET /concours/categorie/:slug', about: "a category's public page", expect: PUBLIC, request: () => ({ method: 'GET', url: '/concours/categorie/design' }) },

  // Participations and judging -------------------------------------------------------------
  {
    route: 'POST /api/concours/add/participation',
    about: 'taking part in an open contest',
    expect: [401, 200, 403, 409, 409, 403],
    prepare: (world) => world.fresh.open(),
    request: (c) => ({ method: 'POST', url: '/api/concours/add/participation', payload: { idConcours: openOf(c).contestId, commitment: true } }),
  },
  {
    route: 'GET /api/participation/:id',
    about: "the participant's proposal; its originality flags (lookalikes) for the organiser and admins only",
    expect: [401, 403, 200, 200, 403, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/participation/${world.open.participant.participationId}` }),
    check: ({ role }, res) => {
      if (role !== 'participant') return;
      expectEqual(JSON.stringify(res.json().results.participation.lookalikes), '[]', 'the talent never reads the originality flags');
    },
  },
  {
    route: 'GET /api/concours/:idConcours/ma-participation',
    about: 'own participation in the open contest',
    expect: SIGNED_IN,
    request: ({ world }) => ({ method: 'GET', url: `/api/concours/${world.open.contestId}/ma-participation` }),
    check: ({ world, role }, res) => {
      if (role === 'visitor') return;
      const p = res.json().results.participation as { idParticipant: number } | null;
      expectEqual(p === null || p.idParticipant === world.users[role].id, true, 'only the caller’s participation');
    },
  },
  {
    route: 'GET /api/concours/:idConcours/participations',
    about: "the open contest's proposals",
    expect: [401, 403, 200, 403, 403, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/concours/${world.open.contestId}/participations` }),
  },
  {
    route: 'GET /api/concours/read/:id',
    about: "the organiser's private contest, its agreement accepted by nobody",
    expect: SIGNED_IN,
    prepare: async (world) => (await buildContest(world.t.ctx, world.users.organiser, { isPrivate: true, companyName: 'Brief confidentiel' })).id,
    request: ({ target }) => ({ method: 'GET', url: `/api/concours/read/${target as number}` }),
    check: ({ role }, res) => {
      // Only its organiser and an admin read the brief; the others get the teaser.
      const shown = res.body.includes('Brief confidentiel');
      if (shown !== (role === 'organiser' || role === 'admin')) throw new Error(`${role} ${shown ? 'reads' : 'does not read'} the private brief`);
    },
  },
  {
    route: 'POST /api/concours/:idConcours/nda',
    about: "the organiser's private contest",
    expect: [401, 200, 400, 200, 200, 200],
    prepare: async (world) => (await buildContest(world.t.ctx, world.users.organiser, { isPrivate: true })).id,
    request: ({ target }) => ({ method: 'POST', url: `/api/concours/${target as number}/nda` }),
  },
  {
    route: 'POST /api/concours/:idConcours/nda',
    about: 'the open contest, which is not private',
    expect: [401, 400, 400, 400, 400, 400],
    request: ({ world }) => ({ method: 'POST', url: `/api/concours/${world.open.contestId}/nda` }),
  },
  {
    route: 'GET /api/concours/:idConcours/galerie',
    about: 'the blind open contest',
    expect: [401, 403, 403, 403, 403, 403],
    request: ({ world }) => ({ method: 'GET', url: `/api/concours/${world.open.contestId}/galerie` }),
  },
  {
    route: 'GET /api/concours/:idConcours/galerie',
    about: "the organiser's contest open to every talent's eyes",
    expect: SIGNED_IN,
    prepare: async (world) => (await buildContest(world.t.ctx, world.users.organiser, { proposalsOpen: true })).id,
    request: ({ target }) => ({ method: 'GET', url: `/api/concours/${target as number}/galerie` }),
  },
  {
    route: 'GET /api/concours/:idConcours/galerie',
    about: "the organiser's private open contest, its agreement accepted by nobody",
    expect: [401, 403, 200, 403, 403, 200],
    prepare: async (world) => (await buildContest(world.t.ctx, world.users.organiser, { proposalsOpen: true, isPrivate: true })).id,
    request: ({ target }) => ({ method: 'GET', url: `/api/concours/${target as number}/galerie` }),
  },
  {
    route: 'POST /api/concours/finalist/add',
    about: "the participant's proposal, the qualifying period over",
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => qualifiedContest(world),
    request: ({ target }) => ({ method: 'POST', url: '/api/concours/finalist/add', payload: target as { idConcours: number; idParticipation: number } }),
  },
  {
    route: 'POST /api/concours/finalist/add',
    about: "the participant's proposal in the open contest, which has no final round",
    expect: [401, 403, 409, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/concours/finalist/add', payload: { idConcours: world.open.contestId, idParticipation: world.open.participant.participationId } }),
  },
  {
    route: 'POST /api/concours/finalist/delete',
    about: "the participant's proposal, a finalist",
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => qualifiedContest(world, true),
    request: ({ target }) => ({ method: 'POST', url: '/api/concours/finalist/delete', payload: target as { idConcours: number; idParticipation: number } }),
  },
  {
    route: 'POST /api/concours/:idConcours/finale',
    about: 'the qualified contest with a finalist',
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => qualifiedContest(world, true),
    request: ({ target }) => ({ method: 'POST', url: `/api/concours/${(target as { idConcours: number }).idConcours}/finale` }),
  },
  {
    route: 'POST /api/concours/:idConcours/finale',
    about: 'the open contest, which has no final round',
    expect: [401, 403, 409, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: `/api/concours/${world.open.contestId}/finale` }),
  },
  {
    route: 'POST /api/participation/stars/update',
    about: "rating of the participant's proposal",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/participation/stars/update', payload: { idParticipation: world.open.participant.participationId, stars: 4 } }),
  },
  {
    route: 'POST /api/participation/comment',
    about: "the organiser's private comment on the participant's proposal",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/participation/comment', payload: { idParticipation: world.open.participant.participationId, comment: 'Belles couleurs, le texte manque de lisibilité.' } }),
  },
  {
    route: 'GET /api/participation/report/:id',
    about: "reporting the participant's proposal",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({ method: 'GET', url: `/api/participation/report/${world.open.participant.participationId}` }),
  },
  {
    route: 'POST /api/participation/report/:id',
    about: "reporting the participant's proposal with a reason",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: `/api/participation/report/${world.open.participant.participationId}`, payload: { reason: 'off_topic' } }),
  },
  {
    route: 'POST /api/concours/winner/add',
    about: 'choosing the participant as a winner',
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => world.fresh.open(),
    request: (c) => ({ method: 'POST', url: '/api/concours/winner/add', payload: { idParticipationWinner: openOf(c).participant.participationId, idConcours: openOf(c).contestId } }),
  },
  {
    route: 'POST /api/concours/winner/delete',
    about: 'removing the winner',
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => world.fresh.open(),
    request: (c) => ({ method: 'POST', url: '/api/concours/winner/delete', payload: { idParticipationWinner: openOf(c).winner.participationId, idConcours: openOf(c).contestId } }),
  },
  {
    route: 'POST /api/concours/winner/prefinal',
    about: 'finalising the contest',
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => world.fresh.open(),
    request: (c) => ({ method: 'POST', url: '/api/concours/winner/prefinal', payload: { idConcours: openOf(c).contestId } }),
  },
  {
    route: 'POST /api/concours/winner/accept',
    about: 'accepting the mission, already accepted by sending final files',
    expect: [401, 403, 403, 403, 200, 403],
    unchanged: ['winner'],
    request: ({ world }) => ({ method: 'POST', url: '/api/concours/winner/accept', payload: { idParticipation: world.finalised.winner.participationId } }),
  },
  {
    route: 'POST /api/concours/winner/replace',
    about: 'replacing a winner who did not accept in 48 hours by the participant',
    expect: [401, 403, 200, 403, 403, 403],
    prepare: lateWinner,
    request: (c) => ({ method: 'POST', url: '/api/concours/winner/replace', payload: { idParticipation: openOf(c).winner.participationId, idParticipationNew: openOf(c).participant.participationId } }),
  },
  {
    route: 'POST /api/concours/winner/replace',
    about: 'replacing the winner who accepted (sent final files)',
    expect: [401, 403, 409, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/concours/winner/replace', payload: { idParticipation: world.finalised.winner.participationId, idParticipationNew: world.finalised.participant.participationId } }),
  },
  {
    route: 'GET /api/concours/readAll/winner/:idConcours',
    about: "open contest's winners",
    expect: [401, 403, 200, 403, 200, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/concours/readAll/winner/${world.open.contestId}` }),
    check: ({ world, role }, res) => {
      if (role === 'winner') expectEqual((res.json().results.concours.participations as { idParticipant: number }[]).every((p) => p.idParticipant === world.users.winner.id), true, 'a winner sees only their entry');
    },
  },
  {
    route: 'POST /api/participation/addFile/:idParticipation',
    about: "file in the participant's proposal",
    expect: [401, 403, 403, 200, 403, 403],
    request: async ({ world }) => upload(`/api/participation/addFile/${world.open.participant.participationId}`, 'fileParticipation', { filename: 'ajout.png', content: await png(), contentType: 'image/png' }),
  },

  {
    route: 'POST /api/participation/withdraw',
    about: "withdrawing the participant's proposal",
    expect: [401, 403, 403, 200, 403, 403],
    prepare: (world) => world.fresh.open(),
    request: (c) => ({ method: 'POST', url: '/api/participation/withdraw', payload: { idParticipation: openOf(c).participant.participationId } }),
  },
  {
    route: 'POST /api/participation/file/withdraw',
    about: "a file of the participant's proposal",
    expect: [401, 403, 403, 200, 403, 403],
    prepare: (world) => world.fresh.open(),
    request: (c) => ({ method: 'POST', url: '/api/participation/file/withdraw', payload: { idParticipation: openOf(c).participant.participationId, idFile: openOf(c).participant.fileId } }),
  },
  {
    route: 'POST /api/participation/update/text',
    about: "the participant's proposal in a contest that expects files",
    expect: [401, 403, 403, 400, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/participation/update/text', payload: { idParticipation: world.open.participant.participationId, inputText: 'Un texte' } }),
  },

  // Files ----------------------------------------------------------------------------------
  {
    route: 'GET /api/files/:id',
    about: "original of the participant's proposal, open contest",
    expect: [401, 403, 403, 200, 403, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/files/${world.open.participant.fileId}` }),
  },
  {
    route: 'GET /api/files/:id',
    about: "original of the winner's proposal, contest finalised",
    expect: [401, 403, 200, 403, 200, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/files/${world.finalised.winner.fileId}` }),
  },
  {
    route: 'GET /api/files/:id',
    about: 'original of the proposal not chosen, contest finalised',
    expect: [401, 403, 403, 200, 403, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/files/${world.finalised.participant.fileId}` }),
  },
  {
    route: 'GET /api/files/:id',
    about: "the winner's final file",
    expect: [401, 403, 200, 403, 200, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/files/${world.finalised.winner.finalFileId}` }),
  },
  {
    route: 'GET /api/files/:id',
    about: 'work file sent by the organiser to the winner',
    expect: [401, 403, 200, 403, 200, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/files/${world.finalised.winner.workFileId}` }),
  },
  {
    route: 'GET /api/files/:id/preview',
    about: "preview of the participant's proposal, open contest",
    expect: [401, 403, 200, 200, 403, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/files/${world.open.participant.fileId}/preview` }),
  },
  {
    route: 'GET /api/files/:id/poster',
    about: "first image of the participant's proposal (a picture has none: 404 once allowed)",
    expect: [401, 403, 404, 404, 403, 404],
    request: ({ world }) => ({ method: 'GET', url: `/api/files/${world.open.participant.fileId}/poster` }),
  },

  // Conversations --------------------------------------------------------------------------
  {
    route: 'GET /api/message/readByParticipant/:idParticipation',
    about: 'organiser–participant conversation',
    expect: [401, 403, 200, 200, 403, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/message/readByParticipant/${world.open.participant.participationId}` }),
  },
  {
    route: 'GET /api/message/readByParticipant/:idParticipation',
    about: 'organiser–winner conversation',
    expect: [401, 403, 200, 403, 200, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/message/readByParticipant/${world.finalised.winner.participationId}` }),
  },
  {
    route: 'POST /api/message/create',
    about: 'writing in the organiser–participant conversation',
    expect: [401, 403, 200, 200, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/message/create', payload: { idParticipation: world.open.participant.participationId, message: 'Bonjour !' } }),
  },
  {
    route: 'POST /api/message/create',
    about: 'writing in the organiser–winner conversation, contest finalised',
    expect: [401, 403, 200, 403, 200, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/message/create', payload: { idParticipation: world.finalised.winner.participationId, message: 'Bonjour !' } }),
  },
  {
    route: 'POST /api/message/create',
    about: 'writing to the participant not chosen, contest finalised',
    expect: [401, 403, 403, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/message/create', payload: { idParticipation: world.finalised.participant.participationId, message: 'Bonjour !' } }),
  },
  {
    route: 'POST /api/message/add/file/:idParticipation',
    about: 'work file, conversation with the winner',
    expect: [401, 403, 200, 403, 200, 403],
    request: ({ world }) => upload(`/api/message/add/file/${world.finalised.winner.participationId}`, 'fileMessage', { filename: 'notes.pdf', content: pdfBytes('notes'), contentType: 'application/pdf' }),
  },
  {
    route: 'POST /api/message/add/file/:idParticipation',
    about: 'work file, conversation with the participant not chosen',
    expect: [401, 403, 403, 403, 403, 403],
    request: ({ world }) => upload(`/api/message/add/file/${world.finalised.participant.participationId}`, 'fileMessage', { filename: 'notes.pdf', content: pdfBytes('notes'), contentType: 'application/pdf' }),
  },

  // Delivery -------------------------------------------------------------------------------
  {
    route: 'POST /api/concours/participant/upload/finalFile',
    about: "final file for the winner's participation",
    expect: [401, 403, 403, 403, 200, 403],
    request: ({ world }) =>
      upload(`/api/concours/participant/upload/finalFile?idParticipation=${world.finalised.winner.participationId}`, 'fileFinale', { filename: 'final.pdf', content: pdfBytes('final'), contentType: 'application/pdf' }),
  },
  {
    route: 'POST /api/concours/participant/upload/finalFile',
    about: 'final file, participation named in the form only',
    expect: [401, 403, 403, 403, 200, 403],
    request: ({ world }) =>
      upload('/api/concours/participant/upload/finalFile', 'fileFinale', { filename: 'final.pdf', content: pdfBytes('final'), contentType: 'application/pdf' }, [
        { name: 'idParticipation', value: String(world.finalised.winner.participationId) },
      ]),
  },
  {
    route: 'POST /api/concours/winner/final',
    about: "validating the winner's final files (credits their wallet)",
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => world.fresh.finalised(),
    request: (c) => ({ method: 'POST', url: '/api/concours/winner/final', payload: { idConcours: openOf(c).contestId, idParticipation: openOf(c).winner.participationId } }),
  },

  {
    route: 'GET /api/participation/:idParticipation/handover',
    about: "the handover of the winner's validated delivery",
    expect: [401, 403, 200, 403, 200, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/participation/${world.finished.winner.participationId}/handover` }),
  },
  {
    route: 'GET /api/participation/:idParticipation/handover',
    about: "the participant's proposal not chosen: no handover",
    expect: [401, 403, 404, 404, 403, 404],
    request: ({ world }) => ({ method: 'GET', url: `/api/participation/${world.finished.participant.participationId}/handover` }),
  },
  {
    route: 'POST /api/participation/:idParticipation/contract/accept',
    about: 'accepting the copyright assignment contract (its two parties only, once each)',
    expect: [401, 403, 200, 403, 200, 403],
    request: ({ world }) => ({ method: 'POST', url: `/api/participation/${world.finished.winner.participationId}/contract/accept` }),
  },
  {
    route: 'GET /api/participation/:idParticipation/handover/:kind',
    about: 'the contract (both parties)',
    expect: [401, 403, 200, 403, 200, 200],
    unchanged: ['organiser', 'winner', 'admin'],
    request: ({ world }) => ({ method: 'GET', url: `/api/participation/${world.finished.winner.participationId}/handover/contract` }),
  },
  {
    route: 'GET /api/participation/:idParticipation/handover/:kind',
    about: "the talent's payment statement",
    expect: [401, 403, 403, 403, 200, 200],
    unchanged: ['winner', 'admin'],
    request: ({ world }) => ({ method: 'GET', url: `/api/participation/${world.finished.winner.participationId}/handover/statement` }),
  },
  {
    route: 'GET /api/participation/:idParticipation/handover/:kind',
    about: "the organiser's invoice for the platform's fee",
    expect: [401, 403, 200, 403, 403, 200],
    unchanged: ['organiser', 'admin'],
    request: ({ world }) => ({ method: 'GET', url: `/api/participation/${world.finished.winner.participationId}/handover/invoice` }),
  },

  {
    route: 'POST /api/participation/:idParticipation/dispute',
    about: "opening a dispute over the winner's delivery (each cell on a fresh finalised contest)",
    expect: [401, 403, 201, 403, 201, 403],
    request: async ({ world }) => ({
      method: 'POST',
      url: `/api/participation/${(await world.fresh.finalised()).winner.participationId}/dispute`,
      payload: { reason: 'Les fichiers ne suivent pas le brief.' },
    }),
  },
  {
    route: 'POST /api/participation/:idParticipation/dispute',
    about: "opening a dispute over the participant's proposal not chosen, contest finalised",
    expect: [401, 403, 403, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: `/api/participation/${world.finalised.participant.participationId}/dispute`, payload: { reason: 'Les fichiers ne suivent pas le brief.' } }),
  },

  // Payments -------------------------------------------------------------------------------
  {
    route: 'POST /api/payment/create/web/payin',
    about: "paying the organiser's contest awaiting payment",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/payment/create/web/payin', payload: { idConcours: world.pending.contestId, cardType: 'CB_VISA_MASTERCARD' } }),
  },
  {
    route: 'GET /api/payment/confirmation/web/payin',
    about: "confirming the organiser's payment",
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => world.fresh.paidPending(),
    request: ({ target }) => {
      const p = target as { contestId: number; transactionId: string };
      return { method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${p.contestId}&transactionId=${p.transactionId}` };
    },
  },

  {
    route: 'POST /api/concours/promo/check',
    about: 'a promo code checked against a price (reserves nothing; needs a payment account)',
    expect: [401, 200, 200, 200, 200, 403],
    unchanged: ['stranger', 'organiser', 'participant', 'winner'],
    prepare: (world) => buildPromoCode(world.t.ctx, { percentOff: 10, maxUses: 1 }),
    request: ({ target }) => ({ method: 'POST', url: '/api/concours/promo/check', payload: { code: (target as { code: string }).code, cost: 30_000 } }),
  },
  {
    route: 'POST /api/concours/promo/check',
    about: "a promo code checked against the organiser's contest awaiting payment",
    expect: [401, 403, 200, 403, 403, 403],
    unchanged: ['organiser'],
    prepare: (world) => buildPromoCode(world.t.ctx, { percentOff: 10 }),
    request: ({ world, target }) => ({ method: 'POST', url: '/api/concours/promo/check', payload: { code: (target as { code: string }).code, idConcours: world.pending.contestId } }),
  },
  {
    route: 'GET /api/payment/due',
    about: "what paying the organiser's contest awaiting payment asks",
    expect: [401, 403, 200, 403, 403, 403],
    unchanged: ['organiser'],
    request: ({ world }) => ({ method: 'GET', url: `/api/payment/due?idConcours=${world.pending.contestId}` }),
  },

  // Administration -------------------------------------------------------------------------
  {
    route: 'POST /api/admin/promo-codes',
    about: 'creating a promo code',
    expect: [401, 403, 403, 403, 403, 201],
    request: () => ({ method: 'POST', url: '/api/admin/promo-codes', payload: { code: `ACCES${uid().toUpperCase()}`, percentOff: 10 } }),
  },
  { route: 'GET /api/admin/promo-codes', about: 'promo codes', expect: [401, 403, 403, 403, 403, 200], request: () => ({ method: 'GET', url: '/api/admin/promo-codes' }) },
  {
    route: 'POST /api/admin/promo-codes/:id/disable',
    about: 'a promo code',
    expect: [401, 403, 403, 403, 403, 200],
    prepare: async (world) => (await buildPromoCode(world.t.ctx)).id,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/promo-codes/${target as number}/disable`, payload: { reason: 'Fin de l’opération.' } }),
  },
  {
    route: 'GET /api/admin/money',
    about: 'the ledger check and the platform balances',
    expect: [401, 403, 403, 403, 403, 200],
    unchanged: ['admin'],
    request: () => ({ method: 'GET', url: '/api/admin/money' }),
  },
  {
    route: 'GET /api/admin/payouts',
    about: 'pending and failed pay-outs',
    expect: [401, 403, 403, 403, 403, 200],
    unchanged: ['admin'],
    request: () => ({ method: 'GET', url: '/api/admin/payouts?status=failed' }),
  },
  {
    route: 'POST /api/admin/payouts/:id/retry',
    about: "a talent's failed pay-out",
    expect: [401, 403, 403, 403, 403, 200],
    prepare: async (world) => (await failedPayout(world.t)).payoutId,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/payouts/${target as number}/retry`, payload: { reason: 'IBAN vérifié.' } }),
  },
  { route: 'GET /api/admin/actions', about: 'the audit log', expect: [401, 403, 403, 403, 403, 200], request: () => ({ method: 'GET', url: '/api/admin/actions' }) },
  { route: 'GET /api/admin/reports', about: 'the reports queue', expect: [401, 403, 403, 403, 403, 200], request: () => ({ method: 'GET', url: '/api/admin/reports' }) },
  { route: 'GET /api/admin/disputes', about: 'the disputes queue', expect: [401, 403, 403, 403, 403, 200], request: () => ({ method: 'GET', url: '/api/admin/disputes' }) },
  {
    route: 'POST /api/admin/disputes/:id/resolve',
    about: 'settling a dispute with more time',
    expect: [401, 403, 403, 403, 403, 200],
    prepare: openDispute,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/disputes/${target as number}/resolve`, payload: { outcome: 'more_time', reason: 'Une semaine de plus.', extraDays: 7 } }),
  },
  {
    route: 'POST /api/admin/reports/:id/dismiss',
    about: "the organiser's report of the participant's proposal",
    expect: [401, 403, 403, 403, 403, 200],
    prepare: openReport,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/reports/${target as number}/dismiss`, payload: { reason: 'Rien à redire.' } }),
  },
  {
    route: 'POST /api/admin/reports/:id/withdraw',
    about: "the organiser's report of the participant's proposal",
    expect: [401, 403, 403, 403, 403, 200],
    prepare: openReport,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/reports/${target as number}/withdraw`, payload: { reason: 'Copie manifeste.' } }),
  },
  { route: 'GET /api/admin/members', about: 'the member search', expect: [401, 403, 403, 403, 403, 200], request: () => ({ method: 'GET', url: '/api/admin/members?q=a' }) },
  {
    route: 'GET /api/admin/members/:id',
    about: "the participant's file",
    expect: [401, 403, 403, 403, 403, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/admin/members/${world.users.participant.id}` }),
  },
  {
    route: 'POST /api/admin/members/:id/suspend',
    about: 'a member in good standing',
    expect: [401, 403, 403, 403, 403, 200],
    prepare: async (world) => (await buildUser(world.t.ctx)).id,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/members/${target as number}/suspend`, payload: { reason: 'Comportement abusif.' } }),
  },
  {
    route: 'POST /api/admin/members/:id/reinstate',
    about: 'a suspended member',
    expect: [401, 403, 403, 403, 403, 200],
    prepare: async (world) => (await buildUser(world.t.ctx, { suspendedAt: world.t.ctx.clock(), suspensionReason: 'Comportement abusif.' })).id,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/members/${target as number}/reinstate`, payload: { reason: 'Explications reçues.' } }),
  },
  { route: 'GET /api/admin/contests', about: 'finding contests', expect: [401, 403, 403, 403, 403, 200], request: () => ({ method: 'GET', url: '/api/admin/contests?q=a' }) },
  {
    route: 'GET /api/admin/contests/:id',
    about: "the organiser's open contest, with its money and history",
    expect: [401, 403, 403, 403, 403, 200],
    request: ({ world }) => ({ method: 'GET', url: `/api/admin/contests/${world.open.contestId}` }),
  },
  {
    route: 'POST /api/admin/contests/:id/extend',
    about: 'an open contest, a day later',
    expect: [401, 403, 403, 403, 403, 200],
    prepare: extensibleContest,
    request: ({ target }) => {
      const { contestId, endDate } = target as { contestId: number; endDate: string };
      return { method: 'POST', url: `/api/admin/contests/${contestId}/extend`, payload: { endDate, reason: 'Demande de l’organisateur.' } };
    },
  },
  {
    route: 'POST /api/admin/contests/:id/advance',
    about: 'the open contest, whose end has not come (no delay passed)',
    expect: [401, 403, 403, 403, 403, 409],
    request: ({ world }) => ({ method: 'POST', url: `/api/admin/contests/${world.open.contestId}/advance`, payload: { reason: 'Essai.' } }),
  },

  // Refunds and the organiser's way out ---------------------------------------------------
  {
    route: 'POST /api/admin/contests/:id/refund',
    about: "a fresh paid contest of the organiser's",
    expect: [401, 403, 403, 403, 403, 200],
    prepare: async (world) => (await buildPaidContest(world.t.ctx, world.users.organiser)).id,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/contests/${target as number}/refund`, payload: { reason: 'Brief contraire aux règles.' } }),
  },
  { route: 'GET /api/admin/refund-requests', about: 'the refund requests queue', expect: [401, 403, 403, 403, 403, 200], request: () => ({ method: 'GET', url: '/api/admin/refund-requests' }) },
  {
    route: 'POST /api/admin/refund-requests/:id/approve',
    about: "the organiser's request for an extended contest ended without a winner",
    expect: [401, 403, 403, 403, 403, 200],
    prepare: pendingRefundRequest,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/refund-requests/${target as number}/approve`, payload: { reason: 'Demande légitime.' } }),
  },
  {
    route: 'POST /api/admin/refund-requests/:id/reject',
    about: "the organiser's request for an extended contest ended without a winner",
    expect: [401, 403, 403, 403, 403, 200],
    prepare: pendingRefundRequest,
    request: ({ target }) => ({ method: 'POST', url: `/api/admin/refund-requests/${target as number}/reject`, payload: { reason: 'Des propositions conviennent.' } }),
  },
  {
    route: 'GET /api/concours/:idConcours/way-out',
    about: "the organiser's open contest",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({ method: 'GET', url: `/api/concours/${world.open.contestId}/way-out` }),
  },
  {
    route: 'POST /api/concours/:idConcours/extend',
    about: "the organiser's contest ended without a winner",
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => endedWithoutWinner(world, false),
    request: ({ target }) => ({ method: 'POST', url: `/api/concours/${target as number}/extend` }),
  },
  {
    route: 'POST /api/concours/:idConcours/refund-request',
    about: "the organiser's extended contest ended again without a winner",
    expect: [401, 403, 200, 403, 403, 403],
    prepare: (world) => endedWithoutWinner(world, true),
    request: ({ target }) => ({ method: 'POST', url: `/api/concours/${target as number}/refund-request`, payload: { message: 'Rien ne convient.' } }),
  },

  // Someone else's object named beside one's own contest ---------------------------------
  {
    route: 'POST /api/concours/winner/add',
    about: "the participant's proposal, named with the stranger's contest",
    expect: [401, 404, 403, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/concours/winner/add', payload: { idParticipationWinner: world.open.participant.participationId, idConcours: world.strangerContestId } }),
  },
  {
    route: 'POST /api/concours/winner/final',
    about: "the winner's final files, named with the stranger's contest",
    expect: [401, 400, 400, 400, 400, 400],
    request: ({ world }) => ({ method: 'POST', url: '/api/concours/winner/final', payload: { idConcours: world.strangerContestId, idParticipation: world.finalised.winner.participationId } }),
  },
  {
    route: 'POST /api/message/create',
    about: "the participant's conversation, named with the stranger's contest",
    expect: [401, 400, 400, 400, 400, 400],
    request: ({ world }) => ({ method: 'POST', url: '/api/message/create', payload: { idConcours: world.strangerContestId, idParticipation: world.open.participant.participationId, message: 'Bonjour !' } }),
  },
  {
    route: 'POST /api/concours/winner/prefinal',
    about: "the stranger's contest",
    expect: [401, 400, 403, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/concours/winner/prefinal', payload: { idConcours: world.strangerContestId } }),
  },
  {
    route: 'GET /api/payment/confirmation/web/payin',
    about: "the organiser's payment, named with the stranger's contest",
    expect: [401, 403, 403, 403, 403, 403],
    request: ({ world }) => ({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${world.strangerContestId}&transactionId=${world.pending.transactionId}` }),
  },
  {
    route: 'POST /api/participation/addFile/:idParticipation',
    about: "own proposal, with the stranger's contest in the form",
    expect: [401, 403, 403, 400, 403, 403],
    request: async ({ world }) =>
      upload(`/api/participation/addFile/${world.open.participant.participationId}`, 'fileParticipation', { filename: 'ajout.png', content: await png(), contentType: 'image/png' }, [
        { name: 'idConcours', value: String(world.strangerContestId) },
      ]),
  },

  // Talent profiles, invitations and polls: profiles and polls are public by their address, the rest the organiser's.
  { route: 'GET /api/talents', about: 'public talents', expect: PUBLIC, request: () => ({ method: 'GET', url: '/api/talents?category=1&level=confirme' }) },
  { route: 'GET /api/talents/:pseudo', about: "the winner's public profile", expect: PUBLIC, request: ({ world }) => ({ method: 'GET', url: `/api/talents/${world.users.winner.pseudo}` }) },
  {
    route: 'GET /api/talents/:pseudo',
    about: "a suspended member's profile",
    expect: [404, 404, 404, 404, 404, 404],
    prepare: async (world) => (await buildUser(world.t.ctx, { suspendedAt: world.t.ctx.clock() })).pseudo,
    request: ({ target }) => ({ method: 'GET', url: `/api/talents/${target as string}` }),
  },
  {
    route: 'GET /api/talents/:pseudo/portfolio/:fileId',
    about: "a finished winner's shown work, its preview",
    expect: PUBLIC,
    prepare: (world) => world.call('organiser', { method: 'POST', url: '/api/concours/winner/portfolio', payload: { idParticipation: world.finished.winner.participationId, shown: true } }),
    request: ({ world }) => ({ method: 'GET', url: `/api/talents/${world.users.winner.pseudo}/portfolio/${world.finished.winner.fileId}` }),
  },
  {
    route: 'GET /api/talents/:pseudo/portfolio/:fileId',
    about: "a finished winner's final file (never shown)",
    expect: [404, 404, 404, 404, 404, 404],
    request: ({ world }) => ({ method: 'GET', url: `/api/talents/${world.users.winner.pseudo}/portfolio/${world.finished.winner.finalFileId}` }),
  },
  {
    route: 'GET /api/talents/:pseudo/avatar',
    about: "a member's photo, by the address the answers give",
    expect: PUBLIC,
    prepare: (world) => memberWithPhoto(world),
    request: ({ target }) => ({ method: 'GET', url: target as string }),
  },
  {
    route: 'GET /api/talents/:pseudo/avatar',
    about: "a suspended member's photo",
    expect: [404, 404, 404, 404, 404, 404],
    prepare: (world) => memberWithPhoto(world, { suspended: true }),
    request: ({ target }) => ({ method: 'GET', url: target as string }),
  },
  { route: 'GET /api/talents/:pseudo/invitable-contests', about: "own open contests, for the participant's profile", expect: SIGNED_IN, request: ({ world }) => ({ method: 'GET', url: `/api/talents/${world.users.participant.pseudo}/invitable-contests` }) },
  {
    route: 'POST /api/talents/invitations',
    about: "the organiser's open contest, inviting the participant",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/talents/invitations', payload: { idConcours: world.open.contestId, pseudo: world.users.participant.pseudo } }),
  },
  {
    route: 'POST /api/talents/invitations',
    about: "the organiser's finalised contest",
    expect: [401, 403, 409, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/talents/invitations', payload: { idConcours: world.finalised.contestId, pseudo: world.users.participant.pseudo } }),
  },
  { route: 'GET /api/user/talent-profile', about: 'own talent settings', expect: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/user/talent-profile' }) },
  {
    route: 'POST /api/user/talent-profile',
    about: 'own talent settings',
    expect: SIGNED_IN,
    fresh: 'user',
    request: () => ({ method: 'POST', url: '/api/user/talent-profile', payload: { bio: 'Illustratrice.', categories: [1], isPublic: true } }),
  },
  {
    route: 'PUT /api/profile/avatar',
    about: 'own photo',
    expect: SIGNED_IN,
    fresh: 'user',
    request: async () => ({ ...(await upload('/api/profile/avatar', 'avatar', { filename: 'photo.png', content: await png(), contentType: 'image/png' })), method: 'PUT' }),
  },
  { route: 'DELETE /api/profile/avatar', about: 'own photo', expect: SIGNED_IN, fresh: 'user', request: () => ({ method: 'DELETE', url: '/api/profile/avatar' }) },
  {
    route: 'POST /api/concours/winner/portfolio',
    about: "a finished winner's work",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: '/api/concours/winner/portfolio', payload: { idParticipation: world.finished.winner.participationId, shown: true } }),
  },
  {
    route: 'POST /api/concours/:id/polls',
    about: "the organiser's open contest",
    expect: [401, 403, 200, 403, 403, 403],
    request: ({ world }) => ({ method: 'POST', url: `/api/concours/${world.open.contestId}/polls`, payload: { participations: [world.open.participant.participationId, world.open.winner.participationId] } }),
  },
  { route: 'GET /api/concours/:id/polls', about: "the organiser's open contest", expect: [401, 403, 200, 403, 403, 403], request: ({ world }) => ({ method: 'GET', url: `/api/concours/${world.open.contestId}/polls` }) },
  { route: 'GET /api/polls/:pollToken', about: "a poll of the organiser's, by its link", expect: PUBLIC, prepare: pollOfOrganiser, request: ({ target }) => ({ method: 'GET', url: `/api/polls/${(target as Poll).token}` }) },
  {
    route: 'GET /api/polls/:pollToken/preview/:fileId',
    about: "a poll's proposal, its preview",
    expect: PUBLIC,
    prepare: pollOfOrganiser,
    request: ({ world, target }) => ({ method: 'GET', url: `/api/polls/${(target as Poll).token}/preview/${world.open.participant.fileId}` }),
  },
  {
    route: 'POST /api/polls/:pollToken/vote',
    about: 'a member as themselves, a visitor with an address to confirm',
    expect: PUBLIC,
    prepare: pollOfOrganiser,
    request: ({ world, target }) => ({ method: 'POST', url: `/api/polls/${(target as Poll).token}/vote`, payload: { idParticipation: world.open.participant.participationId, email: 'votant@example.com' } }),
  },
  { route: 'POST /api/poll-votes/confirm', about: 'unknown link', expect: [400, 400, 400, 400, 400, 400], request: () => ({ method: 'POST', url: '/api/poll-votes/confirm', payload: { token: 'x'.repeat(43) } }) },
  { route: 'GET /api/polls/:pollToken/results', about: "a poll of the organiser's", expect: [401, 403, 200, 403, 403, 403], prepare: pollOfOrganiser, request: ({ target }) => ({ method: 'GET', url: `/api/polls/${(target as Poll).token}/results` }) },

  // The sandbox provider's hosted pages: whoever holds the page's address (its id and secret), as at a real provider.
  { route: 'GET /sandbox/payin/:id', about: 'payment page', expect: PUBLIC, request: ({ world }) => ({ method: 'GET', url: world.pending.page }) },
  {
    route: 'POST /sandbox/payin/:id',
    about: 'invalid card',
    expect: [400, 400, 400, 400, 400, 400],
    request: ({ world }) => ({ method: 'POST', url: world.pending.page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'number=1234&expiry=01%2F20&cvc=1' }),
  },
  {
    route: 'GET /sandbox/payin/:id/cancel',
    about: 'cancelling the payment',
    expect: [303, 303, 303, 303, 303, 303],
    prepare: (world) => world.fresh.paidPending(),
    request: ({ target }) => ({ method: 'GET', url: (target as { page: string }).page.replace('?', '/cancel?') }),
  },
  { route: `GET ${SANDBOX_STYLESHEET_PATH}`, about: "payment page's stylesheet", expect: PUBLIC, request: () => ({ method: 'GET', url: SANDBOX_STYLESHEET_PATH }) },
];

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) throw new Error(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}
