/** A talent taking back or rewording their proposal, an organiser deleting an unpaid contest. */
import { z } from 'zod';
import { FOLLOW_UP } from '../messages/follow-up';
import { TEXT_PROPOSAL_MAX } from '../uploads';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const editTextSchema = z.object({
  idParticipation: id,
  inputText: z
    .string({ error: FOLLOW_UP.textRequired })
    .trim()
    .min(1, FOLLOW_UP.textRequired)
    .max(TEXT_PROPOSAL_MAX, FOLLOW_UP.textTooLong(TEXT_PROPOSAL_MAX)),
});
export type EditTextInput = z.infer<typeof editTextSchema>;

/** POST /participation/withdraw */
export const withdrawSchema = z.object({ idParticipation: id });
/** POST /participation/file/withdraw */
export const withdrawFileSchema = z.object({ idParticipation: id, idFile: id });
/** POST /concours/delete */
export const deleteContestSchema = z.object({ idConcours: id });

export interface WithdrawFileResult {
  /** True when the file was the proposal's last: the participation is withdrawn with it. */
  withdrawn: boolean;
}
