/** Refunds of a contest to its organiser, the extension of an ended contest, and their admin queue (docs/product.md §3). */
export const REFUNDS = {
  invalidAmount: 'Le montant à rembourser doit être un nombre entier de centimes supérieur à zéro.',
  overPaid: "Le montant demandé dépasse ce que l'organisateur a payé pour ce concours et qui ne lui a pas encore été rendu.",
  escrowShort: 'Le séquestre de ce concours ne contient plus de quoi rembourser ce montant.',
  providerFailed: "Le remboursement n'a pas entièrement abouti chez le prestataire de paiement. Il reste enregistré et sera repris en renouvelant la demande.",
} as const;
