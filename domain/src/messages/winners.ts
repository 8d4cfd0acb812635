import { MISSION_ACCEPTANCE_DELAY_MS } from '../contest-status';
import { durationInHours } from '../durations';
import { formatDate, formatTime } from '../dates';

const ACCEPTANCE = durationInHours(MISSION_ACCEPTANCE_DELAY_MS);
/** « 12/03/2026 à 14:00 »: a delay ends at an hour, not only on a day. */
const at = (value: Date | string) => `${formatDate(value)} à ${formatTime(value)}`;

/**
 * A finalised winner's delays (docs/product.md §4): accepting the mission, being replaced when
 * the 48 hours pass without it, and the delivery delay. Refusals are named after
 * `replacementDenial` and `acceptMissionDenial` (permissions.ts).
 */
export const WINNERS = {
  acceptOnlyWinner: 'Seul le gagnant choisi peut accepter la mission, une fois le concours finalisé.',
  accepted: 'Vous avez accepté la mission\u00a0: l’organisateur attend maintenant vos fichiers finaux.',
  acceptedSystem: (pseudo: string) => `${pseudo} a accepté la mission et les demandes de l’organisateur.`,
  replaceOnlyFinalised: 'Un gagnant se remplace une fois le concours finalisé, tant que ses fichiers finaux sont attendus.',
  replaceNotWinner: 'Cette participation n’est pas (ou plus) gagnante de ce concours.',
  replaceAccepted: 'Ce gagnant a déjà accepté la mission\u00a0: il ne peut plus être remplacé.',
  replaceTooEarly: `Le gagnant dispose encore de ses ${ACCEPTANCE} pour accepter la mission\u00a0: vous pourrez choisir un autre gagnant ensuite.`,
  candidateInvalid: 'Choisissez une autre proposition de ce concours, ni retirée ni déjà gagnante.',
  candidateRequired: 'Choisissez la proposition qui remplace ce gagnant.',
  replaced: `Le nouveau gagnant a été choisi\u00a0: il dispose à son tour de ${ACCEPTANCE} pour accepter la mission.`,
  replacedSystem: 'Le délai pour accepter la mission est passé\u00a0: l’organisateur a choisi un autre gagnant.',
  notifications: {
    missionAccepted: (pseudo: string, company: string) => `${pseudo} a accepté la mission de votre concours «\u00a0${company}\u00a0»`,
    replaced: (company: string) => `Le délai pour accepter la mission du concours «\u00a0${company}\u00a0» est passé\u00a0: l’organisateur a choisi un autre gagnant.`,
    acceptanceOverdue: (pseudo: string, company: string) =>
      `${pseudo} n’a pas accepté la mission de votre concours «\u00a0${company}\u00a0» dans les ${ACCEPTANCE}\u00a0: vous pouvez choisir un autre gagnant depuis la conversation.`,
    deliveryLate: (pseudo: string, company: string) =>
      `La livraison est en retard\u00a0: ${pseudo} n’a pas envoyé ses fichiers finaux pour votre concours «\u00a0${company}\u00a0» dans le délai convenu.\nVous pouvez ouvrir un litige depuis la conversation.`,
    deliveryLateSupport: (pseudo: string, company: string, idConcours: number) =>
      `Livraison en retard\u00a0: ${pseudo}, gagnant du concours «\u00a0${company}\u00a0» (n°\u00a0${idConcours}), n’a pas envoyé ses fichiers finaux dans le délai convenu.`,
  },
  /** The conversation's mission panel. */
  panel: {
    pendingTitle: 'Acceptation de la mission en attente',
    pendingForWinner: (due: string) => `Vous avez jusqu’au ${at(due)} pour accepter la mission et les demandes de l’organisateur.`,
    pendingForOrganiser: (due: string) => `Le gagnant a jusqu’au ${at(due)} pour accepter la mission.`,
    pendingNoDue: 'Le gagnant n’a pas encore accepté la mission.',
    overdueTitle: 'Délai d’acceptation dépassé',
    overdueForWinner: (due: string) => `Le délai pour accepter la mission a pris fin le ${at(due)}\u00a0: acceptez-la sans attendre, l’organisateur peut choisir un autre gagnant.`,
    overdueForOrganiser: (due: string) => `Le gagnant n’a pas accepté la mission avant le ${at(due)}\u00a0: vous pouvez choisir un autre gagnant.`,
    requestsTitle: 'Les demandes de l’organisateur',
    briefLabel: 'Son message',
    optionsLabel: 'Options choisies',
    noOptions: 'Aucune option supplémentaire.',
    accept: 'Accepter la mission',
    acceptedTitle: 'Mission acceptée',
    deliveryDue: (due: string) => `Fichiers finaux attendus avant le ${at(due)}.`,
    deliveryLateTitle: 'Livraison en retard',
    deliveryLate: (due: string) => `Les fichiers finaux étaient attendus avant le ${at(due)}.`,
    replace: 'Choisir un autre gagnant',
    replaceTitle: 'Choisir un autre gagnant',
    replaceIntro: `La proposition choisie remplace ce gagnant\u00a0: elle reçoit la même récompense, sans nouveau paiement, et dispose à son tour de ${ACCEPTANCE} pour accepter la mission. Le gagnant actuel en est prévenu.`,
    candidateLabel: 'Nouvelle proposition gagnante',
    candidatePlaceholder: 'Choisissez une proposition',
    candidate: (number: number | null, pseudo: string) => `Proposition n°\u00a0${number ?? '—'} · ${pseudo}`,
    noCandidate: 'Aucune autre proposition de ce concours ne peut être choisie.',
    cancel: 'Annuler',
    confirm: 'Choisir ce gagnant',
  },
} as const;
