/**
 * The handover of a validated delivery on screen (docs/decisions/0013): the contract's
 * acceptance and the documents' downloads. The documents' own texts are in
 * handover-documents.ts, which only the server uses: they stay out of the web app's first load.
 */

export const HANDOVER = {
  screen: {
    title: 'Contrat de cession et documents',
    preparing: 'Les documents de la cession sont en préparation.',
    acceptIntro: "Le contrat de cession de droits d'auteur est prêt. Lisez-le, puis acceptez-le.",
    accept: "J'accepte le contrat",
    accepted: 'Contrat accepté',
    acceptedBy: (who: string, day: string) => `${who} a accepté le contrat le ${day}.`,
    notYetAcceptedBy: (who: string) => `${who} n'a pas encore accepté le contrat.`,
    organiser: "L'organisateur",
    talent: 'Le talent',
    download: {
      contract: 'Télécharger le contrat (PDF)',
      statement: 'Télécharger le relevé de paiement (PDF)',
      invoice: 'Télécharger la facture (PDF)',
    },
    downloadContractOf: (participationId: number) => `Télécharger le contrat de cession de la participation n° ${participationId} (PDF)`,
  },
  acceptedToast: 'Votre acceptation du contrat est enregistrée.',
  notReady: 'Les documents de la cession sont en préparation, réessayez dans un instant.',
  noHandover: "Aucun contrat de cession pour cette participation\u00a0: ses fichiers finaux n'ont pas encore été validés.",
  partiesOnly: "Seuls l'organisateur et le talent de cette cession peuvent y accéder.",
  notYours: "Ce document n'est pas adressé à votre compte.",
  unknownDocument: 'Document inconnu.',
} as const;
