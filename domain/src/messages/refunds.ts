/** Refunds of a contest to its organiser, the extension of an ended contest, and their admin queue (docs/product.md §3). */
import { formatNumber } from '../numbers';

const q = (s: string) => `«\u00a0${s}\u00a0»`;

export const REFUNDS = {
  invalidAmount: 'Le montant à rembourser doit être un nombre entier et positif de centimes.',
  overPaid: "Le montant demandé dépasse ce que l'organisateur a payé pour ce concours et qui ne lui a pas encore été rendu.",
  escrowShort: 'Le séquestre de ce concours ne contient plus de quoi rembourser ce montant.',
  providerFailed: "Le remboursement n'a pas entièrement abouti chez le prestataire de paiement. Il reste enregistré et sera repris en renouvelant la demande.",
  messageTooLong: (max: number) => `Votre message ne peut pas dépasser ${formatNumber(max)} caractères.`,

  // The organiser's way out.
  wayOutTitle: 'Aucune proposition ne vous convient\u00a0?',
  wayOutLead: 'Votre concours est terminé sans gagnant. Vous pouvez le prolonger une fois, gratuitement, pour recevoir de nouvelles propositions.',
  extend: 'Prolonger le concours',
  extendConfirmTitle: 'Prolonger le concours\u00a0?',
  extendConfirm: (days: number) => `Le concours sera de nouveau ouvert aux talents pendant ${days}\u00a0jours, sans frais. Cette prolongation n'est possible qu'une fois.`,
  extendConfirmButton: 'Prolonger',
  extended: (end: string) => `Votre concours est prolongé jusqu'au ${end}. Les participants en ont été informés.`,
  extendedState: (end: string) => `Concours prolongé jusqu'au ${end}.`,
  extendedEnded: 'La prolongation est terminée et aucune proposition ne vous convient\u00a0? Vous pouvez demander le remboursement du concours.',
  requestRefund: 'Demander un remboursement',
  requestConfirmTitle: 'Demander le remboursement du concours\u00a0?',
  requestConfirm: "Notre équipe examinera votre demande. Si elle est acceptée, ce que vous avez payé vous sera remboursé sur votre carte et le concours sera clôturé.",
  requestMessageLabel: 'Votre message (facultatif)',
  requestConfirmButton: 'Envoyer la demande',
  requested: 'Votre demande de remboursement a bien été envoyée. Notre équipe vous répondra rapidement.',
  requestPending: 'Votre demande de remboursement est en cours d’examen par notre équipe.',
  requestRejected: (reason: string) => `Votre demande de remboursement a été refusée. Raison\u00a0: ${reason}`,
  refundedState: (date: string) => `Ce concours vous a été remboursé le ${date}.`,
  cancel: 'Annuler',

  // Refusals.
  alreadyExtended: 'Ce concours a déjà été prolongé une fois\u00a0: une seconde prolongation n’est pas possible.',
  notEnded: 'Ce concours n’est pas terminé\u00a0: il ne peut être ni prolongé ni remboursé sur demande pour le moment.',
  winnerChosen: 'Un gagnant a déjà été choisi pour ce concours\u00a0: il ne peut plus être prolongé ni remboursé sur demande.',
  noRefundSubCategory: 'Les concours de nom de boîte et de slogan ne sont pas remboursables\u00a0: les propositions reçues restent lisibles par vous.',
  extendFirst: 'Prolongez d’abord votre concours une fois, gratuitement\u00a0: le remboursement se demande après la fin de la prolongation.',
  alreadyRequested: 'Une demande de remboursement a déjà été faite pour ce concours.',
  alreadyRefunded: 'Ce concours a déjà été remboursé.',
  nothingPaid: "Ce concours n'a pas été payé\u00a0: il n'y a rien à rembourser.",
  finalised: 'Ce concours est finalisé\u00a0: les gagnants sont choisis et il ne peut plus être remboursé.',
  closed: 'Ce concours est clôturé.',
  requestNotFound: "Cette demande de remboursement n'existe pas.",
  requestAlreadyDecided: 'Cette demande a déjà été traitée par un autre administrateur.',

  // Answers and notices.
  contestRefunded: 'Le concours est clôturé et son organisateur remboursé.',
  requestApproved: 'La demande est acceptée\u00a0: le concours est clôturé et son organisateur remboursé.',
  requestRejectedAnswer: "La demande est refusée\u00a0; l'organisateur en connaît la raison.",
  refundedNotice: (company: string, amount: string) => `Votre concours ${q(company)} est clôturé et vous a été remboursé (${amount}).`,
  closedForParticipantNotice: (company: string) => `Le concours ${q(company)} a été clôturé par notre équipe sans gagnant.`,
  extendedNotice: (company: string, end: string) => `Le concours ${q(company)} est prolongé jusqu'au ${end}\u00a0: vous pouvez encore y participer.`,
  rejectedNotice: (company: string, reason: string) => `Votre demande de remboursement du concours ${q(company)} a été refusée. Raison\u00a0: ${reason}`,
  requestedAdminNotice: (company: string) => `Demande de remboursement du concours ${q(company)}.`,
  refundedLabel: 'Remboursé',

  admin: {
    tab: 'Remboursements',
    empty: 'Aucune demande de remboursement pour le moment.',
    card: (company: string) => `Demande de remboursement du concours ${q(company)}`,
    status: { pending: 'En attente', approved: 'Acceptée', rejected: 'Refusée' } as Record<'pending' | 'approved' | 'rejected', string>,
    organiser: 'Organisateur',
    amount: 'À rembourser',
    refunded: 'Remboursé',
    refundedOn: 'Remboursé le',
    extendedOn: 'Prolongé le',
    message: 'Message',
    requestedOn: 'Demandée le',
    approve: 'Accepter et rembourser',
    reject: 'Refuser',
    approveTitle: 'Accepter la demande de remboursement',
    rejectTitle: 'Refuser la demande de remboursement',
    approveHint: (amount: string) => `Le concours sera clôturé et ${amount} rendus à l'organisateur sur sa carte. L'organisateur et les participants en seront informés.`,
    rejectHint: "L'organisateur recevra la raison de ce refus.",
    /** Pay-ins given back by themselves, below the requests. */
    returned: {
      title: 'Paiements rendus automatiquement',
      lead: 'Payés alors que leur concours ne pouvait plus les recevoir (clôturé, ou déjà payé), ils sont rendus sur la carte de l’organisateur sans intervention de l’équipe.',
      card: (company: string) => `Paiement rendu pour le concours ${q(company)}`,
      status: { pending: 'En cours', succeeded: 'Rendu', failed: 'Refusé par le prestataire' } as Record<'pending' | 'succeeded' | 'failed', string>,
      amount: 'Montant rendu',
      receivedOn: 'Reçu le',
      givenBackOn: 'Rendu le',
    },
  },
} as const;
