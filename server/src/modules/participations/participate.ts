/**
 * Taking part (docs/product.md §5 and §11): the commitment, then a text or files.
 * A participation counts ("isParticipating") from its first content on; that moment gives
 * it its running number, bumps the contest's counter and tells the organiser.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACCEPT_LABELS,
  AppError,
  FORMAT,
  MESSAGES,
  acceptedProposalTypes,
  badRequest,
  conflict,
  forbidden,
  formatBytes,
  maxParticipationBytes,
  maxParticipationFiles,
  takesProposals,
  mayProposeInRound,
  uploadFieldsSchema,
  type FileDto,
  webPaths,
} from '@creadefi/domain';
import type { z } from 'zod';
import type { addParticipationSchema } from '@creadefi/domain';
import { hasAcceptedNda } from '../contests/nda';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contests, files, participations, users } from '../../db/schema';
import { toFileDto } from '../files/dto';
import { enqueuePreview } from '../files/previews/job';
import { checkMediaDecodes } from '../files/previews/probe';
import { discardUpload, type StoredUpload, type UploadRules } from '../files/upload';
import { loadContest, loadParticipation, lockContest, type Actor, type ContestWithFormat } from './load';
import { notify } from '../notifications/notify';
import { uniqueViolation } from '../../db/unique-violation';
import { starCountChange } from './star-counters';
import { recordStoredFile } from '../files/record';
import { claimContent } from '../originality/exact-copy';
import { flagResemblance } from '../originality/resemblance';

const P = MESSAGES.participations;

export type AddParticipationInput = z.infer<typeof addParticipationSchema>;

/** Gives the participation its number and counts it; caller holds the contest lock. */
async function enterContest(tx: Tx, contest: ContestWithFormat, participationId: number, now: Date): Promise<number> {
  // The next number is read in the same statement: the contest's lock keeps it free.
  const others = alias(participations, 'others');
  const next = sql<number>`${tx
    .select({ next: sql`coalesce(max(${others.number}), 0) + 1` })
    .from(others)
    .where(and(eq(others.contestId, contest.id), eq(others.isParticipating, true)))}`;
  const [entered] = await tx
    .update(participations)
    .set({ isParticipating: true, number: next, submittedAt: now, updatedAt: now })
    .where(eq(participations.id, participationId))
    .returning({ stars: participations.stars, number: participations.number });
  await tx
    .update(contests)
    .set({ participationsCount: sql`${contests.participationsCount} + 1`, ...starCountChange(null, entered!.stars) })
    .where(eq(contests.id, contest.id));
  await notify(tx, { userId: contest.ownerId, kind: 'new_proposal', text: MESSAGES.notifications.newProposal(contest.companyName), link: webPaths.proposals(contest.id), contestId: contest.id, participationId, at: now });
  return entered!.number!;
}

/** POST /concours/add/participation: creates the viewer's participation, or completes the empty one messaging created. */
export async function addParticipation(ctx: AppContext, actor: Actor, input: AddParticipationInput): Promise<{ id: number }> {
  // The member's statuses are read beside the contest, not after it.
  const [contest, [user]] = await Promise.all([
    loadContest(ctx.db, input.idConcours),
    ctx.db.select({ ownerId: users.ownerId, payerId: users.payerId }).from(users).where(eq(users.id, actor.id)).limit(1),
  ]);
  if (contest.ownerId === actor.id) throw forbidden(P.ownContest);
  if (!takesProposals(contest, ctx.clock())) throw conflict(P.notOpen);
  if (!(await hasAcceptedNda(ctx, contest, actor.id))) throw forbidden(MESSAGES.formats.ndaRequired);
  if (!user?.ownerId || !user.payerId) throw forbidden(P.statusRequired);

  const text = input.inputText?.trim() || null;
  const isText = contest.format === FORMAT.text;
  if (isText && !text) throw badRequest(P.textRequired);
  if (!isText && text) throw badRequest(P.textOnlyForText);

  const attempt = () =>
    ctx.db.transaction(async (tx) => {
      const now = ctx.clock();
      const locked = await lockContest(tx, contest.id);
      if (!takesProposals(locked, now)) throw conflict(P.notOpen);
      const [existing] = await tx
        .select()
        .from(participations)
        .where(and(eq(participations.contestId, contest.id), eq(participations.userId, actor.id)))
        .for('update');
      if (existing?.withdrawnByTeamAt) throw forbidden(P.withdrawnByTeam);
      if (!mayProposeInRound(locked, existing?.isFinalist ?? false)) throw forbidden(MESSAGES.formats.finalistsOnly);
      if (existing?.isParticipating) throw conflict(P.alreadyParticipated);
      let id: number;
      if (existing) {
        id = existing.id;
        await tx.update(participations).set({ commitmentAcceptedAt: now, inputText: text, updatedAt: now }).where(eq(participations.id, id));
      } else {
        const [row] = await tx
          .insert(participations)
          .values({ contestId: contest.id, userId: actor.id, inputText: text, commitmentAcceptedAt: now, createdAt: now, updatedAt: now })
          .returning({ id: participations.id });
        id = row!.id;
      }
      if (isText) await enterContest(tx, locked, id, now);
      return { id };
    });

  try {
    return await attempt();
  } catch (error) {
    if (uniqueViolation(error) !== 'participations_contest_user_key') throw error;
    // Messaging created the empty participation between our read and our insert: the
    // second attempt completes it, or finds it already counted.
    try {
      return await attempt();
    } catch (again) {
      if (uniqueViolation(again) === 'participations_contest_user_key') throw conflict(P.alreadyParticipated);
      throw again;
    }
  }
}

async function proposalUsage(db: Db | Tx, participationId: number): Promise<{ count: number; bytes: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number), bytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)`.mapWith(Number) })
    .from(files)
    .where(and(eq(files.participationId, participationId), eq(files.kind, 'participation')));
  return row ?? { count: 0, bytes: 0 };
}

export interface ProposalUploadTarget {
  participationId: number;
  contestId: number;
  format: number;
  rules: UploadRules;
}

/**
 * Everything that can refuse an upload before its bytes are read: who, when, how many.
 * commitProposalFile checks again under lock, as two uploads may run side by side.
 */
export async function prepareProposalUpload(ctx: AppContext, actor: Actor, participationId: number): Promise<ProposalUploadTarget> {
  const { participation, contest } = await loadParticipation(ctx.db, participationId);
  if (participation.userId !== actor.id) throw forbidden(P.notYours);
  if (participation.withdrawnByTeamAt) throw forbidden(P.withdrawnByTeam);
  if (!takesProposals(contest, ctx.clock())) throw conflict(P.notOpen);
  if (!mayProposeInRound(contest, participation.isFinalist)) throw forbidden(MESSAGES.formats.finalistsOnly);
  if (!participation.commitmentAcceptedAt) throw badRequest(P.commitmentRequired);
  const usage = await proposalUsage(ctx.db, participationId);
  const maxFiles = maxParticipationFiles(contest.format);
  if (usage.count >= maxFiles) throw badRequest(P.tooManyFiles(maxFiles));
  return {
    participationId,
    contestId: contest.id,
    format: contest.format,
    rules: {
      accept: acceptedProposalTypes(contest.format),
      acceptLabel: ACCEPT_LABELS[contest.format] ?? ACCEPT_LABELS[FORMAT.text]!,
      total: { used: usage.bytes, max: maxParticipationBytes(contest.format) },
      fingerprint: true,
    },
  };
}

/** The form's fields (idConcours) agree with the participation named in the path. */
export function checkProposalFields(target: ProposalUploadTarget, fields: Readonly<Record<string, string>>): void {
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, { idConcours: parsed.error.issues[0]!.message });
  if (parsed.data.idConcours !== undefined && parsed.data.idConcours !== target.contestId) throw badRequest(P.wrongContest);
}

/** Writes the row of a stored proposal file; on any refusal the stored bytes are removed. */
export async function commitProposalFile(ctx: AppContext, actor: Actor, target: ProposalUploadTarget, stored: StoredUpload, fields: Record<string, string>): Promise<FileDto> {
  try {
    // Fields sent after the file are checked here, once its bytes are in.
    checkProposalFields(target, fields);
    // Before the transaction: decoding takes a second, the contest's lock is not held meanwhile.
    await checkMediaDecodes(ctx, stored);
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock();
      const contest = await lockContest(tx, target.contestId);
      if (!takesProposals(contest, now)) throw conflict(P.notOpen);
      const [participation] = await tx.select().from(participations).where(eq(participations.id, target.participationId)).for('update');
      if (!participation || participation.userId !== actor.id) throw forbidden(P.notYours);
      if (participation.withdrawnByTeamAt) throw forbidden(P.withdrawnByTeam);
      if (!mayProposeInRound(contest, participation.isFinalist)) throw forbidden(MESSAGES.formats.finalistsOnly);
      const usage = await proposalUsage(tx, participation.id);
      const maxFiles = maxParticipationFiles(contest.format);
      if (usage.count >= maxFiles) throw badRequest(P.tooManyFiles(maxFiles));
      const maxBytes = maxParticipationBytes(contest.format);
      if (usage.bytes + stored.size > maxBytes) throw new AppError(413, P.tooBig(formatBytes(usage.bytes + stored.size), formatBytes(maxBytes)));
      // An exact copy of another talent's work is refused; a near copy is taken but flagged.
      await claimContent(tx, stored.sha256, actor.id, now);
      const file = await recordStoredFile(tx, { participationId: participation.id, kind: 'participation', uploadedBy: actor.id }, stored, now);
      if (file.dhash !== null) await flagResemblance(tx, { fileId: file.id, participationId: participation.id, contestId: contest.id, userId: actor.id, dhash: file.dhash }, now);
      if (!participation.isParticipating) await enterContest(tx, contest, participation.id, now);
      await enqueuePreview(ctx.queue, tx, file.id);
      return toFileDto(file);
    });
  } catch (error) {
    await discardUpload(ctx.files, stored);
    throw error;
  }
}
