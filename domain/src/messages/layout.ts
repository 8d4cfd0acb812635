/** Texts of the frame around every page: header, drawer, account menu, footer and contact form (docs/product.md §11). */
export const LAYOUT = {
  brand: 'Créadéfi',
  homeLink: "Créadéfi, page d'accueil",
  mainNav: 'Navigation principale',
  signIn: 'Connexion',
  signUp: "S'inscrire",
  signOut: 'Déconnexion',
  createContest: 'Organiser un concours',
  openMenu: 'Ouvrir le menu',
  closeMenu: 'Fermer le menu',
  loading: 'Chargement',
  /** Code fetched on demand (a dialog, the menu) that still did not arrive after a few tries (ui/on-demand.tsx). */
  codeFailed: "Cette fenêtre n'a pas pu être chargée. Vérifiez votre connexion, puis réessayez.",
  codeRetry: 'Réessayer',
  landingLinks: { concept: 'Concept', engagements: 'Engagements', testimonials: 'Témoignages' },
  memberLinks: { listing: 'Les concours', help: 'Aide' },
  account: {
    title: 'Mon compte',
    button: (pseudo: string) => `Mon compte, ${pseudo}`,
    links: { myContests: 'Mes concours', profile: 'Informations personnelles', status: 'Statut' },
  },
  drawer: {
    title: 'Menu',
    hello: (pseudo: string) => `Bonjour ${pseudo}\u00a0!`,
    notifications: 'Notifications',
    messages: 'Messages',
    contests: 'Les concours',
    allContests: 'Tous les concours',
    wholeCategory: 'Toute la catégorie',
  },
  footer: {
    pitch: 'La plateforme française de concours créatifs\u00a0: décrivez votre besoin, des talents freelances vous envoient leurs propositions, vous choisissez la meilleure.',
    categories: 'Catégories',
    about: 'À propos',
    aboutLinks: { faq: 'FAQ', talents: 'Trouver des talents', cgu: 'CGU', privacy: 'Politique de confidentialité' },
    blog: 'Blog',
    newTab: ' (nouvel onglet)',
    contactTitle: 'Nous contacter',
    contactIntro: 'Une question, une idée, un partenariat\u00a0? Écrivez-nous, nous vous répondrons rapidement.',
    rights: (year: number) => `© ${year} Créadéfi. Tous droits réservés.`,
    madeIn: 'Conçu en France, pour les créatifs et ceux qui les font briller.',
  },
  contact: { form: 'Formulaire de contact', name: 'Nom', email: 'E-mail', subject: 'Objet', message: 'Message', send: 'Envoyer' },
} as const;

/** Texts of the shared widgets of web/src/ui. */
export const WIDGETS = {
  /** The page numbers under a paged list, named for screen readers (ui/Pager.tsx). */
  pager: { previous: 'Page précédente', next: 'Page suivante', page: (n: number) => `Page ${n}` },
  cardType: 'Moyen de paiement',
  /** The blank tab opened at the click, before the payment provider's page loads in it. */
  payTab: { title: 'Paiement sécurisé…', note: 'Redirection vers la page de paiement sécurisée…' },
  briefAxes: {
    cursorModern: { from: 'Classique', to: 'Moderne' },
    cursorYoung: { from: 'Jeune', to: 'Mature' },
    cursorFun: { from: 'Drôle', to: 'Sérieuse' },
    cursorLuxury: { from: 'Discount', to: 'Luxueux' },
  },
  briefAxisValue: (n: number, from: string, to: string) => `${n} sur 5 (de ${from} à ${to})`,
} as const;
