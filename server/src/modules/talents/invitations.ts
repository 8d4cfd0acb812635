/**
 * Inviting a talent to a contest (docs/product.md « Talents »): only the contest's organiser,
 * only while it takes proposals, once per talent and contest. The unique key
 * (contest_id, talent_id) decides between concurrent identical invitations: one row, one
 * notification. Attempts are counted per organiser, so that the bell is not a way to spam.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CONTEST_STATUS,
  HOUR_MS,
  MESSAGES,
  SECOND_MS,
  badRequest,
  conflict,
  findSubCategory,
  forbidden,
  formatEuros,
  formatParisDate,
  gainCents,
  notFound,
  webPaths,
  type InvitableContestDto,
  type InvitationInput,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { contestInvitations, contests, users } from '../../db/schema';
import { TooManyRequestsError, hitRateLimit } from '../../http/rate-limit';
import { notify } from '../notifications/notify';
import { hasAcceptedNda } from '../contests/nda';
import { findPublicTalent } from './talent';

const T = MESSAGES.talents;

/** Invitations (new or repeated) an organiser may send per hour. */
export const INVITATIONS_PER_HOUR = 50;

export interface InvitationResult {
  created: boolean;
  message: string;
}

export async function inviteTalent(ctx: AppContext, organiserId: number, input: InvitationInput): Promise<InvitationResult> {
  const hit = await hitRateLimit(ctx.db, `invite:${organiserId}`, INVITATIONS_PER_HOUR, HOUR_MS / SECOND_MS, ctx.clock());
  if (!hit.allowed) throw new TooManyRequestsError(T.inviteTooMany, hit.retryAfterSeconds);

  const [contest] = await ctx.db
    .select({ id: contests.id, ownerId: contests.ownerId, status: contests.status, companyName: contests.companyName, isPrivate: contests.isPrivate, subCategoryId: contests.subCategoryId, costCents: contests.costCents, endDate: contests.endDate })
    .from(contests)
    .where(eq(contests.id, input.idConcours))
    .limit(1);
  if (!contest) throw notFound(MESSAGES.contests.notFound);
  if (contest.ownerId !== organiserId) throw forbidden(T.inviteOnlyOrganiser);
  if (contest.status !== CONTEST_STATUS.open) throw conflict(T.inviteOnlyOpen);
  const talent = await findPublicTalent(ctx.db, input.pseudo);
  if (!talent) throw notFound(T.inviteUnknownTalent);
  if (talent.id === organiserId) throw badRequest(T.inviteNotYourself);
  const readable = await hasAcceptedNda(ctx, contest, talent.id);

  const created = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [row] = await tx
      .insert(contestInvitations)
      .values({ contestId: input.idConcours, talentId: talent.id, invitedBy: organiserId, createdAt: now })
      .onConflictDoNothing({ target: [contestInvitations.contestId, contestInvitations.talentId] })
      .returning({ id: contestInvitations.id });
    if (!row) return false;
    await notify(tx, {
      userId: talent.id,
      kind: 'contest_invitation',
      text: readable ? T.invitationNotice(await pseudoOf(tx, organiserId), contest.companyName) : privateInvitationText(contest),
      link: webPaths.contestDetails(input.idConcours),
      contestId: input.idConcours,
      at: now,
    });
    return true;
  });
  return { created, message: created ? T.invitationSent(talent.pseudo) : T.invitationAlready(talent.pseudo) };
}

async function pseudoOf(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx.select({ pseudo: users.pseudo }).from(users).where(eq(users.id, userId)).limit(1);
  return row!.pseudo;
}

/**
 * A private contest's invitation to a talent bound by no agreement says only what its teaser
 * shows (sub-category, prize, end date, that it is private): neither its brief's company nor
 * its organiser, which the agreement covers.
 */
function privateInvitationText(contest: { subCategoryId: number; costCents: number; endDate: Date | null }): string {
  const sub = findSubCategory(contest.subCategoryId)?.title ?? '';
  return T.invitationNoticePrivate(sub, formatEuros(gainCents(contest.costCents)), contest.endDate ? formatParisDate(contest.endDate) : null);
}

/** The organiser's open contests, each saying whether this talent is already invited. */
export async function invitableContests(ctx: AppContext, organiserId: number, pseudo: string): Promise<InvitableContestDto[]> {
  const talent = await findPublicTalent(ctx.db, pseudo);
  if (!talent) throw notFound(T.notFound);
  const open = await ctx.db
    .select({ id: contests.id, companyName: contests.companyName })
    .from(contests)
    .where(and(eq(contests.ownerId, organiserId), eq(contests.status, CONTEST_STATUS.open)))
    .orderBy(asc(contests.endDate), asc(contests.id))
    .limit(50);
  if (open.length === 0) return [];
  const invited = await ctx.db
    .select({ contestId: contestInvitations.contestId })
    .from(contestInvitations)
    .where(and(eq(contestInvitations.talentId, talent.id), inArray(contestInvitations.contestId, open.map((c) => c.id))));
  const done = new Set(invited.map((i) => i.contestId));
  return open.map((c) => ({ idConcours: c.id, companyName: c.companyName, invited: done.has(c.id) }));
}
