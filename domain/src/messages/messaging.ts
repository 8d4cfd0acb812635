import { AUTO_VALIDATION_DELAY_MS } from '../contest-status';
import { durationInHours } from '../durations';
import { elidedDe } from '../text';

/** A sending of many final files names the first ones; the files tab lists them all. */
const FINAL_NAMES_SHOWN = 10;

/** Messages, conversations, final files, notifications (docs/product.md §2 and §11). */
export const MESSAGING = {
  listTitle: 'Mes messages',
  loadingConversation: 'Chargement de la conversation',
  onlyRunning: 'Seulement les concours en cours',
  tabs: { all: 'Tout', organiser: 'Organisateur', participant: 'Participant' },
  group: (subCategory: string) => `Demande de ${subCategory}`,
  emptyList: 'Aucun message',
  /** A conversation list's `apres` that the server did not hand out, or one cut or altered. */
  badCursor: 'Cette page de conversations n’existe pas ou plus\u00a0: rechargez la liste de vos messages.',
  badListQuery: 'Les paramètres de la liste de conversations ne sont pas valides.',
  emptyConversation: 'Pas de messages',
  today: "Aujourd'hui",
  placeholder: 'Écrivez un message…',
  messageRequired: 'Votre message est vide.',
  messageTooLong: 'Votre message ne peut pas dépasser 5 000 caractères.',
  sent: 'Message envoyé',
  notSelected: "Vous n'avez pas été sélectionné, vous ne pouvez pas effectuer cette action",
  notAllowedNow: "Les messages ne sont pas possibles à ce stade du concours.",
  notInConversation: "Vous ne faites pas partie de cette conversation.",
  filesTab: 'Fichiers',
  messagesTab: 'Messages',
  participationFiles: 'Fichiers de participation',
  workFiles: 'Fichiers de travaux',
  finalFiles: 'Fichiers finaux',
  statusButton: {
    open: (timeLeft: string) => `Fin dans ${timeLeft}`,
    awaitingWinner: 'En attente du gagnant',
    organiserFinal: 'Validation des fichiers finaux',
    talentFinal: 'Envoi des fichiers finaux',
    // A talent who was not chosen has nothing to send: the button only leads to the contest.
    talentNotChosen: 'Voir le concours',
    finished: 'Concours terminé',
  },
  uploadOnlyWinner: 'Seuls le gagnant et l’organisateur peuvent échanger des fichiers, une fois le concours finalisé.',
  finalOnlyWinner: 'Seul un gagnant peut envoyer des fichiers finaux, une fois le concours finalisé.',
  finalIdFirst: 'Indiquez la participation (idParticipation) avant le fichier final.',
  finalSent: 'Vos fichiers finaux ont bien été envoyés à l’organisateur.',
  finalAlreadyValidated: 'Ces fichiers finaux ont déjà été validés.',
  noFinalFiles: "Le talent n'a pas encore envoyé de fichiers finaux.",
  validateConfirm: 'Êtes-vous sûr de vouloir valider les fichiers finaux\u00a0?',
  validateExplain: 'Cela aura pour effet de clôturer le concours, le talent recevra alors la mise de départ\u00a0!',
  validated: 'Le concours a bien été mis à jour',
  autoValidatedSystem: `Fichiers finaux validés automatiquement ${durationInHours(AUTO_VALIDATION_DELAY_MS)} après leur envoi\u00a0: le talent a reçu sa récompense.`,
  validatedSystem: 'Fichiers finaux validés par l’organisateur\u00a0: le talent a reçu sa récompense.',
  // Read by both sides of the conversation: it speaks of the organiser in the third person.
  finalSentSystem: (names: readonly string[]) => {
    const shown = names.slice(0, FINAL_NAMES_SHOWN).map((name) => `«\u00a0${name}\u00a0»`);
    const more = names.length - shown.length;
    const list = more > 0 ? `${shown.join(', ')} et ${more > 1 ? `${more} autres` : 'un autre'}` : shown.join(', ');
    const what = names.length > 1 ? `${names.length} fichiers finaux` : 'un fichier final';
    return `Le talent a envoyé ${what}\u00a0: ${list}. Sans réponse de l’organisateur, les fichiers finaux seront validés automatiquement dans ${durationInHours(AUTO_VALIDATION_DELAY_MS)}.`;
  },
  reportConversation: 'Signaler cette conversation',
  conversationReported: 'La conversation a bien été signalée, notre équipe va l’examiner.',
  ownContest: 'Vous organisez ce concours\u00a0: écrivez aux talents depuis leurs participations.',
  validateOnlyFinalised: 'Les fichiers finaux se valident une fois le concours finalisé.',
  deliveryChanged: 'Cette livraison a changé entre-temps\u00a0: rechargez la page.',
  prizeTransferRefused: "Le versement de la récompense a été refusé par notre prestataire de paiement. Notre équipe a été prévenue, veuillez réessayer plus tard.",
  /** The types a 415 answer names for work and final files: "PNG, JPEG ou PDF". */
  acceptList: (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} ou ${parts.at(-1)}` : (parts[0] ?? '')),
  archives: 'une archive ZIP, RAR ou 7z',
} as const;

export const NOTIFICATIONS = {
  title: 'Notifications',
  empty: "Vous n'avez aucune notification pour le moment.",
  markAllRead: 'Tout marquer comme lu',
  newProposal: (company: string) => `Nouvelle participation à votre concours «\u00a0${company}\u00a0»`,
  newMessage: (pseudo: string) => `Nouveau message ${elidedDe(pseudo)}`,
  chosenWinner: (company: string) => `Félicitations, vous avez été choisi comme gagnant du concours «\u00a0${company}\u00a0»\u00a0!`,
  finalFilesReceived: (company: string) => `Fichiers finaux reçus pour votre concours «\u00a0${company}\u00a0»`,
  filesValidated: (company: string) => `Vos fichiers finaux pour «\u00a0${company}\u00a0» ont été validés`,
  paymentReceived: (amount: string) => `Vous avez reçu ${amount} dans votre porte-monnaie`,
  contestEnded: (company: string) => `Votre concours «\u00a0${company}\u00a0» est terminé\u00a0: choisissez votre gagnant`,
  payoutSent: (amount: string) => `Votre virement de ${amount} est en route vers votre compte bancaire`,
  /** A proposal file whose preview could not be made (files/previews/job.ts): the organiser cannot see it. */
  previewFailed: (file: string, company: string) =>
    `Votre fichier «\u00a0${file}\u00a0» pour «\u00a0${company}\u00a0» ne peut pas être montré à l’organisateur\u00a0: son aperçu n’a pas pu être préparé. Retirez-le et envoyez-en une autre version.`,
} as const;

export const WALLET = {
  title: 'Mon porte-monnaie',
  available: 'Montant disponible',
  transfer: 'Transférer',
  bankTitle: 'Coordonnées bancaires',
  holderLabel: 'Nom & prénom du titulaire',
  ibanLabel: 'IBAN',
  ibanInvalid: "L'IBAN n'est pas valide, vérifiez-le.",
  bankRequired: 'Le nom du titulaire et l’IBAN sont obligatoires.',
  holderRequired: 'Le nom du titulaire est obligatoire.',
  ibanRequired: 'L’IBAN est obligatoire.',
  bankSaved: 'Vos coordonnées bancaires ont bien été enregistrées.',
  noBankAccount: 'Ajoutez d’abord vos coordonnées bancaires pour transférer votre argent.',
  emptyBalance: 'Votre porte-monnaie est vide\u00a0: rien à transférer.',
  transferStarted: (amount: string) => `Le virement de ${amount} vers votre compte bancaire est lancé.`,
  transferFailed: "Le virement n'a pas pu être effectué, votre solde est intact. Réessayez plus tard.",
  statusRequired: 'Complétez d’abord vos informations de facturation (statut).',
  transferPending: 'Votre demande de virement est enregistrée\u00a0: elle sera traitée dans les prochaines minutes.',
  bankRefused: 'Notre prestataire de paiement a refusé ces coordonnées bancaires, vérifiez-les.',
  historyEmpty: 'Aucune opération pour le moment.',
  /** Lines of the wallet's history, by ledger operation. */
  history: {
    prize: (company: string) => `Récompense du concours «\u00a0${company}\u00a0»`,
    payout: 'Virement vers votre compte bancaire',
    payoutReversal: 'Virement échoué\u00a0: montant recrédité',
    other: 'Opération',
  },
  payoutStatus: { pending: 'En cours', succeeded: 'Effectué', failed: 'Échoué' } as Record<string, string>,
} as const;
