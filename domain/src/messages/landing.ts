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

/** The landing page's sections around the lists above, and the FAQ page's frame (docs/product.md §11). */
export const LANDING = {
  hero: {
    eyebrow: 'Concours créatifs · Talents freelances',
    titleLead: "Besoin d'un",
    subtitle: 'Lancez un concours en quelques minutes\u00a0: des talents freelances vous envoient leurs propositions, vous choisissez celle qui vous ressemble.',
    signUp: "S'inscrire",
    discover: 'Découvrir le concept',
    trust: ['Satisfait ou remboursé', 'Paiement sécurisé', 'Plus de 50 catégories'],
  },
  /** The drawing beside the hero: a made-up contest, hidden from screen readers. */
  illustration: {
    kicker: 'Concours · Logo',
    title: 'Maison Lumière',
    price: '240 €',
    proposals: '32 propositions',
    remaining: 'Plus que 3 jours',
    winner: 'Gagnant',
    burst: '45 propositions',
    burstDelay: 'en 48 heures',
    favourite: 'Coup de cœur',
    filesValidated: 'Fichiers validés',
    talentPaid: 'Le talent est payé',
  },
  concept: {
    eyebrow: 'Le concept',
    title: 'Votre projet créatif en quatre temps',
    lead: 'Plutôt qu\'un devis, de vraies propositions\u00a0: vous comparez, vous échangez, puis vous choisissez.',
  },
  categories: {
    eyebrow: 'Catégories',
    title: 'Plus de 50 catégories pour tous vos projets',
    lead: 'Du logo à la voix off, fixez votre prix à partir du minimum de chaque catégorie.',
    previous: 'Catégories précédentes',
    next: 'Catégories suivantes',
    priceFrom: (price: string) => `à partir de ${price}`,
  },
  engagements: {
    eyebrow: 'Nos engagements',
    title: "Lancez-vous l'esprit tranquille",
    lead: "Votre satisfaction est notre priorité, du brief jusqu'à la livraison des fichiers finaux.",
    signInQuestion: 'Vous avez déjà un compte\u00a0?',
    signIn: 'Connectez-vous',
  },
  network: {
    eyebrow: 'Notre réseau',
    title: 'Des talents passionnés, prêts à relever vos défis',
    lead: 'Graphistes, développeurs, rédacteurs, vidéastes ou voix off\u00a0: notre communauté de freelances grandit chaque jour et met tout son talent au service de vos projets.',
    roles: 'Quelques métiers de nos talents',
    moreThan: (value: number) => `plus de ${value}`,
  },
  testimonials: {
    eyebrow: 'Témoignages',
    title: 'Ils ont relevé le défi avec nous',
    carousel: 'Témoignages de nos membres',
    carouselKind: 'carrousel',
    slideKind: 'diapositive',
    slide: (n: number, total: number) => `${n} sur ${total}`,
    rating: 'Note\u00a0: 5 sur 5',
    show: (n: number, total: number) => `Afficher le témoignage ${n} sur ${total}`,
  },
  finalCta: {
    title: 'Votre concours en ligne en moins de 5\u00a0minutes',
    text: "Inscrivez-vous, décrivez votre besoin et laissez les talents vous surprendre\u00a0: il ne vous restera plus qu'à choisir.",
    launch: 'Lancer mon concours',
    faq: 'Questions fréquentes',
  },
  faq: {
    eyebrow: "Centre d'aide",
    title: 'Questions fréquentes',
    lead: "Tout ce qu'il faut savoir pour organiser un concours créatif ou y participer.",
    sections: 'Sections de la FAQ',
    moreTitle: "Vous n'avez pas trouvé votre réponse\u00a0?",
    moreText: 'Notre équipe est là pour vous aider\u00a0: écrivez-nous grâce au formulaire de contact.',
    write: 'Nous écrire',
  },
} as const;
