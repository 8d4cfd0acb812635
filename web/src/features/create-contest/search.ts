/**
 * Step 1's search box (docs/product.md §11): suggestions are category and sub-category titles that
 * start with what was typed, ignoring case; submitting picks the sub-category whose title is
 * exactly what was typed, ignoring case. Accents are ignored too, so "icone" finds "Icône".
 */
import { CATEGORIES, SUB_CATEGORIES, type Category, type SubCategory } from '@creadefi/domain';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('fr')
    .trim();

export interface Suggestions {
  categories: string[];
  subCategories: string[];
}

export function suggest(query: string): Suggestions {
  const q = fold(query);
  if (!q) return { categories: [], subCategories: [] };
  const byPrefix = (title: string) => fold(title).startsWith(q);
  const categories = CATEGORIES.map((c) => c.title).filter(byPrefix);
  // A sub-category sharing a category's title would make two identical suggestions.
  const subCategories = [...new Set(SUB_CATEGORIES.map((s) => s.title).filter(byPrefix))].filter((t) => !categories.includes(t));
  return { categories, subCategories };
}

export function exactSubCategory(query: string): SubCategory | undefined {
  const q = fold(query);
  return q ? SUB_CATEGORIES.find((s) => fold(s.title) === q) : undefined;
}

export function exactCategory(query: string): Category | undefined {
  const q = fold(query);
  return q ? CATEGORIES.find((c) => fold(c.title) === q) : undefined;
}
