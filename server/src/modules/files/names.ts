/** File names as people gave them: kept for display and downloads, never used on disk. */

const MIME_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/vnd.avi': 'avi',
  'video/x-msvideo': 'avi',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'application/zip': 'zip',
  'application/x-rar-compressed': 'rar',
  'application/x-7z-compressed': '7z',
};

const MAX_NAME = 180;

/** The last path segment, without control characters, at most 180 characters, never empty. */
export function safeFilename(name: string | undefined, mime: string): string {
  let base = (name ?? '').split(/[\\/]/).pop() ?? '';
  base = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/^\.+/, '');
  if (base.length > MAX_NAME) {
    const dot = base.lastIndexOf('.');
    const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
    base = base.slice(0, MAX_NAME - ext.length) + ext;
  }
  if (!base) base = `fichier.${MIME_EXTENSIONS[mime] ?? 'bin'}`;
  return base;
}

/**
 * A Content-Disposition value every browser reads (RFC 6266): an ASCII `filename` for old
 * clients and the exact UTF-8 name in `filename*`. Quotes, backslashes and line breaks can
 * never reach the header.
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
