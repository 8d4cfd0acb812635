/** Figures the legal texts quote, taken from domain so that a rule change updates them too. */
import { AUTO_VALIDATION_DELAY_MS, CONTEST_DURATION_MS, durationInDays, durationInHours, MISSION_ACCEPTANCE_DELAY_MS, PLATFORM_FEE_PERCENT } from '@creadefi/domain';

export const CONTEST_DURATION_DAYS_TEXT = durationInDays(CONTEST_DURATION_MS);
export const MISSION_ACCEPTANCE_TEXT = durationInHours(MISSION_ACCEPTANCE_DELAY_MS);
export const AUTO_VALIDATION_TEXT = durationInHours(AUTO_VALIDATION_DELAY_MS);
export const FEE_TEXT = `${PLATFORM_FEE_PERCENT}\u00a0%`;
/** Version date of the CGU and the privacy policy. */
export const LEGAL_UPDATED = '22 novembre 2026';
