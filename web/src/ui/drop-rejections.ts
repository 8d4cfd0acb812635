/**
 * What to tell a member whose files a dropzone turned down, by reason: a file too large is
 * told the size limit, not that its type is refused.
 */
import type { FileRejection } from '@mantine/dropzone';
import { formatBytes, MAX_FILE_BYTES, PARTICIPATIONS } from '@creadefi/domain';

export function dropRejectionText(rejections: readonly FileRejection[], acceptLabel: string, maxBytes = MAX_FILE_BYTES): string {
  const codes = new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.code)));
  const texts: string[] = [];
  if (codes.has('file-invalid-type')) texts.push(PARTICIPATIONS.wrongType(acceptLabel));
  if (codes.has('file-too-large')) texts.push(PARTICIPATIONS.fileTooBig(formatBytes(maxBytes)));
  if (texts.length === 0) texts.push(PARTICIPATIONS.wrongType(acceptLabel));
  const count = rejections.length > 1 ? ` (${rejections.length} fichiers)` : '';
  return texts.join(' ') + count;
}
