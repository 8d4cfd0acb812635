/**
 * The fixed catalogue of docs/product.md §3: 7 categories, their sub-categories with the minimum
 * contest price, the proposal format and the card type. Ids follow the catalogue's order
 * (docs/product.md §3); Mixage (54) is the landing slider's card that the catalogue lacked.
 * Prices are integer cents.
 */

/** Proposal formats, docs/product.md §3: what a talent sends for a sub-category. */
export const FORMAT = {
  image: 1,
  video: 2,
  audio: 3,
  gif: 4,
  text: 5,
} as const;
export type Format = (typeof FORMAT)[keyof typeof FORMAT];

export const FORMAT_LABELS: Record<Format, string> = {
  1: 'Image PNG ou JPEG',
  2: 'Vidéo AVI ou MP4',
  3: 'Audio MP3',
  4: 'Image GIF',
  5: 'Texte',
};

export type CardType = 'png' | 'text' | null;

export interface Category {
  id: number;
  title: string;
  slug: string;
}

export interface SubCategory {
  id: number;
  idCategory: number;
  title: string;
  slug: string;
  priceCents: number;
  format: Format;
  type: CardType;
}

export const CATEGORIES: readonly Category[] = [
  { id: 1, title: 'Design', slug: 'design' },
  { id: 2, title: 'Site Web / App', slug: 'site-web-app' },
  { id: 3, title: 'Réseaux sociaux', slug: 'reseaux-sociaux' },
  { id: 4, title: 'Business', slug: 'business' },
  { id: 5, title: 'Écriture', slug: 'ecriture' },
  { id: 6, title: 'Image / Vidéo', slug: 'image-video' },
  { id: 7, title: 'Audio', slug: 'audio' },
];

type Row = [title: string, slug: string, euros: number, format: Format];

const ROWS: Record<number, Row[]> = {
  1: [
    ['Logo', 'logo', 240, 1],
    ['Pack Identité', 'pack-identite', 480, 1],
    ['Carte de visite', 'carte-de-visite', 144, 1],
    ['Flyer', 'flyer', 156, 1],
    ['Logo de vêtement', 'logo-de-vetement', 204, 1],
    ['Brochure', 'brochure', 204, 1],
    ['Menu restaurant', 'menu-restaurant', 228, 1],
    ['Catalogue', 'catalogue', 264, 1],
    ['Infographie', 'infographie', 204, 1],
    ["Carte d'invitation", 'carte-d-invitation', 120, 1],
    ['Illustration', 'illustration', 240, 1],
    ['Affiche', 'affiche', 180, 1],
    ['3D', '3d', 312, 1],
    ['Newsletters', 'newsletters', 216, 1],
    ['Autocollants', 'autocollants', 120, 1],
    ['Packaging', 'packaging', 312, 1],
    ['Couverture de livre', 'couverture-de-livre', 204, 1],
    ['Pochette CD', 'pochette-cd', 204, 1],
    ['Kakemono', 'kakemono', 204, 1],
  ],
  2: [
    ['Design site web', 'design-site-web', 240, 1],
    ['Design app mobile', 'design-app-mobile', 216, 1],
    ['Icône', 'icone', 120, 1],
    ['Site e-commerce', 'site-e-commerce', 360, 1],
    ['Landing page', 'landing-page', 240, 1],
    ['Site vitrine', 'site-vitrine', 180, 1],
  ],
  3: [
    ['Publication image', 'publication-image', 84, 1],
    ['Publication vidéo', 'publication-video', 156, 2],
    ['Stories image', 'stories-image', 84, 1],
    ['Stories vidéo', 'stories-video', 156, 2],
    ['Bannière image', 'banniere-image', 108, 1],
    ['Bannière vidéo', 'banniere-video', 180, 2],
    ['Pack', 'pack', 540, 1],
  ],
  4: [
    ['Nom de boîte', 'nom-de-boite', 60, 5],
    ['Slogan', 'slogan', 84, 5],
    ['Présentation PowerPoint', 'presentation-powerpoint', 156, 1],
    ['CV', 'cv', 120, 1],
  ],
  5: [
    ['Article de blog', 'article-de-blog', 72, 5],
    ['Traduction', 'traduction', 60, 5],
  ],
  6: [
    ['Animation 2D', 'animation-2d', 312, 2],
    ['Animation 3D', 'animation-3d', 480, 2],
    ['Animation texte', 'animation-texte', 240, 2],
    ['Whiteboard', 'whiteboard', 240, 2],
    ['Vidéo publicitaire', 'video-publicitaire', 300, 2],
    ['Montage', 'montage', 120, 2],
    ['Animation de logo', 'animation-de-logo', 156, 2],
    ['GIF', 'gif', 120, 4],
    ['Motion design', 'motion-design', 216, 2],
    ['Générique', 'generique', 300, 2],
  ],
  7: [
    ['Voix off', 'voix-off', 60, 3],
    ['Pub radio', 'pub-radio', 60, 3],
    ['Livre audio', 'livre-audio', 156, 3],
    ['Jingle', 'jingle', 120, 3],
    ['Effets sonores', 'effets-sonores', 60, 3],
    ['Mixage', 'mixage', 125, 3],
  ],
};

function cardType(format: Format): CardType {
  if (format === FORMAT.text) return 'text';
  if (format === FORMAT.image || format === FORMAT.gif) return 'png';
  return null;
}

export const SUB_CATEGORIES: readonly SubCategory[] = (() => {
  const list: SubCategory[] = [];
  let id = 1;
  for (const category of CATEGORIES) {
    for (const [title, slug, euros, format] of ROWS[category.id]!) {
      list.push({ id: id++, idCategory: category.id, title, slug, priceCents: euros * 100, format, type: cardType(format) });
    }
  }
  return list;
})();

const subById = new Map(SUB_CATEGORIES.map((s) => [s.id, s]));
const categoryById = new Map(CATEGORIES.map((c) => [c.id, c]));

export function findSubCategory(id: number): SubCategory | undefined {
  return subById.get(id);
}

export function findCategory(id: number): Category | undefined {
  return categoryById.get(id);
}

export function findCategoryBySlug(slug: string): Category | undefined {
  return CATEGORIES.find((c) => c.slug === slug);
}

export function findSubCategoryBySlug(categoryId: number, slug: string): SubCategory | undefined {
  return SUB_CATEGORIES.find((s) => s.idCategory === categoryId && s.slug === slug);
}

export function subCategoriesOf(categoryId: number): SubCategory[] {
  return SUB_CATEGORIES.filter((s) => s.idCategory === categoryId);
}

/** Cheapest sub-category of a category: the "à partir de" of category menus. */
export function startingPriceCents(categoryId: number): number {
  return Math.min(...subCategoriesOf(categoryId).map((s) => s.priceCents));
}

/** Landing slider of docs/product.md §11: its own labels and prices, pointing at catalogue ids. */
export const FEATURED_SLIDER = [
  { title: 'Logo', priceCents: 24000, idSubCategory: 1, idCategory: 1 },
  { title: 'Brochure dépliant', priceCents: 20400, idSubCategory: 6, idCategory: 1 },
  { title: 'Site e-commerce', priceCents: 36000, idSubCategory: 23, idCategory: 2 },
  { title: 'Publication réseaux', priceCents: 8400, idSubCategory: 26, idCategory: 3 },
  { title: 'Nom de boîte', priceCents: 6000, idSubCategory: 33, idCategory: 4 },
  { title: 'Présentation', priceCents: 15600, idSubCategory: 35, idCategory: 4 },
  { title: 'Traduction', priceCents: 6000, idSubCategory: 38, idCategory: 5 },
  { title: 'Bannière Facebook', priceCents: 10800, idSubCategory: 30, idCategory: 3 },
  { title: 'Voix off', priceCents: 6000, idSubCategory: 49, idCategory: 7 },
  { title: 'Mixage', priceCents: 12500, idSubCategory: 54, idCategory: 7 },
] as const;

/** Words cycled by the landing headline "Besoin d'un ...", docs/product.md §11. */
export const HEADLINE_WORDS = ['Logo', 'Design site web', 'Slogan', 'Livre audio', 'Article de Blog', 'Montage Vidéo'] as const;
