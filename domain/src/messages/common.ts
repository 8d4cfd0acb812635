/** Texts shared by every area. */
export const COMMON = {
  serverError: 'Une erreur est survenue, veuillez réessayer\u00a0!',
  notFound: "Cette page ou cette ressource n'existe pas.",
  badJson: "La requête n'est pas un JSON valide.",
  payloadTooLarge: 'La requête est trop volumineuse.',
  invalidInput: 'Certaines informations sont invalides, veuillez les corriger.',
  forbiddenCharacters: 'Le texte envoyé contient des caractères non autorisés.',
  unauthenticated: 'Vous devez être connecté pour effectuer cette action.',
  forbidden: "Vous n'avez pas le droit d'effectuer cette action.",
  tooManyRequests: 'Trop de tentatives, veuillez patienter quelques minutes avant de réessayer.',
  unavailable: 'Le service est momentanément indisponible, veuillez réessayer dans un instant.',
  requiredField: 'Ce champ est obligatoire.',
  invalidEmail: "L'adresse e-mail n'est pas valide.",
  allFieldsRequired: 'Tous les champs doivent être remplis pour continuer\u00a0!',
} as const;
