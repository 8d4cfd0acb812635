/** The catalogue as the database holds it (db/catalogue-sync.ts loads it from `domain/`). */
import { and, asc, eq } from 'drizzle-orm';
import { MESSAGES, notFound, type OptionDto, type SubCategoryDto } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { categories, options, subCategories } from '../../db/schema';

type OptionRow = typeof options.$inferSelect;

export function toOptionDto(o: Pick<OptionRow, 'id' | 'nom' | 'prixCents' | 'isPayant' | 'isPrerequis'>): OptionDto {
  return { id: o.id, nom: o.nom, prix: o.prixCents, isPayant: o.isPayant, isPrerequis: o.isPrerequis };
}

/** Options a new contest may show or choose: archived ones stay only for the contests that took them. */
async function activeOptionsOf(db: Db | Tx, subCategoryId: number): Promise<OptionRow[]> {
  return db
    .select()
    .from(options)
    .where(and(eq(options.subCategoryId, subCategoryId), eq(options.archived, false)))
    .orderBy(asc(options.position), asc(options.id));
}

/** GET /subcategory/read/{id}: the sub-category with its options (docs/product.md §3). */
export async function readSubCategory(db: Db | Tx, id: number): Promise<SubCategoryDto> {
  const [row] = await db
    .select({ sub: subCategories, categorySlug: categories.slug })
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(eq(subCategories.id, id))
    .limit(1);
  if (!row) throw notFound(MESSAGES.contests.unknownSubCategory);
  const { sub } = row;
  return {
    id: sub.id,
    idCategory: sub.categoryId,
    title: sub.title,
    name: sub.title,
    to: sub.slug,
    categoryTo: row.categorySlug,
    image: sub.image,
    price: sub.priceCents,
    format: sub.format,
    type: sub.type,
    options: (await activeOptionsOf(db, sub.id)).map(toOptionDto),
  };
}
