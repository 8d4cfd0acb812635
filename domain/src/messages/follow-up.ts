/**
 * What follows a proposal once it is sent: its stars after the contest closes, taking it
 * back or rewording it, the contest's closing, deleting an unpaid contest, and the mails of
 * the moments that matter with their switches in « Mon profil ».
 */
import { formatNumber } from '../numbers';

const q = (company: string) => `«\u00a0${company}\u00a0»`;

export const FOLLOW_UP = {
  contestClosed: (company: string) => `Le concours ${q(company)} est clos\u00a0: merci pour votre participation\u00a0!`,
  yourStars: 'La note de l’organisateur',
  starsOutOfFive: (n: number) => (n > 1 ? `${n} étoiles sur 5` : `${n} étoile sur 5`),
  notRated: 'L’organisateur n’a pas noté votre proposition.',

  withdraw: 'Retirer ma participation',
  withdrawTitle: 'Retirer votre participation\u00a0?',
  withdrawExplain: 'Vos fichiers et votre texte seront supprimés et l’organisateur ne verra plus votre proposition.',
  /** What follows the withdrawal, as `mayPropose` answers for the talent once it is done. */
  withdrawAgain: 'Vous pourrez participer à nouveau tant que le concours est ouvert.',
  withdrawAgainInFinal: 'Vous pourrez participer à nouveau jusqu’à la fin de la finale.',
  withdrawForGood: 'Vous ne pourrez plus participer à ce concours.',
  withdrawConfirm: 'Retirer',
  withdrawn: 'Votre participation a bien été retirée.',
  withdrawFile: (name: string) => `Retirer ${name}`,
  withdrawFileTitle: 'Retirer ce fichier\u00a0?',
  withdrawLastFileExplain: 'C’est le dernier fichier de votre proposition\u00a0: le retirer retire aussi votre participation.',
  withdrawFileExplain: (name: string) => `Le fichier ${q(name)} sera supprimé de votre proposition.`,
  fileWithdrawn: 'Le fichier a bien été retiré.',
  winnerCannotWithdraw: 'Votre proposition a été choisie par l’organisateur\u00a0: elle ne peut plus être retirée.',
  withdrawOnlyOpen: 'Une participation ne peut être retirée que pendant le concours.',
  nothingToWithdraw: 'Votre participation ne contient aucune proposition à retirer.',
  notAProposalFile: 'Ce fichier ne fait pas partie de votre proposition.',

  editText: 'Modifier mon texte',
  editTextLabel: 'Votre proposition',
  textRequired: 'Merci d’écrire votre proposition avant de l’enregistrer.',
  textTooLong: (max: number) => `Votre proposition ne peut pas dépasser ${formatNumber(max)} caractères.`,
  textUpdated: 'Votre proposition a bien été modifiée.',
  winnerCannotEdit: 'Votre proposition a été choisie par l’organisateur\u00a0: elle ne peut plus être modifiée.',
  editOnlyOpen: 'Le texte ne peut plus être modifié\u00a0: le concours est clos.',
  save: 'Enregistrer',
  cancel: 'Annuler',

  deleteContest: 'Supprimer',
  deleteContestLabel: (company: string) => `Supprimer le concours ${q(company)}`,
  deleteTitle: 'Supprimer ce concours\u00a0?',
  deleteExplain: 'Le concours n’a pas été payé\u00a0: son brief sera définitivement supprimé.',
  deleteConfirm: 'Supprimer le concours',
  deleted: 'Le concours a bien été supprimé.',
  deleteOnlyUnpaid: 'Seul un concours en attente de paiement peut être supprimé.',
  deletePaymentPending: 'Un paiement est en cours pour ce concours\u00a0: attendez son issue avant de le supprimer.',
  deletePaid: 'Le paiement de ce concours a été reçu\u00a0: il est en ligne et ne peut plus être supprimé.',

  mails: {
    sectionTitle: 'E-mails',
    sectionLead: 'Choisissez les e-mails que vous recevez. Vos notifications restent toujours visibles sur le site.',
    labels: {
      newProposal: 'Nouvelles propositions sur mes concours (un e-mail par jour au plus)',
      chosenWinner: 'Ma proposition est choisie',
      finalFilesReceived: 'Fichiers finaux reçus sur mes concours',
      prizeCredited: 'Fichiers validés et récompense versée',
      payoutSent: 'Virement envoyé vers mon compte bancaire',
      proposalComment: 'L’organisateur commente ma proposition',
      proposalsAwaiting: 'Rappel des propositions qui attendent mon avis (une fois par proposition)',
      contestInvitation: 'Un organisateur m’invite à son concours',
    },
    saved: 'Vos préférences d’e-mails ont bien été enregistrées.',
    loadFailed: 'Impossible de charger vos préférences d’e-mails.',
    unknownKind: 'Ce type d’e-mail n’existe pas.',
    enabledRequired: 'Indiquez si cet e-mail est activé (true) ou désactivé (false).',
    subjects: {
      newProposal: (company: string) => `Nouvelles propositions pour votre concours ${q(company)}`,
      chosenWinner: (company: string) => `Votre proposition a été choisie pour ${q(company)}\u00a0!`,
      finalFilesReceived: (company: string) => `Fichiers finaux reçus pour ${q(company)}`,
      prizeCredited: 'Vos fichiers sont validés\u00a0: votre récompense est arrivée',
      payoutSent: 'Votre virement est en route',
      proposalComment: (company: string) => `Un commentaire sur votre proposition pour ${q(company)}`,
      proposalsAwaiting: (company: string) => `Des propositions attendent votre avis sur ${q(company)}`,
      contestInvitation: (company: string) => `Vous êtes invité à participer au concours ${q(company)}`,
      contestInvitationPrivate: 'Vous êtes invité à participer à un concours privé',
    },
    newProposals: (n: number, company: string) =>
      n > 1 ? `${n} nouvelles propositions sont arrivées pour votre concours ${q(company)}.` : `Une nouvelle proposition est arrivée pour votre concours ${q(company)}.`,
    buttons: {
      newProposal: 'Voir les propositions',
      chosenWinner: 'Ouvrir la conversation',
      finalFilesReceived: 'Voir les fichiers finaux',
      prizeCredited: 'Voir mon porte-monnaie',
      payoutSent: 'Voir mon porte-monnaie',
      proposalComment: 'Lire le commentaire',
      proposalsAwaiting: 'Voir les propositions',
      contestInvitation: 'Voir le concours',
    },
    optOut: (url: string) => `Vous ne souhaitez plus recevoir ces e-mails\u00a0? Désactivez-les dans «\u00a0Mon profil\u00a0»\u00a0: ${url}`,
  },
} as const;
