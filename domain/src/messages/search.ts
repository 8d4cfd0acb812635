/** The search over open contests and the public category pages (docs/product.md §11). */
import { formatNumber } from '../numbers';

export const SEARCH = {
  // Refusals of the API
  queryTooLong: (max: number) => `La recherche ne peut pas dépasser ${max}\u00a0caractères.`,
  unknownFormat: 'Ce format n’existe pas.',
  badEndingSoon: 'Le champ «\u00a0Se termine bientôt\u00a0» attend vrai ou faux.',
  badPrizeRange: 'Le prix minimum ne peut pas dépasser le prix maximum.',
  unknownCategory: 'Cette catégorie n’existe pas.',

  // The search box and its page
  box: {
    label: 'Rechercher un concours',
    placeholder: 'Logo, boulangerie, podcast…',
    submit: 'Rechercher',
  },
  filters: {
    title: 'Filtres',
    category: 'Catégorie',
    allCategories: 'Toutes les catégories',
    format: 'Format',
    allFormats: 'Tous les formats',
    minPrize: 'Prix minimum (€)',
    maxPrize: 'Prix maximum (€)',
    endingSoon: 'Se termine dans moins de 48\u00a0h',
    reset: 'Effacer les filtres',
  },
  page: {
    title: 'Rechercher un concours',
    resultsFor: (q: string) => `Résultats pour «\u00a0${q}\u00a0»`,
    allOpen: 'Tous les concours ouverts',
    count: (n: number) => (n === 0 ? 'Aucun concours' : n === 1 ? '1\u00a0concours' : `${formatNumber(n)}\u00a0concours`),
    /** More match than the pages show: `n` is what they show. */
    countMore: (n: number) => `Plus de ${formatNumber(n)}\u00a0concours`,
    loading: 'Recherche en cours',
    error: 'La recherche n’a pas abouti.',
    retry: 'Réessayer',
    empty: 'Aucun concours ouvert ne correspond à votre recherche.',
    emptyHint: 'Essayez d’autres mots, ou retirez un filtre.',
    pages: 'Pages des résultats',
    badRange: 'Le prix minimum ne peut pas dépasser le prix maximum.',
  },
  category: {
    title: (name: string) => `Concours ${name} ouverts — Créadéfi`,
    heading: (name: string) => `Concours ${name} ouverts`,
    description: (name: string, n: number) =>
      n === 0
        ? `Aucun concours ${name} n’est ouvert pour le moment sur Créadéfi. Revenez bientôt, de nouveaux concours sont publiés chaque semaine.`
        : `${formatNumber(n)}\u00a0concours ${name} ouverts sur Créadéfi\u00a0: lisez le brief, envoyez vos propositions et remportez le gain.`,
    gain: 'Gain',
    end: 'Fin le',
    proposals: (n: number) => (n <= 1 ? `${n}\u00a0proposition` : `${n}\u00a0propositions`),
    empty: 'Aucun concours ouvert dans cette catégorie pour le moment.',
    previous: 'Page précédente',
    next: 'Page suivante',
    pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
    otherCategories: 'Les autres catégories',
    searchAll: 'Rechercher parmi tous les concours',
  },
} as const;
