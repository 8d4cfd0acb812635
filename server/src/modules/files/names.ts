/** File names as people gave them: kept for display and downloads, never used on disk. */
import { withoutAccents } from '@creadefi/domain';

/** The extensions each accepted type goes by, the usual one first. */
const MIME_EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
  'video/mp4': ['mp4', 'm4v'],
  'video/vnd.avi': ['avi'],
  'video/x-msvideo': ['avi'],
  'video/quicktime': ['mov', 'qt'],
  'video/webm': ['webm'],
  'video/x-matroska': ['mkv'],
  'video/mpeg': ['mpg', 'mpeg'],
  'audio/mpeg': ['mp3'],
  'audio/wav': ['wav'],
  'audio/x-wav': ['wav'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/mp4': ['m4a', 'mp4'],
  'audio/x-m4a': ['m4a'],
  'audio/aac': ['aac'],
  'audio/flac': ['flac'],
  'audio/x-flac': ['flac'],
  'application/zip': ['zip'],
  'application/x-rar-compressed': ['rar'],
  'application/vnd.rar': ['rar'],
  'application/x-7z-compressed': ['7z'],
};

const MAX_NAME = 180;
/** What counts as an extension: a short run of letters and digits after the last dot. */
const EXTENSION = /\.([a-z0-9]{1,5})$/i;
/** Extensions that name a type: a wrong one is replaced rather than kept before the right one. */
const TYPE_EXTENSIONS = new Set([
  ...Object.values(MIME_EXTENSIONS).flat(),
  ...['html', 'htm', 'xhtml', 'svg', 'js', 'mjs', 'exe', 'msi', 'bat', 'cmd', 'sh', 'ps1', 'jar', 'apk', 'txt', 'rtf', 'doc', 'docx', 'odt', 'xls', 'xlsx', 'ppt', 'pptx', 'webp', 'bmp', 'tif', 'tiff', 'heic', 'psd', 'ai', 'eps'],
]);

/**
 * The last path segment, without control characters, at most 180 characters, never empty,
 * and ending with an extension of the type its bytes were found to be (ASVS 5.2.2): a JPEG
 * sent as `logo.png` is kept as `logo.jpg`, a PDF named `devis.html` as `devis.pdf`, so that the
 * name a download carries never makes a computer open the file as something else.
 */
export function safeFilename(name: string | undefined, mime: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/^\.+/, '');
  const found = EXTENSION.exec(base);
  const typed = found && TYPE_EXTENSIONS.has(found[1]!.toLowerCase());
  const extensions = MIME_EXTENSIONS[mime];
  let stem = typed ? base.slice(0, found.index) : base;
  let ext = typed ? found[0] : '';
  if (extensions && !extensions.includes(ext.slice(1).toLowerCase())) ext = `.${extensions[0]}`;
  else if (!extensions && !typed && found) [stem, ext] = [base.slice(0, found.index), found[0]];
  stem = stem.trim().slice(0, MAX_NAME - ext.length).trim() || 'fichier';
  return stem + (ext || '.bin');
}

/**
 * A Content-Disposition value every browser reads (RFC 6266): an ASCII `filename` for old
 * clients and the exact UTF-8 name in `filename*`. Quotes, backslashes and line breaks can
 * never reach the header.
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = withoutAccents(filename)
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
