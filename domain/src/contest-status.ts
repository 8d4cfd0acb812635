/** Contest statuses, spec 1 §3 and spec 2 §4; status 1 is DESIGN decision 1. */
export const CONTEST_STATUS = {
  cancelled: -1,
  awaitingPayment: 1,
  open: 2,
  awaitingWinner: 3,
  awaitingFinalFiles: 4,
  finished: 5,
} as const;
export type ContestStatus = (typeof CONTEST_STATUS)[keyof typeof CONTEST_STATUS];

const LABELS: Record<number, string> = {
  [-1]: 'Clôturé',
  1: 'En attente de paiement',
  2: 'En cours',
  3: 'En attente du gagnant',
  4: 'En attente des fichiers finaux',
  5: 'Terminé',
};

export function contestStatusLabel(status: number): string {
  return LABELS[status] ?? `Statut ${status} non connu`;
}

/** Contest duration once paid: 7 days (spec 1 §9). */
export const CONTEST_DURATION_MS = 7 * 24 * 60 * 60 * 1000;
/** Final files are validated by themselves 48 h after they were sent (spec 2 §1, rule 8). */
export const AUTO_VALIDATION_DELAY_MS = 48 * 60 * 60 * 1000;

/** Winners may be added and removed while the contest is open or awaiting its winner (decision 4). */
export function canChangeWinners(status: number): boolean {
  return status === CONTEST_STATUS.open || status === CONTEST_STATUS.awaitingWinner;
}

/**
 * Prizes still to pay before finalising: each winner receives the starting prize, and the
 * organiser's payments so far cover `prizesPaid` of them.
 */
export function extraPrizes(winners: number, prizesPaid: number): number {
  return Math.max(0, winners - prizesPaid);
}

/**
 * Editing the brief is locked once the winners are final ("Gagnant déjà choisi"): from
 * finalisation on, the talents chosen are working on the brief as it stood.
 */
export function isEditLocked(status: number): boolean {
  return status >= CONTEST_STATUS.awaitingFinalFiles;
}

/** Finalised: the winners are final and deliver their files (4), or have delivered them (5). */
export function isFinalised(status: number): boolean {
  return status === CONTEST_STATUS.awaitingFinalFiles || status === CONTEST_STATUS.finished;
}
