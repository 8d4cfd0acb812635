/**
 * The web pages the server links to (notifications, mails, the payment's return address),
 * built here once for the web app's router and links and for the server's messages.
 * An id may be a route pattern (`':id'`) when the router declares the page.
 */
type Id = number | string;

/** The admin area's tabs, as its address names them (`/admin?onglet=…`). */
export const ADMIN_TABS = {
  reports: 'signalements',
  members: 'membres',
  contests: 'concours',
  money: 'argent',
  disputes: 'litiges',
  refunds: 'remboursements',
  journal: 'journal',
} as const;

/** The parameter of the admin's contests tab that names the contest open there (`&concours=<id>`). */
export const ADMIN_CONTEST_PARAM = 'concours';

export const webPaths = {
  verify: (token: string) => `/verify/${token}`,
  recoverPassword: (token: string) => `/recover-password/${token}`,
  undoEmailChange: (token: string) => `/email-change/undo/${token}`,
  contestDetails: (id: Id) => `/details-concours/${id}`,
  proposals: (id: Id) => `/participations/${id}`,
  messages: '/messages',
  conversation: (participationId: Id) => `/messages/${participationId}`,
  notifications: '/notifications',
  /** The footer's contact form « Nous contacter », on every page; the site has no contact page. */
  contact: '/#contact',
  talent: (pseudo: string) => `/talents/${pseudo}`,
  talents: '/talents',
  poll: (token: string) => `/sondage/${token}`,
  pollResults: (token: string) => `/mon-profil/sondages/${token}`,
  /** The link mailed to a visitor who voted: their vote counts once it is followed. */
  pollVoteConfirm: (token: string) => `/vote-sondage/${token}`,
  talentSettings: '/mon-profil/profil-talent',
  profile: '/mon-profil/informations-personnelles',
  myContests: '/mon-profil/mes-concours',
  confirmation: '/confirmation',
  /** The search over open contests; its question and filters travel in the address. */
  search: '/recherche',
  /** A category's open contests, rendered by the server for search engines too. */
  publicCategory: (slug: string) => `/concours/categorie/${slug}`,
  /** The admin area's disputes tab. */
  adminDisputes: `/admin?onglet=${ADMIN_TABS.disputes}`,
  /** Where the payment provider sends the organiser back; the page reads `idConcours`. */
  paymentReturn: (contestId: number) => `/confirmation?idConcours=${contestId}`,
} as const;
