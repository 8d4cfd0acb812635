/** The screens of a contest's payment: the page the payment provider sends back to (docs/product.md §11). */
export const PAYMENT_SCREENS = {
  seeContest: 'Voir mon concours',
  goHome: 'Retour à l’accueil',
  retryPayment: 'Réessayer le paiement',
  seeWinners: 'Voir mes gagnants',
  seeProposals: 'Voir mes propositions',
  loading: 'Chargement',
  checking: 'Vérification de votre paiement',
  checkingText: 'Un instant, nous confirmons votre paiement auprès de notre prestataire.',
  pending: 'Paiement en cours de confirmation',
  retry: 'Réessayer',
  declined: 'Paiement refusé',
  notConfirmed: 'Paiement non confirmé',
} as const;
