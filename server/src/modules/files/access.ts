/**
 * Who may fetch which file: files are never public, every request is checked against
 * `mayDownloadFile` and `mayViewFile` (docs/product.md §2 and §6):
 *
 * - an admin, the participation's author and whoever uploaded the file may always fetch it;
 * - the organiser judges proposals from their previews: the resized image, or for video,
 *   audio and PDF proposals (which have no derived preview) the media shown in the page,
 *   never as an attachment;
 * - the organiser downloads an original (proposal, work or final file) only once the contest
 *   is finalised (status 4 or 5) and only for a winning participation;
 * - anyone else gets 403, a visitor 401 (the route asks for a session first).
 */
import { eq } from 'drizzle-orm';
import { AppError, MESSAGES, mayDownloadFile, mayViewFile, notFound, type FileViewer } from '@creadefi/domain';
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

/** The strongest claim first: an organiser who uploaded a work file holds it as its uploader. */
function viewerOf(actor: Actor, authorId: number, uploadedBy: number | null, ownerId: number): FileViewer {
  if (actor.isAdmin) return 'admin';
  if (authorId === actor.id) return 'author';
  if (uploadedBy === actor.id) return 'uploader';
  return ownerId === actor.id ? 'organiser' : 'other';
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
  const viewer = viewerOf(actor, row.authorId, file.uploadedBy, row.ownerId);
  if (viewer === 'other') throw new AppError(403, P.downloadForbidden);

  if (use === 'download') {
    if (!mayDownloadFile(viewer, row.status, row.isWinner)) throw new AppError(403, P.downloadForbidden);
    return { storageKey: file.storageKey, mime: file.mime, filename: file.filename, disposition: 'attachment', cacheControl: 'private, no-store', etag: `"${file.sha256}"`, ranges: false };
  }

  if (!mayViewFile(viewer, row.status, { isWinner: row.isWinner, isProposal: file.kind === 'participation' })) throw new AppError(403, P.downloadForbidden);
  // What is shown in place may be refused tomorrow (a contest finalised without this
  // proposal, a member's access withdrawn): the browser keeps no copy to show without asking.
  // A file's bytes never change once stored, so its id is enough to name its version; the
  // original's digest would tell a viewer the hash of a file they may not download.
  if (file.previewKey) return previewDelivery({ id: file.id, previewKey: file.previewKey, filename: file.filename });
  if (viewsOriginalInline(file)) {
    return { storageKey: file.storageKey, mime: file.mime, filename: file.filename, disposition: 'inline', cacheControl: INLINE_CACHE, etag: `"v-${file.id}"`, ranges: true };
  }
  throw notFound(P.fileNotFound);
}

/**
 * The downscaled preview of an image, never its original: what a talent's portfolio and a
 * poll show to anyone holding the page (modules/talents), once they checked the file is theirs to show.
 */
export function previewDelivery(file: { id: number; previewKey: string; filename: string }): FileDelivery {
  return { storageKey: file.previewKey, mime: PREVIEW_MIME, filename: file.filename.replace(/\.[^.]*$/, '') + '.webp', disposition: 'inline', cacheControl: INLINE_CACHE, etag: `"p-${file.id}"`, ranges: false };
}
