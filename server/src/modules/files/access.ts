/**
 * Who may fetch which file: files are never public, every request is checked against
 * `mayDownloadFile` and `mayViewFile` (docs/product.md §2 and §6):
 *
 * - an admin, the participation's author and whoever uploaded the file may always fetch it;
 * - a proposal is shown in the page (`view`, `poster`) only as its marked preview (images and
 *   PDF pages downscaled and marked, sound in low quality with a tone, video in 360p marked),
 *   to everyone, its author included: the original leaves only as a download, to whom
 *   `mayDownloadFile` lets have it; while the preview is being made the answer says so;
 * - the organiser downloads an original (proposal, work or final file) only once the contest
 *   is finalised (status 4 or 5) and only for a winning participation;
 * - in an open contest, the other talents who may read it see each proposal's marked preview,
 *   never an original (`mayViewOpenPreview`);
 * - anyone else gets 403, a visitor 401 (the route asks for a session first).
 */
import { eq, sql } from 'drizzle-orm';
import { AppError, MESSAGES, mayDownloadFile, mayViewFile, mayViewOpenPreview, notFound, type FileViewer } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { contests, files, participations } from '../../db/schema';
import { contestVisibleTo } from '../contests/visibility';

const P = MESSAGES.participations;
const PV = MESSAGES.previews;

export interface Actor {
  id: number;
  isAdmin: boolean;
}

export type FileUse = 'download' | 'view' | 'poster';

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
    .select({
      file: files,
      authorId: participations.userId,
      isWinner: participations.isWinner,
      isParticipating: participations.isParticipating,
      ownerId: contests.ownerId,
      status: contests.status,
      proposalsOpen: contests.proposalsOpen,
      readable: sql<boolean>`${contestVisibleTo(actor)}`.mapWith(Boolean),
    })
    .from(files)
    .innerJoin(participations, eq(participations.id, files.participationId))
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .where(eq(files.id, fileId))
    .limit(1);
  if (!row) throw notFound(P.fileNotFound);
  const { file } = row;
  const viewer = viewerOf(actor, row.authorId, file.uploadedBy, row.ownerId);
  if (viewer === 'other') {
    const open = { proposalsOpen: row.proposalsOpen, readable: row.readable, isProposal: file.kind === 'participation', hasPreview: file.previewKey !== null, isParticipating: row.isParticipating };
    if (use !== 'download' && mayViewOpenPreview(open)) return previewDelivery(file, use);
    throw new AppError(403, P.downloadForbidden);
  }

  if (use === 'download') {
    if (!mayDownloadFile(viewer, row.status, row.isWinner)) throw new AppError(403, P.downloadForbidden);
    return { storageKey: file.storageKey, mime: file.mime, filename: file.filename, disposition: 'attachment', cacheControl: 'private, no-store', etag: `"${file.sha256}"`, ranges: false };
  }

  if (!mayViewFile(viewer, row.status, { isWinner: row.isWinner, isProposal: file.kind === 'participation' })) throw new AppError(403, P.downloadForbidden);
  // What is shown in place may be refused tomorrow (a contest finalised without this
  // proposal, a member's access withdrawn): the browser keeps no copy to show without asking.
  // A preview's bytes never change once made, so its id is enough to name its version; the
  // original's digest would tell a viewer the hash of a file they may not download.
  return previewDelivery(file, use);
}

/**
 * The marked preview (or a video's poster), or why there is none yet: also what a talent's
 * portfolio and a poll show to anyone holding the page (modules/talents), once they checked the
 * file is theirs to show.
 */
export function previewDelivery(file: typeof files.$inferSelect, use: Exclude<FileUse, 'download'>): FileDelivery {
  if (file.kind !== 'participation' || file.previewStatus === null) throw notFound(P.fileNotFound);
  if (file.previewStatus === 'pending') throw new AppError(409, PV.pending);
  if (file.previewStatus === 'failed' || !file.previewKey || !file.previewMime) throw new AppError(422, PV.failed);
  const base = file.filename.replace(/\.[^.]*$/, '');
  if (use === 'poster') {
    if (!file.posterKey) throw notFound(P.fileNotFound);
    return { storageKey: file.posterKey, mime: 'image/webp', filename: `${base}-affiche.webp`, disposition: 'inline', cacheControl: INLINE_CACHE, etag: `"a-${file.id}"`, ranges: false };
  }
  const media = file.previewMime.startsWith('audio/') || file.previewMime.startsWith('video/');
  const extension = { 'image/webp': 'webp', 'audio/mpeg': 'mp3', 'video/mp4': 'mp4' }[file.previewMime] ?? 'bin';
  return { storageKey: file.previewKey, mime: file.previewMime, filename: `${base}-apercu.${extension}`, disposition: 'inline', cacheControl: INLINE_CACHE, etag: `"p-${file.id}"`, ranges: media };
}
