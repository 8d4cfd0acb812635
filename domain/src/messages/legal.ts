/** The frame of the legal pages (CGU, privacy policy): their bodies are still written in their pages. */
export const LEGAL = {
  eyebrow: 'Informations légales',
  updated: (date: string) => `Dernière mise à jour\u00a0: ${date}`,
  contents: 'Sommaire',
  cguTitle: 'Conditions générales d’utilisation',
  privacyTitle: 'Politique de confidentialité',
} as const;
