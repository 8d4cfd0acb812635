/**
 * Who may fetch which file (DESIGN decision 10: files are never public, every request is
 * checked). The reading of spec 2 §4 ("winner downloads are allowed only at 4 or 5 and only
 * for a winning participation") applied here:
 *
 * - an admin, the participation's author and whoever uploaded the file may always fetch it;
 * - the organiser judges proposals from their previews: the resized image, or for video,
 *   audio and PDF proposals (which have no derived preview) the media shown in the page,
 *   never as an attachment;
 * - the organiser downloads an original (proposal, work or final file) only once the contest
 *   is finalised (status 4 or 5) and only for a winning participation. Before that a
 *   non-winning original stays with its author: 403. Tying it to status 4/5 and not only to
 *   "is a winner" keeps an organiser from picking and dropping winners at status 2 or 3 just
 *   to collect full-size originals;
 * - anyone else gets 403, a visitor 401 (the route asks for a session first).
 */
import { eq } from 'drizzle-orm';
import { AppError, CONTEST_STATUS, MESSAGES, notFound } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { contests, files, participations } from '../../db/schema';
import { PREVIEW_MIME } from './preview';
import { viewsOriginalInline } from './dto';

const P = MESSAGES.participations;

export interface Actor {
  id: number;
  isAdmin: boolean;
}

export type FileUse = 'download' | 'view';

const INLINE_CACHE = 'private, no-store';

export interface FileDelivery {
  storageKey: string;
  mime: string;
  filename: string;
  disposition: 'attachment' | 'inline';
  cacheControl: string;
  etag: string;
  /** Media played in the page need byte ranges to seek. */
  ranges: boolean;
}

export async function authoriseFile(ctx: AppContext, actor: Actor, fileId: number, use: FileUse): Promise<FileDelivery> {
  const [row] = await ctx.db
    .select({ file: files, authorId: participations.userId, isWinner: participations.isWinner, ownerId: contests.ownerId, status: contests.status })
    .from(files)
    .innerJoin(participations, eq(participations.id, files.participationId))
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .where(eq(files.id, fileId))
    .limit(1);
  if (!row) throw notFound(P.fileNotFound);
  const { file } = row;
  const isOrganiser = row.ownerId === actor.id;
  const fullAccess = actor.isAdmin || row.authorId === actor.id || file.uploadedBy === actor.id;
  const finalised = row.status === CONTEST_STATUS.awaitingFinalFiles || row.status === CONTEST_STATUS.finished;
  const organiserMayDownload = isOrganiser && finalised && row.isWinner;
  if (!fullAccess && !isOrganiser) throw new AppError(403, P.downloadForbidden);

  if (use === 'download') {
    if (!fullAccess && !organiserMayDownload) throw new AppError(403, P.downloadForbidden);
    return { storageKey: file.storageKey, mime: file.mime, filename: file.filename, disposition: 'attachment', cacheControl: 'private, no-store', etag: `"${file.sha256}"`, ranges: false };
  }

  const judging = file.kind === 'participation';
  if (!fullAccess && !judging && !organiserMayDownload) throw new AppError(403, P.downloadForbidden);
  // What is shown in place may be refused tomorrow (a contest finalised without this
  // proposal, a member's access withdrawn): the browser keeps no copy to show without asking.
  // A file's bytes never change once stored, so its id is enough to name its version; the
  // original's digest would tell a viewer the hash of a file they may not download.
  if (file.previewKey) {
    return { storageKey: file.previewKey, mime: PREVIEW_MIME, filename: file.filename.replace(/\.[^.]*$/, '') + '.webp', disposition: 'inline', cacheControl: INLINE_CACHE, etag: `"p-${file.id}"`, ranges: false };
  }
  if (viewsOriginalInline(file)) {
    return { storageKey: file.storageKey, mime: file.mime, filename: file.filename, disposition: 'inline', cacheControl: INLINE_CACHE, etag: `"v-${file.id}"`, ranges: true };
  }
  throw notFound(P.fileNotFound);
}
