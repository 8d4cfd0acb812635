/**
 * Loads the catalogue of `domain/` (categories, sub-categories, options) into the database.
 * `domain/` is the source of truth; the database copy exists for foreign keys and joins.
 * A hash in app_meta skips the work when nothing changed since the last start.
 */
import { createHash } from 'node:crypto';
import { eq, notInArray, sql } from 'drizzle-orm';
import { CATEGORIES, OPTIONS, SUB_CATEGORIES } from '@creadefi/domain';
import type { Db } from './client';
import { appMeta, categories, options, subCategories } from './schema';

const KEY = 'catalogue_hash';

export async function syncCatalogue(db: Db): Promise<boolean> {
  const hash = createHash('sha256').update(JSON.stringify([CATEGORIES, SUB_CATEGORIES, OPTIONS])).digest('hex');
  const [current] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
  if (current?.value === hash) return false;
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(CATEGORIES.map((c, i) => ({ id: c.id, title: c.title, slug: c.slug, position: i })))
      .onConflictDoUpdate({ target: categories.id, set: { title: sql`excluded.title`, slug: sql`excluded.slug`, position: sql`excluded.position` } });
    await tx
      .insert(subCategories)
      .values(
        SUB_CATEGORIES.map((s, i) => ({
          id: s.id,
          categoryId: s.idCategory,
          title: s.title,
          slug: s.slug,
          image: `/illustrations/${CATEGORIES.find((c) => c.id === s.idCategory)!.slug}.svg`,
          priceCents: s.priceCents,
          format: s.format,
          type: s.type,
          position: i,
        })),
      )
      .onConflictDoUpdate({
        target: subCategories.id,
        set: {
          categoryId: sql`excluded.category_id`,
          title: sql`excluded.title`,
          slug: sql`excluded.slug`,
          image: sql`excluded.image`,
          priceCents: sql`excluded.price_cents`,
          format: sql`excluded.format`,
          type: sql`excluded.type`,
          position: sql`excluded.position`,
        },
      });
    await tx
      .insert(options)
      .values(OPTIONS.map((o, i) => ({ id: o.id, subCategoryId: o.idSubCategory, nom: o.nom, prixCents: o.prixCents, isPayant: o.isPayant, isPrerequis: o.isPrerequis, position: i, archived: false })))
      .onConflictDoUpdate({
        target: options.id,
        set: {
          subCategoryId: sql`excluded.sub_category_id`,
          nom: sql`excluded.nom`,
          prixCents: sql`excluded.prix_cents`,
          isPayant: sql`excluded.is_payant`,
          isPrerequis: sql`excluded.is_prerequis`,
          position: sql`excluded.position`,
          archived: false,
        },
      });
    await tx.update(options).set({ archived: true }).where(notInArray(options.id, OPTIONS.map((o) => o.id)));
    await tx.insert(appMeta).values({ key: KEY, value: hash }).onConflictDoUpdate({ target: appMeta.key, set: { value: hash } });
  });
  return true;
}
