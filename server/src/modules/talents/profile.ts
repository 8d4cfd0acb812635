/**
 * The public talent profile (GET /talents/{pseudo}) and its settings in « Mon profil ».
 * The profile shows only what the talent chose to show and won works whose organiser allowed
 * it, as the downscaled preview: never an original, an e-mail, a name or a wallet.
 */
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { CATEGORIES, MESSAGES, avatarUrl, badRequest, notFound, type PortfolioItemDto, type TalentProfileDto, type TalentSettingsDto, type TalentSettingsInput } from '@creadefi/domain';
import type { Db } from '../../db/client';
import { contests, files, participations, users } from '../../db/schema';
import { previewDelivery, type FileDelivery } from '../files/access';
import { categoriesDto, findPublicTalent, statsDto } from './talent';

const T = MESSAGES.talents;
const PORTFOLIO_MAX = 24;

/** The address a portfolio preview is served at, without a session. */
export const portfolioPreviewUrl = (pseudo: string, fileId: number) => `/api/talents/${encodeURIComponent(pseudo)}/portfolio/${fileId}`;

/**
 * A won work shows if its files are validated, its organiser allowed it and it has an image
 * preview, and never for a private contest, whatever its switch says. Callers join `contests`.
 */
export const portfolioConditions = (userId: number) =>
  and(
    eq(participations.userId, userId),
    eq(contests.isPrivate, false),
    eq(participations.portfolioShown, true),
    eq(participations.isWinner, true),
    isNotNull(participations.finalValidatedAt),
    isNull(participations.withdrawnByTeamAt),
    eq(files.kind, 'participation'),
    eq(files.previewMime, 'image/webp'),
  );

async function portfolioOf(db: Db, userId: number, pseudo: string): Promise<PortfolioItemDto[]> {
  const rows = await db
    .select({ participationId: participations.id, companyName: contests.companyName, fileId: files.id })
    .from(participations)
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .innerJoin(files, eq(files.participationId, participations.id))
    .where(portfolioConditions(userId))
    .orderBy(desc(participations.finalValidatedAt), asc(files.id))
    .limit(PORTFOLIO_MAX * 5);
  // One picture per work: its first image.
  const seen = new Set<number>();
  const items: PortfolioItemDto[] = [];
  for (const r of rows) {
    if (seen.has(r.participationId) || items.length >= PORTFOLIO_MAX) continue;
    seen.add(r.participationId);
    items.push({ idParticipation: r.participationId, companyName: r.companyName, previewUrl: portfolioPreviewUrl(pseudo, r.fileId) });
  }
  return items;
}

export async function talentProfile(db: Db, pseudo: string): Promise<TalentProfileDto> {
  const talent = await findPublicTalent(db, pseudo);
  if (!talent) throw notFound(T.notFound);
  return {
    pseudo: talent.pseudo,
    avatarUrl: avatarUrl(talent.pseudo, talent.avatarHash),
    bio: talent.bio,
    categories: categoriesDto(talent.shownCategories),
    memberSince: talent.createdAt.toISOString(),
    ...statsDto(talent),
    portfolio: await portfolioOf(db, talent.id, talent.pseudo),
  };
}

export async function talentSettings(db: Db, userId: number): Promise<TalentSettingsDto> {
  const [u] = await db
    .select({ pseudo: users.pseudo, bio: users.bio, categories: users.shownCategories, isPublic: users.talentPublic, avatarHash: users.avatarHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) throw notFound(T.notFound);
  const { avatarHash, ...settings } = u;
  return { ...settings, avatarUrl: avatarUrl(u.pseudo, avatarHash) };
}

const knownCategories = new Set(CATEGORIES.map((c) => c.id));

export async function saveTalentSettings(db: Db, userId: number, input: TalentSettingsInput): Promise<TalentSettingsDto> {
  if (input.categories.some((id) => !knownCategories.has(id))) throw badRequest(T.unknownCategory, { categories: T.unknownCategory });
  const categories = [...new Set(input.categories)];
  await db.update(users).set({ bio: input.bio, shownCategories: categories, talentPublic: input.isPublic }).where(eq(users.id, userId));
  return talentSettings(db, userId);
}

/** The preview of a portfolio image: only a file of a shown work of this public talent, never its original. */
export async function portfolioPreview(db: Db, pseudo: string, fileId: number): Promise<FileDelivery> {
  const talent = await findPublicTalent(db, pseudo);
  if (!talent) throw notFound(T.notFound);
  const [row] = await db
    .select({ file: files })
    .from(files)
    .innerJoin(participations, eq(participations.id, files.participationId))
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .where(and(eq(files.id, fileId), portfolioConditions(talent.id)))
    .limit(1);
  if (!row) throw notFound(MESSAGES.participations.fileNotFound);
  return previewDelivery(row.file, 'view');
}

