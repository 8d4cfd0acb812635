/**
 * The checks a proposal upload must pass before a byte leaves the browser (docs/product.md §6,
 * decision 0003), with the catalogue's exact French texts. The server checks the same
 * again from the files' own bytes; this only spares the talent a useless wait.
 */
import { ACCEPT_LABELS, acceptedProposalTypes, formatBytes, MAX_FILE_BYTES, maxParticipationBytes, maxParticipationFiles, PARTICIPATIONS } from '@creadefi/domain';

/** Some systems give no MIME type for a file (or a generic one): its extension then says what it is. */
const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/x-m4a',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

function mimeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type && file.type !== 'application/octet-stream') return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? file.type;
}

function isAcceptedProposal(format: number, file: Pick<File, 'name' | 'type'>): boolean {
  return acceptedProposalTypes(format).includes(mimeOf(file));
}

export interface AlreadySent {
  /** Files kept for this participation: sent, sending or waiting their turn. */
  count: number;
  bytes: number;
}

export interface SelectionCheck {
  accepted: File[];
  errors: string[];
}

/**
 * Sorts a new selection into what may be sent and why the rest may not. A selection that
 * would exceed the number of files or the total size is refused as a whole: which file to
 * leave out is the talent's choice, not ours.
 */
export function checkProposalFiles(format: number, incoming: readonly File[], already: AlreadySent): SelectionCheck {
  const errors: string[] = [];
  const typed = incoming.filter((file) => isAcceptedProposal(format, file));
  if (typed.length < incoming.length) errors.push(PARTICIPATIONS.wrongType(ACCEPT_LABELS[format] ?? ACCEPT_LABELS[5]!));

  const sized = typed.filter((file) => file.size <= MAX_FILE_BYTES);
  if (sized.length < typed.length) errors.push(PARTICIPATIONS.fileTooBig(formatBytes(MAX_FILE_BYTES)));
  if (sized.length === 0) return { accepted: [], errors };

  const maxFiles = maxParticipationFiles(format);
  if (already.count + sized.length > maxFiles) return { accepted: [], errors: [...errors, PARTICIPATIONS.tooManyFiles(maxFiles)] };

  const maxBytes = maxParticipationBytes(format);
  const total = sized.reduce((sum, file) => sum + file.size, already.bytes);
  if (total > maxBytes) return { accepted: [], errors: [...errors, PARTICIPATIONS.tooBig(formatBytes(total), formatBytes(maxBytes))] };

  return { accepted: sized, errors };
}
