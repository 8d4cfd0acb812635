/**
 * Options of each sub-category (docs/product.md §3). Three kinds:
 *  - paid options (isPayant): raise the minimum price; at most one "retouche" and one
 *    "livraison" may be chosen (docs/product.md §3);
 *  - base offer (not isPayant, not isPrerequis): what every contest includes;
 *  - prerequisites (isPrerequis): what the organiser commits to provide to talents.
 * Ids are stable: sub-category id × 100 + position, so a contest keeps pointing at the
 * same option when the list grows.
 */
import { SUB_CATEGORIES, type SubCategory } from './catalogue';

export interface CatalogueOption {
  id: number;
  idSubCategory: number;
  nom: string;
  prixCents: number;
  isPayant: boolean;
  isPrerequis: boolean;
}

type Draft = Omit<CatalogueOption, 'id' | 'idSubCategory'>;

const paid = (nom: string, euros: number): Draft => ({ nom, prixCents: euros * 100, isPayant: true, isPrerequis: false });
const base = (nom: string): Draft => ({ nom, prixCents: 0, isPayant: false, isPrerequis: false });
const prerequisite = (nom: string): Draft => ({ nom, prixCents: 0, isPayant: false, isPrerequis: true });

/** Retouche and delivery variants offered everywhere; prices scale with the sub-category. */
function retouchesAndDelivery(sub: SubCategory): Draft[] {
  const unit = Math.max(10, Math.round(sub.priceCents / 100 / 10 / 5) * 5);
  return [
    paid('1 retouche supplémentaire', unit),
    paid('3 retouches supplémentaires', unit * 2),
    paid('Retouches illimitées pendant 15 jours', unit * 4),
    paid('Livraison express en 24 h', unit * 2),
    paid('Livraison prioritaire en 48 h', unit),
  ];
}

const BY_CATEGORY: Record<number, { extras: Draft[]; base: Draft[]; prerequisites: Draft[] }> = {
  1: {
    extras: [paid('Fichiers sources vectoriels (AI, SVG, EPS)', 30), paid('Déclinaison noir et blanc', 20), paid('Version imprimable haute définition', 25)],
    base: [base('Propositions illimitées des talents'), base("Cession complète des droits d'auteur"), base('Fichiers finaux en PNG et JPEG')],
    prerequisites: [prerequisite('Votre logo ou charte graphique actuelle, si elle existe'), prerequisite('Vos couleurs et typographies préférées'), prerequisite("Des exemples de visuels que vous aimez")],
  },
  2: {
    extras: [paid('Version responsive mobile et tablette', 60), paid('3 pages supplémentaires', 90), paid('Guide de style (couleurs, typographies, composants)', 45)],
    base: [base('Propositions illimitées des talents'), base("Cession complète des droits d'auteur"), base('Maquettes finales en haute définition')],
    prerequisites: [prerequisite('Les contenus textuels des pages'), prerequisite('Votre logo en haute définition'), prerequisite('Des sites de référence que vous aimez')],
  },
  3: {
    extras: [paid('Déclinaison pour 3 réseaux sociaux', 30), paid('Textes de publication rédigés', 20)],
    base: [base('Propositions illimitées des talents'), base("Cession complète des droits d'auteur"), base('Formats adaptés au réseau choisi')],
    prerequisites: [prerequisite('Votre logo et vos couleurs'), prerequisite('Les liens de vos comptes sur les réseaux sociaux')],
  },
  4: {
    extras: [paid('Vérification de disponibilité du nom de domaine', 15), paid('Déclinaison en anglais', 20)],
    base: [base('Propositions illimitées des talents'), base("Cession complète des droits d'auteur")],
    prerequisites: [prerequisite('Une description de votre activité et de vos valeurs'), prerequisite('Les noms ou slogans de vos concurrents')],
  },
  5: {
    extras: [paid('Optimisation SEO (mots-clés, balises)', 25), paid('Relecture par un correcteur professionnel', 20), paid('1 000 mots supplémentaires', 40)],
    base: [base('Propositions illimitées des talents'), base("Cession complète des droits d'auteur"), base('Texte original, vérifié anti-plagiat')],
    prerequisites: [prerequisite('Le sujet et le public visé'), prerequisite('Les documents de référence ou le texte source')],
  },
  6: {
    extras: [paid('Sous-titres en français', 30), paid('Musique de fond sous licence', 40), paid('Version courte de 15 secondes', 35)],
    base: [base('Propositions illimitées des talents'), base("Cession complète des droits d'auteur"), base('Export en MP4 haute définition')],
    prerequisites: [prerequisite('Votre logo et vos couleurs'), prerequisite('Le script ou le storyboard, s’il existe'), prerequisite('Les rushs ou images à utiliser')],
  },
  7: {
    extras: [paid('Mixage et mastering professionnels', 40), paid('Version longue (jusqu’à 2 minutes)', 45), paid('Fichiers séparés par piste', 25)],
    base: [base('Propositions illimitées des talents'), base("Cession complète des droits d'auteur"), base('Export en MP3 et WAV')],
    prerequisites: [prerequisite('Le texte à enregistrer ou l’ambiance souhaitée'), prerequisite('Des exemples sonores de référence')],
  },
};

function optionsFor(sub: SubCategory): CatalogueOption[] {
  const kinds = BY_CATEGORY[sub.idCategory]!;
  const drafts = [...retouchesAndDelivery(sub), ...kinds.extras, ...kinds.base, ...kinds.prerequisites];
  return drafts.map((d, i) => ({ ...d, id: sub.id * 100 + i + 1, idSubCategory: sub.id }));
}

// Pure: a page that never reads the catalogue of options does not build it at start-up.
export const OPTIONS: readonly CatalogueOption[] = /* @__PURE__ */ SUB_CATEGORIES.flatMap(optionsFor);

export function optionsOf(idSubCategory: number): CatalogueOption[] {
  return OPTIONS.filter((o) => o.idSubCategory === idSubCategory);
}

/** The two exclusive families of docs/product.md §3: at most one option of each may be active. */
export function exclusiveFamily(nom: string): 'retouche' | 'livraison' | null {
  const n = nom.toLowerCase();
  if (n.includes('retouche')) return 'retouche';
  if (n.includes('livr')) return 'livraison';
  return null;
}

/**
 * Toggles an option in a selection, applying the exclusive-family rule: choosing a second
 * "retouche" (or "livr…") option drops the one already chosen.
 */
export function toggleOption<T extends { id: number; nom: string }>(selected: readonly T[], option: T): T[] {
  if (selected.some((o) => o.id === option.id)) return selected.filter((o) => o.id !== option.id);
  const family = exclusiveFamily(option.nom);
  const kept = family ? selected.filter((o) => exclusiveFamily(o.nom) !== family) : [...selected];
  return [...kept, option];
}

/** True when no exclusive family appears twice. */
export function isValidOptionSelection(selected: readonly { nom: string }[]): boolean {
  const seen = new Set<string>();
  for (const o of selected) {
    const family = exclusiveFamily(o.nom);
    if (!family) continue;
    if (seen.has(family)) return false;
    seen.add(family);
  }
  return true;
}

/** Running minimum of step 3: sub-category price plus each selected paid option. */
export function minimumCostCents(subCategoryPriceCents: number, selected: readonly { prixCents: number }[]): number {
  return selected.reduce((sum, o) => sum + o.prixCents, subCategoryPriceCents);
}
