/** Texts shared by every area. */
export const COMMON = {
  serverError: 'Une erreur est survenue, veuillez réessayer\u00a0!',
  notFound: "Cette page ou cette ressource n'existe pas.",
  badJson: "La requête n'est pas un JSON valide.",
  payloadTooLarge: 'La requête est trop volumineuse.',
  /** Refusals the server gives before reading a request: headers too long, unreadable, too slow. */
  headersTooLarge: "L'adresse ou les en-têtes de la requête sont trop longs.",
  malformedRequest: "La requête est mal formée et n'a pas pu être lue.",
  requestTimeout: 'La requête a mis trop de temps à arriver, veuillez réessayer.',
  invalidInput: 'Certaines informations sont invalides, veuillez les corriger.',
  forbiddenCharacters: 'Le texte envoyé contient des caractères non autorisés.',
  unauthenticated: 'Vous devez être connecté pour effectuer cette action.',
  forbidden: "Vous n'avez pas le droit d'effectuer cette action.",
  tooManyRequests: 'Trop de tentatives, veuillez patienter quelques minutes avant de réessayer.',
  unavailable: 'Le service est momentanément indisponible, veuillez réessayer dans un instant.',
  requiredField: 'Ce champ est obligatoire.',
  /** The CGU box of the sign-up form and of the contest's step 4; the second part links to the CGU. */
  cguAccept: { before: "J'accepte les", link: "conditions générales d'utilisation" },
  invalidEmail: "L'adresse e-mail n'est pas valide.",
  allFieldsRequired: 'Tous les champs doivent être remplis pour continuer\u00a0!',
} as const;
