/**
 * Contest formats (docs/product.md §3 "Formats de concours"): chosen in the wizard beside
 * the options and priced the same way, each paid format raising the minimum price of the
 * contest, so that it is paid with the prize through the creation pay-in and its ledger.
 *
 * - private (NDA): only talents who accepted the confidentiality agreement read the brief;
 *   the contest is never listed nor counted anywhere public;
 * - open: talents see the previews of each other's proposals (blind is the default);
 * - final round: after the qualifying period the organiser picks up to six finalists, who
 *   alone send proposals during a short final round.
 */
import { DAY_MS } from './durations';
import { CONTEST_STATUS } from './contest-status';

/** 49 € HT, the price the peers ask for an NDA contest (99designs' "private + NDA"). */
export const PRIVATE_CONTEST_PRICE_CENTS = 4900;
/** Open contests cost nothing more: they mostly draw more talents. */
export const OPEN_CONTEST_PRICE_CENTS = 0;
/** A final round costs nothing more: the peers include it in every contest. */
export const FINAL_ROUND_PRICE_CENTS = 0;

/** At most six finalists: enough for a real final, few enough to give each one feedback. */
export const MAX_FINALISTS = 6;
/** The final round lasts 3 days from the moment the organiser starts it. */
export const FINAL_ROUND_DURATION_MS = 3 * DAY_MS;

export interface ContestFormat {
  isPrivate: boolean;
  proposalsOpen: boolean;
  hasFinalRound: boolean;
}

export const BLIND_PUBLIC_FORMAT: ContestFormat = { isPrivate: false, proposalsOpen: false, hasFinalRound: false };

/** The formats asked for, blind and public where left out. */
export function contestFormatOf(input: Partial<ContestFormat>): ContestFormat {
  return { isPrivate: input.isPrivate ?? false, proposalsOpen: input.proposalsOpen ?? false, hasFinalRound: input.hasFinalRound ?? false };
}

/** What the chosen formats add to the minimum price of the contest. */
export function formatsPriceCents(format: ContestFormat): number {
  return (format.isPrivate ? PRIVATE_CONTEST_PRICE_CENTS : 0) + (format.proposalsOpen ? OPEN_CONTEST_PRICE_CENTS : 0) + (format.hasFinalRound ? FINAL_ROUND_PRICE_CENTS : 0);
}

/**
 * « Récompense garantie »: a contest is published only once its prize is paid (status 2 and
 * beyond), so every published contest's prize is already held for the winner.
 */
export function isPrizeGuaranteed(status: number): boolean {
  return status >= CONTEST_STATUS.open;
}

/** The agreement's version: a new text gets a new version, and every acceptance keeps the one it read. */
export const NDA_VERSION = '2026-11';

export const NDA_TEXT =
  'En acceptant cet accord de confidentialité, je m’engage à ne divulguer à personne, ni pendant ni après le concours, ' +
  'le brief, les informations sur l’organisateur et son projet, ni les propositions que je pourrais voir. ' +
  'Je n’utilise ces informations que pour participer à ce concours. ' +
  'Je sais qu’un manquement peut entraîner la suspension de mon compte et engager ma responsabilité.';

export type FinalRoundRefusal = 'organiserOnly' | 'noFinalRound' | 'notQualifyingEnded' | 'finalRoundStarted' | 'tooManyFinalists' | 'noFinalist' | 'notAProposal';

/**
 * Choosing finalists: the organiser of a contest with a final round, once the qualifying
 * period has ended (3) and before the final round starts.
 */
export function finalistDenial(isOrganiser: boolean, contest: ContestFormat & { status: number; finalRoundStartedAt: Date | string | null }): FinalRoundRefusal | null {
  if (!isOrganiser) return 'organiserOnly';
  if (!contest.hasFinalRound) return 'noFinalRound';
  if (contest.finalRoundStartedAt) return 'finalRoundStarted';
  if (contest.status !== CONTEST_STATUS.awaitingWinner) return 'notQualifyingEnded';
  return null;
}

/** In the final round only finalists send or change proposals; before it, anyone may. */
export function mayProposeInRound(contest: { finalRoundStartedAt: Date | string | null }, isFinalist: boolean): boolean {
  return !contest.finalRoundStartedAt || isFinalist;
}

/**
 * An open contest shows its proposals to the other talents as previews only: the resized,
 * marked image the server derived, never the original nor a media file played in place (which
 * would be the original). Only a proposal with content, of a contest the viewer may read.
 */
export function mayViewOpenPreview(facts: { proposalsOpen: boolean; readable: boolean; isProposal: boolean; hasPreview: boolean; isParticipating: boolean }): boolean {
  return facts.proposalsOpen && facts.readable && facts.isProposal && facts.hasPreview && facts.isParticipating;
}
