/** Helpers for upload tests: multipart bodies built by hand and small files made on the fly. */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

export function multipartBody(parts: Part[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----creadefi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(part.content);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IHDR chunk of a 1×1 image: enough for type sniffing, not a readable image. */
const PNG_IHDR = Buffer.from('0000000d494844520000000100000001080600000017', 'hex');

/**
 * Bytes sniffed as PNG, padded to `size` with random bytes: for size and count rules where only
 * the type matters. Each call gives other bytes, as two talents' files would be: the same bytes
 * sent by two talents are refused as a copy (modules/originality).
 */
export function fakePng(size: number): Buffer {
  // The IHDR chunk completed with the rest of its checksum (zeros: only readers check it).
  const head = Buffer.concat([PNG_SIGNATURE, PNG_IHDR, Buffer.alloc(3)]);
  const noted = pngWithNote(head);
  const buf = Buffer.alloc(size);
  (size >= noted.length ? noted : head).copy(buf, 0);
  return buf;
}

/** A PNG text chunk: the image stays the same, its bytes become its own. */
export function pngWithNote(png: Buffer): Buffer {
  const data = Buffer.from(`Comment\0${randomBytes(8).toString('hex')}`, 'latin1');
  const type = Buffer.from('tEXt', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])));
  // Right after the signature and IHDR (8 + 25 bytes), where any reader expects ancillary chunks.
  const at = PNG_SIGNATURE.length + 25;
  return Buffer.concat([png.subarray(0, at), length, type, data, crc, png.subarray(at)]);
}

/** A JPEG comment segment right after the start marker, for the same reason. */
function jpegWithNote(jpeg: Buffer): Buffer {
  const note = Buffer.from(randomBytes(8).toString('hex'), 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(note.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, note, jpeg.subarray(2)]);
}

/** A real image sharp can read (a plain colour), with bytes of its own at each call. */
export async function realPng(width = 800, height = 600): Promise<Buffer> {
  return pngWithNote(await sharp({ create: { width, height, channels: 3, background: { r: 253, g: 127, b: 85 } } }).png().toBuffer());
}

export async function realJpeg(width = 640, height = 480): Promise<Buffer> {
  return jpegWithNote(await sharp({ create: { width, height, channels: 3, background: { r: 252, g: 81, b: 101 } } }).jpeg().toBuffer());
}

/** A minimal PDF: its header is what the server recognises. */
export function pdfBytes(text = 'Proposition'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** Every regular file under DATA_DIR/uploads (the temporary folder included). */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out;
}
