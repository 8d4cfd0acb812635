import { DAY_MS, HOUR_MS } from './durations';

/** Contest statuses and their transitions (docs/product.md §2). */
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

/** A contest closed with what its organiser paid given back reads « Remboursé ». */
export function contestStatusLabel(status: number, refunded = false): string {
  if (status === CONTEST_STATUS.cancelled && refunded) return 'Remboursé';
  return LABELS[status] ?? `Statut ${status} non connu`;
}

/** Contest duration once paid: 7 days (docs/product.md §4). */
export const CONTEST_DURATION_MS = 7 * DAY_MS;
/** Final files are validated by themselves 48 h after they were sent (docs/product.md §4). */
export const AUTO_VALIDATION_DELAY_MS = 48 * HOUR_MS;
/**
 * The time a winner is given to accept the mission and the organiser's requests, from the
 * finalisation (docs/product.md §4); past it the organiser may choose another winner. The
 * texts that quote it read it here.
 */
export const MISSION_ACCEPTANCE_DELAY_MS = 48 * HOUR_MS;

/** Winners may be added and removed while the contest is open or awaiting its winner (docs/product.md §2). */
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
