import type { ContestDto, RoundWindow } from '@creadefi/domain';

/** The contest as the proposal rules of `domain/src/permissions.ts` read it: status, end date and final round. */
export function roundOf(contest: ContestDto): RoundWindow {
  return { status: contest.status, endDate: contest.endDate, finalRoundStartedAt: contest.formats.finalRoundStartedAt };
}
