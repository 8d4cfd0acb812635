/** Figures the legal texts quote, taken from domain so that a rule change updates them too. */
import { CONTEST_DURATION_MS, PLATFORM_FEE_PERCENT } from '@creadefi/domain';

const DAY_MS = 24 * 60 * 60 * 1000;

export const CONTEST_DURATION_DAYS_TEXT = `${Math.round(CONTEST_DURATION_MS / DAY_MS)}\u00a0jours`;
export const FEE_TEXT = `${PLATFORM_FEE_PERCENT}\u00a0%`;
/** Version date of the CGU and the privacy policy. */
export const LEGAL_UPDATED = '22 novembre 2026';
