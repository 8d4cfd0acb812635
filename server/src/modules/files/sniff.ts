/**
 * What a file really is, read from its first bytes (DESIGN, security rules): the name and
 * the Content-Type a browser sends are never trusted.
 */
import { fileTypeFromBuffer } from 'file-type';

/** file-type needs at most this many bytes to recognise any format it knows. */
export const SNIFF_BYTES = 4100;

/** Types file-type names more precisely than the upload rules need. */
const SAME_AS: Record<string, string> = {
  // An animated PNG is a PNG every viewer can open.
  'image/apng': 'image/png',
};

export async function sniffMime(head: Buffer): Promise<string | null> {
  if (head.length === 0) return null;
  const found = await fileTypeFromBuffer(head);
  if (found) return SAME_AS[found.mime] ?? found.mime;
  // PDF readers accept a header anywhere in the first 1024 bytes (ISO 32000 annex H), and
  // some producers put bytes before it; file-type only looks at offset 0.
  if (head.subarray(0, 1024).includes('%PDF-')) return 'application/pdf';
  return null;
}
