/** A finalised winner's mission: payloads and what the conversation shows of it (docs/product.md §4). */
import { z } from 'zod';
import '../validation';
import { WINNERS } from '../messages/winners';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /concours/winner/accept */
export const acceptMissionSchema = z.object({ idParticipation: id });

/** POST /concours/winner/replace: the late winner's participation and the proposal chosen in its place. */
export const replaceWinnerSchema = z.object({
  idParticipation: id,
  idParticipationNew: z.coerce.number({ error: WINNERS.candidateRequired }).int(WINNERS.candidateRequired).positive(WINNERS.candidateRequired).max(2_147_483_647),
});
export type ReplaceWinnerInput = z.infer<typeof replaceWinnerSchema>;

/** A proposal the organiser may choose in place of a late winner. */
export interface ReplacementCandidateDto {
  idParticipation: number;
  number: number | null;
  pseudo: string;
}

/** ConversationDto.mission: a winner's delays, once the contest is finalised. */
export interface MissionDto {
  /** Until when the winner may accept; null for a winner finalised before these delays. */
  acceptanceDueAt: string | null;
  acceptedAt: string | null;
  /** Set at acceptance: the delivery delay of the contest's options. */
  deliveryDueAt: string | null;
  /** What the winner accepts: the brief's message and the paid options. */
  requests: { message: string; options: string[] };
  /** For the organiser while the winner may be replaced; empty otherwise. */
  candidates: ReplacementCandidateDto[];
}
