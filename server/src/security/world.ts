/**
 * One world for the security suite: the six kinds of caller and contests at the statuses
 * where their rights differ, built through the real services and routes so that files,
 * conversations, payments and the ledger are what production would hold.
 *
 * Kinds of caller, always relative to the contests below:
 * - visitor: no session;
 * - stranger: signed in, with a payment account, but no part in these contests;
 * - organiser: owns every contest of the world;
 * - participant: sent a proposal, not chosen;
 * - winner: sent a proposal and was chosen;
 * - admin: an administrator taking part in nothing.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { buildContest, buildOrganiser, buildPaidContest, buildUser, statutForm, type TestUser } from '../test/factories';
import { createSession } from '../modules/auth/sessions';
import { finaliseContest, setWinner } from '../modules/participations/judging';
import { createPayIn } from '../modules/payments/service';
import { SandboxPaymentProvider, SANDBOX_TEST_CARDS } from '../adapters/payments/sandbox';
import { multipartBody, pdfBytes, realPng, storedFiles } from '../modules/files/test-helpers';

export const ROLES = ['visitor', 'stranger', 'organiser', 'participant', 'winner', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type SignedInRole = Exclude<Role, 'visitor'>;

interface Entry {
  participationId: number;
  /** The proposal's PNG (it has a preview). */
  fileId: number;
}

export interface ContestObjects {
  contestId: number;
  participant: Entry;
  winner: Entry & { finalFileId: number | null; workFileId: number | null };
}

export interface World {
  t: TestApp;
  users: Record<SignedInRole, TestUser>;
  /** Open (2): the winner is already chosen, the participant wrote to the organiser. */
  open: ContestObjects;
  /** Awaiting final files (4): the winner sent final files, the organiser a work file. */
  finalised: ContestObjects;
  /** Finished (5): the winner was paid, so their wallet holds money. */
  finished: ContestObjects;
  /** Awaiting payment (1), with a sandbox pay-in opened. */
  pending: { contestId: number; transactionId: string; page: string };
  /** An open contest of the stranger's own, to name beside the organiser's objects. */
  strangerContestId: number;
  /** Fresh objects for rows whose allowed call changes them for good. */
  fresh: {
    open(): Promise<ContestObjects>;
    finalised(): Promise<ContestObjects>;
    /** Awaiting payment with a pay-in the card has paid, not yet confirmed by the server. */
    paidPending(): Promise<{ contestId: number; transactionId: string }>;
  };
  /** Headers for a caller: none for a visitor, the bearer token otherwise. */
  headers(role: Role): Record<string, string>;
  /** A second session of the same person (for calls that end the session they use). */
  freshSession(role: SignedInRole): Promise<Record<string, string>>;
  /** A new person of the same kind (for calls that change the caller for good). */
  freshUser(role: SignedInRole): Promise<TestUser>;
  call(role: Role, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** The status form of a private person, matching the natural accounts the factories open. */
export const personStatut = () => statutForm({ statut: 0, socialReason: null, legalStatus: null, numSiret: null, numTVA: null, beneficiaires: [] });

export async function uploadProposalFile(t: TestApp, user: TestUser, participationId: number, content: Buffer, filename = 'proposition.png') {
  const body = multipartBody([{ name: 'fileParticipation', filename, content, contentType: 'image/png' }]);
  return t.app.inject({ method: 'POST', url: `/api/participation/addFile/${participationId}`, headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

/** The id of `results[key]` in a successful answer, or the test stops with what went wrong. */
function expectOk(res: LightMyRequestResponse, what: string, key?: string): number {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return key ? (res.json() as { results: Record<string, { id: number }> }).results[key]!.id : 0;
}

/**
 * A test app with the world built, for a security test file. Its callers may call the account
 * routes as often as the tests need: the limits have their own tests.
 */
export async function openWorld(): Promise<{ t: TestApp; world: World }> {
  const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1_000_000 } });
  return { t, world: await buildWorld(t) };
}

async function buildWorld(t: TestApp): Promise<World> {
  const { ctx } = t;
  const organiser = await buildOrganiser(ctx);
  const participant = await buildOrganiser(ctx);
  const winner = await buildOrganiser(ctx);
  const stranger = await buildOrganiser(ctx);
  const admin = await buildUser(ctx, { isAdmin: true });
  const users: Record<SignedInRole, TestUser> = { organiser, participant, winner, stranger, admin };

  const enter = async (contestId: number, user: TestUser): Promise<Entry> => {
    const participationId = expectOk(await t.app.inject({ method: 'POST', url: '/api/concours/add/participation', headers: user.headers, payload: { idConcours: contestId, commitment: true } }), 'participation', 'participation');
    // Bytes of its own: the same file sent by two talents is refused as a copy.
    const fileId = expectOk(await uploadProposalFile(t, user, participationId, await realPng(320, 240)), 'proposal file', 'file');
    return { participationId, fileId };
  };

  const openContest = async (): Promise<ContestObjects> => {
    const contest = await buildPaidContest(ctx, organiser);
    const p = await enter(contest.id, participant);
    const w = await enter(contest.id, winner);
    await setWinner(ctx, { id: organiser.id, isAdmin: false }, { idParticipationWinner: w.participationId, idConcours: contest.id }, true);
    expectOk(await t.app.inject({ method: 'POST', url: '/api/message/create', headers: participant.headers, payload: { idParticipation: p.participationId, message: 'Une question sur le brief ?' } }), 'message');
    return { contestId: contest.id, participant: p, winner: { ...w, finalFileId: null, workFileId: null } };
  };

  const finalisedContest = async (): Promise<ContestObjects> => {
    const c = await openContest();
    const outcome = await finaliseContest(ctx, { id: organiser.id, isAdmin: false }, c.contestId);
    if (outcome.kind !== 'finalised') throw new Error('contest not finalised');
    const final = multipartBody([{ name: 'fileFinale', filename: 'sources.pdf', content: pdfBytes('fichiers finaux'), contentType: 'application/pdf' }]);
    const finalFileId = expectOk(
      await t.app.inject({ method: 'POST', url: `/api/concours/participant/upload/finalFile?idParticipation=${c.winner.participationId}`, headers: { ...winner.headers, ...final.headers }, payload: final.payload }),
      'final file',
      'file',
    );
    const work = multipartBody([{ name: 'fileMessage', filename: 'retours.pdf', content: pdfBytes('retours'), contentType: 'application/pdf' }]);
    const workFileId = expectOk(
      await t.app.inject({ method: 'POST', url: `/api/message/add/file/${c.winner.participationId}`, headers: { ...organiser.headers, ...work.headers }, payload: work.payload }),
      'work file',
      'file',
    );
    return { ...c, winner: { ...c.winner, finalFileId, workFileId } };
  };

  const pendingContest = async (): Promise<{ contestId: number; transactionId: string; page: string }> => {
    const contest = await buildContest(ctx, organiser, { status: 1, prizesPaid: 0, paidAt: null, endDate: null });
    const payIn = await createPayIn(ctx, organiser.id, { idConcours: contest.id, cardType: 'CB_VISA_MASTERCARD' });
    const page = new URL(payIn.redirectUrl);
    return { contestId: contest.id, transactionId: payIn.transactionId, page: page.pathname + page.search };
  };

  const open = await openContest();
  const finalised = await finalisedContest();
  const finished = await finalisedContest();
  expectOk(await t.app.inject({ method: 'POST', url: '/api/concours/winner/final', headers: organiser.headers, payload: { idConcours: finished.contestId, idParticipation: finished.winner.participationId } }), 'validation');
  // The handover's documents, stored right after the validation's commit.
  await t.settled();
  expectOk(await t.app.inject({ method: 'POST', url: '/api/user/add/statut/', headers: winner.headers, payload: personStatut() }), 'statut');
  const pending = await pendingContest();
  const strangerContest = await buildPaidContest(ctx, stranger);
  await t.previewsDone();

  const kinds: Record<SignedInRole, () => Promise<TestUser>> = {
    organiser: () => buildOrganiser(ctx),
    participant: () => buildOrganiser(ctx),
    winner: () => buildOrganiser(ctx),
    stranger: () => buildOrganiser(ctx),
    admin: () => buildUser(ctx, { isAdmin: true }),
  };
  const headers = (role: Role) => (role === 'visitor' ? {} : users[role].headers);

  return {
    t,
    users,
    open,
    finalised,
    finished,
    pending,
    strangerContestId: strangerContest.id,
    fresh: {
      open: openContest,
      finalised: finalisedContest,
      paidPending: async () => {
        const p = await pendingContest();
        if (!(ctx.payments instanceof SandboxPaymentProvider)) throw new Error('the sandbox provider is needed');
        await ctx.payments.payWithCard(p.transactionId, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/39', cvc: '123' });
        return p;
      },
    },
    headers,
    freshSession: async (role) => ({ authorization: `Bearer ${await createSession(ctx.db, users[role].id, ctx.clock(), 30)}` }),
    freshUser: (role) => kinds[role](),
    call: (role, options) => t.app.inject({ ...options, headers: { ...headers(role), ...(options.headers as Record<string, string> | undefined) } }),
  };
}

let digestQuery: string | null = null;

/**
 * Counters whose job is to count refused attempts, as the rate limits do: a poll's refused
 * votes are shown with its results. A refusal may add to them and still have changed nothing.
 */
const REFUSAL_TALLIES = ['refused_votes'];

/**
 * A fingerprint of every row the application keeps (rate-limit counters and tallies of
 * refusals aside) and of the stored files. Equal before and after a refused request means it
 * changed nothing.
 */
export async function stateDigest(t: TestApp): Promise<string> {
  const rows = async (query: string) => ((await t.ctx.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!digestQuery) {
    const [row] = await rows(
      `select string_agg(format('select %L as t, count(*)::text as n, coalesce(sum(hashtextextended((to_jsonb(x) - %L::text[])::text, 0)), 0)::text as h from %I x', table_name, '{${REFUSAL_TALLIES.join(',')}}', table_name), ' union all ' order by table_name) as q
       from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits'`,
    );
    digestQuery = String(row!.q);
  }
  const tables = (await rows(digestQuery)).map((r) => `${r.t}:${r.n}:${r.h}`);
  return [...tables, `files:${storedFiles(t.dataDir).sort().join(',')}`].join('\n');
}

/** The lines that differ between two digests, to say which table a refused call touched. */
export function digestDiff(before: string, after: string): string[] {
  const a = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !a.has(line));
}
