/** Texts of the admin area (docs/product.md §2, the admin area). */
export const ADMIN = {
  reportNotFound: "Ce signalement n'existe pas.",
  reportAlreadyDecided: 'Ce signalement a déjà été traité par un autre administrateur.',
  reportDismissed: 'Le signalement a été classé sans suite.',
  decisionReasonRequired: 'Indiquez la raison de votre décision.',
  decisionReasonTooLong: (max: number) => `La raison ne peut pas dépasser ${max.toLocaleString('fr-FR')} caractères.`,
  /** Told to the organiser who reported the proposal. */
  reportDismissedNotice: (company: string) => `Votre signalement d’une participation au concours «\u00a0${company}\u00a0» a été examiné et classé sans suite.`,
} as const;
