/**
 * GET /concours/{idConcours}/galerie: an open contest's proposals as the talents see them
 * (docs/product.md §3 "Concours ouvert"): who sent them and the ids of their preview images,
 * never a file name, a text or an original. Only for a contest the viewer may read
 * (`contestVisibleTo`: a private one once its agreement is accepted). Paged in the index
 * (contest_id, is_participating, number, id) like the organiser's page.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError, MESSAGES, forbidden, notFound, type GalleryDto } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { contests, files, participations, users } from '../../db/schema';
import { contestVisibleTo } from '../contests/visibility';
import type { Actor } from './load';

const F = MESSAGES.formats;

export async function getGallery(ctx: AppContext, actor: Actor, contestId: number, query: { page: number; pageSize: number }): Promise<GalleryDto> {
  const [contest] = await ctx.db
    .select({ isPrivate: contests.isPrivate, proposalsOpen: contests.proposalsOpen, count: contests.participationsCount, readable: sql<boolean>`${contestVisibleTo(actor)}`.mapWith(Boolean) })
    .from(contests)
    .where(eq(contests.id, contestId))
    .limit(1);
  if (!contest) throw notFound(MESSAGES.contests.notFound);
  if (!contest.readable) {
    if (contest.isPrivate) throw new AppError(403, F.ndaRequired);
    throw notFound(MESSAGES.contests.notFound);
  }
  if (!contest.proposalsOpen) throw forbidden(F.galleryBlind);
  const rows = await ctx.db
    .select({
      id: participations.id,
      number: participations.number,
      pseudo: users.pseudo,
      isFinalist: participations.isFinalist,
      previews: sql<number[]>`coalesce((select array_agg(f.id order by f.id) from ${files} f where f.participation_id = ${participations.id} and f.kind = 'participation' and f.preview_key is not null), '{}')`,
    })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(and(eq(participations.contestId, contestId), eq(participations.isParticipating, true)))
    .orderBy(asc(participations.number), asc(participations.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    proposals: rows.map((r) => ({ ...r, previews: r.previews.map(Number) })),
    page: query.page,
    pageSize: query.pageSize,
    total: contest.count,
  };
}
