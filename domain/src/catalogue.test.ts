import { describe, expect, it } from 'vitest';
import { CATEGORIES, FEATURED_SLIDER, SUB_CATEGORIES, findSubCategory, startingPriceCents, subCategoriesOf } from './catalogue';
import { OPTIONS, optionsOf } from './options';

describe('catalogue', () => {
  it('has the 7 categories of docs/product.md §3 with their ids', () => {
    expect(CATEGORIES.map((c) => [c.id, c.title])).toEqual([
      [1, 'Design'],
      [2, 'Site Web / App'],
      [3, 'Réseaux sociaux'],
      [4, 'Business'],
      [5, 'Écriture'],
      [6, 'Image / Vidéo'],
      [7, 'Audio'],
    ]);
  });

  it('numbers sub-categories 1 to 53 in catalogue order, with Mixage added as 54 (docs/product.md §3)', () => {
    expect(SUB_CATEGORIES.map((s) => s.id)).toEqual(Array.from({ length: 54 }, (_, i) => i + 1));
    expect(findSubCategory(1)).toMatchObject({ title: 'Logo', priceCents: 24000, format: 1, type: 'png' });
    expect(findSubCategory(53)).toMatchObject({ title: 'Effets sonores', priceCents: 6000, format: 3, type: null });
    expect(findSubCategory(54)).toMatchObject({ title: 'Mixage', priceCents: 12500, idCategory: 7 });
  });

  it('points every landing slider card at the sub-category of the same price', () => {
    for (const card of FEATURED_SLIDER) {
      const sub = findSubCategory(card.idSubCategory)!;
      expect(sub.idCategory).toBe(card.idCategory);
      expect(sub.priceCents).toBe(card.priceCents);
    }
  });

  it('keeps text sub-categories in format 5 and video sub-categories in format 2', () => {
    const byTitle = (t: string) => SUB_CATEGORIES.find((s) => s.title === t)!;
    expect(byTitle('Slogan')).toMatchObject({ format: 5, type: 'text' });
    expect(byTitle('Nom de boîte')).toMatchObject({ format: 5, type: 'text' });
    expect(byTitle('Stories vidéo').format).toBe(2);
    expect(byTitle('GIF')).toMatchObject({ format: 4, type: 'png' });
  });

  it('gives slugs unique within each category', () => {
    for (const c of CATEGORIES) {
      const slugs = subCategoriesOf(c.id).map((s) => s.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
    expect(startingPriceCents(7)).toBe(6000);
  });

  it('gives every sub-category paid options, base offer and prerequisites with stable unique ids', () => {
    expect(new Set(OPTIONS.map((o) => o.id)).size).toBe(OPTIONS.length);
    for (const s of SUB_CATEGORIES) {
      const list = optionsOf(s.id);
      expect(list.some((o) => o.isPayant && /retouche/i.test(o.nom))).toBe(true);
      expect(list.some((o) => o.isPayant && /livr/i.test(o.nom))).toBe(true);
      expect(list.some((o) => !o.isPayant && !o.isPrerequis)).toBe(true);
      expect(list.some((o) => o.isPrerequis)).toBe(true);
      expect(list.every((o) => Number.isInteger(o.prixCents) && (o.isPayant ? o.prixCents > 0 : o.prixCents === 0))).toBe(true);
    }
  });
});
