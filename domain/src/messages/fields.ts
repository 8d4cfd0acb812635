/**
 * The name each field of the API is given in French, for the messages that refuse a value.
 * Keyed by the field's name in payloads, query strings and paths; a field added to a schema
 * without a name here fails `validation.test.ts` and the server's route check.
 */
export const FIELD_LABELS = {
  // Account, profile and contact
  firstName: 'Prénom',
  lastName: 'Nom',
  pseudo: 'Pseudo',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  newPassword: 'Nouveau mot de passe',
  confirmPassword: 'Confirmation du mot de passe',
  currentPassword: 'Mot de passe actuel',
  googleToken: 'Connexion Google',
  facebookAccessToken: 'Connexion Facebook',
  facebookUserID: 'Identifiant Facebook',
  phone: 'Téléphone',
  socialReason: 'Raison sociale',
  birthDate: 'Date de naissance',
  country: 'Pays',
  lang: 'Langue',
  name: 'Nom',
  objet: 'Objet',
  tokenId: 'Jeton Google',
  accessToken: 'Jeton Facebook',
  userID: 'Identifiant Facebook',
  emailToken: 'Lien reçu par e-mail',
  token: 'Jeton de session',

  // Status form
  statut: 'Statut',
  birthday: 'Date de naissance',
  nationality: 'Nationalité',
  legalStatus: 'Forme juridique',
  address: 'Adresse',
  zip: 'Code postal',
  city: 'Ville',
  countryCompany: 'Pays de la société',
  numSiret: 'Numéro SIRET',
  numTVA: 'Numéro de TVA intracommunautaire',
  regimeTVA: 'Franchise en base de TVA',
  statutBeneficiaire: 'Situation de bénéficiaire effectif',
  beneficiaires: 'Bénéficiaires effectifs',
  isGerant: 'Représentant légal de la société',
  certified: 'Certification sur l’honneur',

  // Contests and their brief
  idConcours: 'Concours',
  idCategory: 'Catégorie',
  idSubCategory: 'Sous-catégorie',
  companyName: 'Nom de l’entreprise',
  companySkills: 'Activité de l’entreprise',
  target: 'Cible',
  site: 'Site internet',
  message: 'Message',
  cursorModern: 'Curseur «\u00a0moderne\u00a0»',
  cursorYoung: 'Curseur «\u00a0jeune\u00a0»',
  cursorFun: 'Curseur «\u00a0fun\u00a0»',
  cursorLuxury: 'Curseur «\u00a0luxe\u00a0»',
  cost: 'Prix du concours',
  arrayOptions: 'Options',
  step: 'Étape',
  endDate: 'Date de fin',
  promoCode: 'Code promo',
  idempotencyKey: 'Clé de la demande',
  selector: 'Tri',
  orderedBy: 'Ordre du tri',
  // The search over open contests
  format: 'Format',
  minPrize: 'Prix minimum',
  maxPrize: 'Prix maximum',
  endingSoon: 'Se termine bientôt',

  // Lists and paging
  page: 'Page',
  pageSize: 'Nombre de résultats par page',
  filtre: 'Filtre',
  enCours: 'Seulement les concours en cours',
  apres: 'Page suivante',

  // Participations, judging, messages, notifications
  id: 'Identifiant',
  idParticipation: 'Participation',
  idParticipationWinner: 'Participation gagnante',
  idParticipationNew: 'Nouvelle proposition gagnante',
  idFile: 'Fichier',
  inputText: 'Texte de la proposition',
  commitment: 'Engagement',
  stars: 'Note',
  comment: 'Commentaire',
  reason: 'Motif',
  text: 'Précisions',
  kind: 'Type d’e-mail',
  enabled: 'E-mails activés',
  ids: 'Notifications',
  all: 'Toutes les notifications',

  // Contest formats
  isPrivate: 'Concours privé',
  proposalsOpen: 'Propositions visibles des talents',
  hasFinalRound: 'Finale',

  // Talent profiles, invitations and polls
  bio: 'Présentation',
  categories: 'Catégories affichées',
  isPublic: 'Profil public',
  avatarUrl: 'Photo',
  v: 'Version de la photo',
  category: 'Catégorie',
  level: 'Niveau',
  shown: 'Montrée dans le portfolio',
  portfolio: 'Montrer dans le portfolio',
  participations: 'Propositions du sondage',
  pollToken: 'Lien du sondage',
  voter: 'Navigateur',
  fileId: 'Fichier',

  // The admin area's searches
  q: 'Recherche',

  // Disputes
  outcome: 'Décision',
  extraDays: 'Jours supplémentaires',
  status: 'État',

  // Payments, wallet, promo codes
  cardType: 'Type de carte',
  transactionId: 'Transaction',
  iban: 'IBAN',
  code: 'Code promo',
  percentOff: 'Réduction en pourcentage',
  amountOffCents: 'Réduction en centimes',
  validUntil: 'Date de fin de validité',
  maxUses: 'Nombre maximal d’utilisations',
} as const;

export type LabelledField = keyof typeof FIELD_LABELS;

export function hasFieldLabel(key: string): key is LabelledField {
  return Object.hasOwn(FIELD_LABELS, key);
}

/**
 * The field a path names, by its last key that is not a position ("beneficiaires.0.zip" is
 * the postcode, "ids.3" the list of notifications); null for none.
 */
export function fieldLabel(path: readonly PropertyKey[]): string | null {
  const key = path.findLast((k) => typeof k === 'string' && !/^\d+$/.test(k));
  return typeof key === 'string' && hasFieldLabel(key) ? FIELD_LABELS[key] : null;
}

/**
 * How a refusal names what it refuses: « Le champ « Prénom » », or the request itself when
 * the body is not even an object.
 */
export function fieldSubject(path: readonly PropertyKey[]): string {
  const label = fieldLabel(path);
  if (label) return `Le champ «\u00a0${label}\u00a0»`;
  // The server's settings are environment variables, known to the operator by their names.
  const last = path[path.length - 1];
  if (typeof last === 'string' && /^[A-Z][A-Z0-9_]*$/.test(last)) return `La variable ${last}`;
  return path.length === 0 ? 'La requête' : 'Une des valeurs envoyées';
}
