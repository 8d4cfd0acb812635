/**
 * What a file really is, read from its first bytes (docs/architecture.md §11): the name and
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

const PDF_HEADER = Buffer.from('%PDF-');
/**
 * Bytes a PDF producer may leave before its header: a UTF-8 byte order mark and a little
 * whitespace. Anything else before `%PDF-` (a comment in an HTML page, a script) makes the
 * file something else that merely mentions PDF, whatever a lenient reader would open.
 */
const PDF_LEAD_MAX = 8;
const PDF_LEAD = /^(?:\xEF\xBB\xBF)?[\t\n\f\r ]*$/;

function isPdf(head: Buffer): boolean {
  const at = head.subarray(0, PDF_LEAD_MAX + PDF_HEADER.length).indexOf(PDF_HEADER);
  return at >= 0 && PDF_LEAD.test(head.subarray(0, at).toString('latin1'));
}

export async function sniffMime(head: Buffer): Promise<string | null> {
  if (head.length === 0) return null;
  const found = await fileTypeFromBuffer(head);
  if (found) return SAME_AS[found.mime] ?? found.mime;
  // file-type reads the header at offset 0 only; the few bytes some producers put first are allowed.
  if (isPdf(head)) return 'application/pdf';
  return null;
}
