import { CONTEST_DURATION_MS } from '../contest-status';
import { durationInDays } from '../durations';

/** Copy of the landing page (docs/product.md §11): the promises it makes and the figures it shows. */

export const CONCEPT_STEPS = [
  {
    title: 'Une idée',
    text: 'Un logo, un site, une vidéo, un slogan\u00a0? Décrivez votre projet en quelques minutes grâce à notre brief guidé.',
  },
  {
    title: 'Un concours',
    text: `Votre concours est en ligne pendant ${durationInDays(CONTEST_DURATION_MS)}\u00a0: des talents freelances rivalisent d'idées et vous envoient leurs propositions.`,
  },
  {
    title: 'Un choix',
    text: 'Notez les propositions, échangez avec leurs auteurs, puis choisissez celle qui vous ressemble. Un ou plusieurs gagnants\u00a0: vous décidez.',
  },
  {
    title: 'Un engagement',
    text: "Votre gagnant vous livre ses fichiers finaux et vous cède ses droits. Il n'est payé qu'une fois votre validation donnée.",
  },
] as const;

/** docs/product.md §11: the landing shows 52 projects and 95 members, and more than 50 categories. */
export const NETWORK_FIGURES = [
  { value: 52, suffix: '', label: 'projets lancés' },
  { value: 95, suffix: '', label: 'membres' },
  { value: 50, suffix: '+', label: 'catégories' },
] as const;

export const TALENT_ROLES = ['Graphistes', 'Développeurs', 'Rédactrices', 'Vidéastes', 'Voix off', 'Illustratrices', 'Motion designers', 'Traducteurs'] as const;

export const COMMITMENTS = [
  {
    title: 'Satisfait ou remboursé',
    text: 'Aucune proposition ne vous convient\u00a0? Nous prolongeons votre concours. Toujours pas convaincu\u00a0? Nous vous remboursons (hors catégories Slogan et Nom de boîte).',
  },
  {
    title: 'Des talents vérifiés',
    text: 'Chaque talent renseigne son identité et son statut avant de participer, et chaque proposition peut être signalée à notre équipe.',
  },
  {
    title: 'Paiement sécurisé',
    text: "Votre paiement est conservé par notre prestataire de paiement\u00a0: le talent n'est payé qu'une fois ses fichiers finaux validés.",
  },
] as const;

/** docs/product.md §11: three testimonials, one of them quoting 45 logo proposals in 48 hours. */
export const TESTIMONIALS = [
  {
    quote: "45 propositions de logo en 48 heures\u00a0! Nous avons eu l'embarras du choix, et le logo retenu habille aujourd'hui toute notre communication.",
    name: 'Camille R.',
    role: "Fondatrice d'une marque de bougies artisanales",
  },
  {
    quote: 'Notre site vitrine a été repensé par une designer pleine de talent. Les échanges par messagerie ont été simples et rapides, et le résultat dépasse nos attentes.',
    name: 'Julien M.',
    role: "Gérant d'un cabinet d'architecture",
  },
  {
    quote: 'Comme graphiste freelance, je travaille sur des projets variés et je suis payée dès que le client valide mes fichiers. Je ne démarche plus, je crée.',
    name: 'Sarah B.',
    role: 'Graphiste freelance',
  },
] as const;
