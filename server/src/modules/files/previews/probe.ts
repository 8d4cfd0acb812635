/**
 * A proposal's sound or video is decoded for its first seconds as it is received, in the
 * preview child process (child.ts, render-media.ts `probeMedia`): a file whose header is right
 * and whose frames hold nothing that decodes is refused at once, in French, rather than taken
 * and left with « aperçu en échec » for the organiser while its author is never told. The
 * upload then leaves nothing behind (the caller discards it).
 *
 * Measured on the project's two-core machine, shared and busy (load average 12 to 17): 1.7 to
 * 2.2 s for a 3-minute MP3 at 128 kb/s (2.9 MB), 2.2 s for 20 s of 720p MP4 (0.8 MB), 1.75 s
 * for a one-second sound: nearly all of it the child's start and ffmpeg's WebAssembly, not the
 * decoding, so it does not grow with the file's length.
 */
import { AppError, MESSAGES, previewKindOf } from '@creadefi/domain';
import type { AppContext } from '../../../context';
import { PreviewFailedError, probeInChild, type ChildLimits } from './child';
import { MAX_PREVIEW_INPUT_BYTES, withPrivateCopy } from './job';
import { slots } from './slots';

/**
 * Past this the machine is too busy to check inline: the file is taken, and its preview, made
 * later, still says whether it plays.
 */
export const PROBE_LIMITS: ChildLimits = { timeoutMs: 30_000, maxOldSpaceMb: 256 };

/**
 * Checks at once on one instance: each is a process of its own for a second or two, and twenty
 * sounds sent together must not start twenty. A file that waits for a place past its time
 * (ten seconds) is taken unchecked, as one whose check runs out of time: its preview, made later, tells.
 */
const PROBE_PLACES = slots(2, 10_000);

export interface ProbedFile {
  storageKey: string;
  mime: string;
  size: number;
}

/** Throws a 422 when a stored sound or video does not decode; other files pass unchecked. */
export async function checkMediaDecodes(ctx: AppContext, file: ProbedFile, limits: ChildLimits = PROBE_LIMITS): Promise<'decodes' | 'unchecked'> {
  const kind = previewKindOf(file.mime);
  if ((kind !== 'audio' && kind !== 'video') || file.size > MAX_PREVIEW_INPUT_BYTES[kind]) return 'unchecked';
  if (!(await PROBE_PLACES.take())) return 'unchecked';
  try {
    await withPrivateCopy(ctx, file.storageKey, (inputPath) => probeInChild({ inputPath, mime: file.mime, kind, label: '' }, limits));
    return 'decodes';
  } catch (error) {
    if (!(error instanceof PreviewFailedError)) throw error;
    if (error.timedOut) return 'unchecked';
    throw new AppError(422, kind === 'audio' ? MESSAGES.previews.undecodableAudio : MESSAGES.previews.undecodableVideo);
  } finally {
    PROBE_PLACES.release();
  }
}
