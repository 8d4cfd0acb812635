/**
 * Marked previews of proposal files, made after the upload is stored (docs/architecture.md,
 * « Aperçus protégés »). The upload's transaction queues a job (pg-boss, decision 0011); any
 * instance's worker takes it, copies the original to a private temporary file, renders it in
 * a child process (child.ts) and stores the preview, the poster and the waveform beside the
 * original through the FileStore. A file the decoders cannot read, one too large for an
 * in-memory encoder or one that passes the time limit ends `failed`: its original is still
 * never shown in its place.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATIONS, previewKindOf, webPaths, type PreviewKind } from '@creadefi/domain';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { contests, files, participations } from '../../../db/schema';
import { notify } from '../../notifications/notify';
import { inTransaction, PREVIEW_QUEUE, type JobQueue } from '../../../jobs/queue';
import { DEFAULT_LIMITS, PreviewFailedError, renderInChild, type ChildLimits } from './child';
import { markLabel } from './mark';

/**
 * What an encoder holding the whole file in WebAssembly memory takes on. A larger video or
 * sound gets no preview (`failed`) rather than a worker that swaps.
 */
export const MAX_PREVIEW_INPUT_BYTES: Record<PreviewKind, number> = { image: 50_000_000, pdf: 50_000_000, audio: 200_000_000, video: 200_000_000 };
const MAX_PREVIEW_BYTES = 50_000_000;

/** Queued in the transaction that records the file: a rolled-back upload queues nothing. */
export async function enqueuePreview(queue: JobQueue, tx: Db | Tx, fileId: number): Promise<void> {
  await queue.send(PREVIEW_QUEUE, { fileId }, { db: inTransaction(tx) });
}

export const previewKeys = (storageKey: string) => ({ preview: `${storageKey}-preview`, poster: `${storageKey}-poster` });

export interface PreviewOptions {
  limits?: Partial<Record<PreviewKind, ChildLimits>>;
  log?: FastifyBaseLogger;
}

/** The stored original as a private temporary file, for the child process; removed after. */
export async function withPrivateCopy<T>(ctx: AppContext, storageKey: string, use: (inputPath: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'creadefi-preview-'));
  try {
    const inputPath = path.join(dir, 'original');
    await pipeline(await ctx.files.read(storageKey), createWriteStream(inputPath, { mode: 0o600 }));
    return await use(inputPath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The organiser will see « aperçu en échec »: the talent is told at once, with the contest's
 * page, where they withdraw the file and send another version.
 */
async function markFailed(ctx: AppContext, file: { id: number; uploadedBy: number; filename: string }, contest: { id: number; companyName: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const failed = await tx
      .update(files)
      .set({ previewStatus: 'failed' })
      .where(and(eq(files.id, file.id), eq(files.previewStatus, 'pending')))
      .returning({ participationId: files.participationId });
    if (failed.length === 0) return;
    await notify(tx, {
      userId: file.uploadedBy,
      kind: 'preview_failed',
      text: NOTIFICATIONS.previewFailed(file.filename, contest.companyName),
      link: webPaths.contestDetails(contest.id),
      contestId: contest.id,
      participationId: failed[0]!.participationId,
    });
  });
}

/** Makes one file's preview; a file already done (or gone) is left as it is. */
export async function processPreview(ctx: AppContext, fileId: number, options: PreviewOptions = {}): Promise<'ready' | 'failed' | 'skipped'> {
  const [row] = await ctx.db
    .select({ file: files, number: participations.number, contest: { id: contests.id, companyName: contests.companyName } })
    .from(files)
    .innerJoin(participations, eq(participations.id, files.participationId))
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .where(eq(files.id, fileId));
  if (!row || row.file.previewStatus !== 'pending') return 'skipped';
  const { file, contest } = row;
  const kind = previewKindOf(file.mime);
  if (!kind || file.sizeBytes > MAX_PREVIEW_INPUT_BYTES[kind]) {
    options.log?.warn({ fileId, mime: file.mime, size: file.sizeBytes }, 'aperçu impossible pour ce fichier');
    await markFailed(ctx, file, contest);
    return 'failed';
  }

  let rendered;
  try {
    rendered = await withPrivateCopy(ctx, file.storageKey, (inputPath) => renderInChild({ inputPath, mime: file.mime, kind, label: markLabel(row.number) }, options.limits?.[kind] ?? DEFAULT_LIMITS[kind]));
  } catch (error) {
    if (!(error instanceof PreviewFailedError)) throw error;
    options.log?.warn({ fileId, mime: file.mime, err: error.message.slice(0, 800) }, 'aperçu en échec');
    await markFailed(ctx, file, contest);
    return 'failed';
  }

  const keys = previewKeys(file.storageKey);
  await ctx.files.write(keys.preview, Readable.from([rendered.preview]), { maxBytes: MAX_PREVIEW_BYTES });
  if (rendered.poster) await ctx.files.write(keys.poster, Readable.from([rendered.poster]), { maxBytes: MAX_PREVIEW_BYTES });
  const updated = await ctx.db
    .update(files)
    .set({ previewStatus: 'ready', previewKey: keys.preview, previewMime: rendered.previewMime, posterKey: rendered.poster ? keys.poster : null, waveform: rendered.waveform?.length ? rendered.waveform : null })
    .where(eq(files.id, fileId))
    .returning({ id: files.id });
  if (updated.length === 0) {
    // Withdrawn meanwhile: what was just written belongs to nobody.
    await ctx.files.delete(keys.preview);
    await ctx.files.delete(keys.poster);
    return 'skipped';
  }
  return 'ready';
}

/** A job lost (an instance killed mid-way, a queue restored) or files pending since the migration. */
export async function requeueStalePreviews(ctx: AppContext): Promise<number> {
  const stale = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.previewStatus, 'pending'), lt(files.createdAt, sql`now() - interval '30 minutes'`)))
    .limit(200);
  for (const { id } of stale) await ctx.queue.send(PREVIEW_QUEUE, { fileId: id }, { singletonKey: `preview-${id}`, singletonSeconds: 1800 });
  return stale.length;
}

/** One preview at a time per instance: each takes a core for its whole length. */
export async function startPreviewWorker(ctx: AppContext, queue: JobQueue, log: FastifyBaseLogger, options: PreviewOptions = {}): Promise<void> {
  await queue.work<{ fileId: number }>(PREVIEW_QUEUE, { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    await processPreview(ctx, job!.data.fileId, { log, ...options });
  });
}
