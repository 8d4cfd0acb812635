/**
 * Stores one uploaded file: streamed straight into the FileStore while its type, its size and
 * the participation's total are checked on the way (docs/architecture.md §11: no request buffers a whole
 * upload). Any refusal happens mid-stream and the store then keeps nothing. No Fastify here:
 * the source is a plain Node stream.
 */
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import { AppError, MAX_FILE_BYTES, MESSAGES, formatBytes } from '@creadefi/domain';
import { newStorageKey, StoredFileTooLargeError, type FileStore } from '../../adapters/files/port';
import { safeFilename } from './names';
import { hashStoredImage } from '../originality/dhash';
import { SNIFF_BYTES, sniffMime } from './sniff';

const P = MESSAGES.participations;

export interface UploadRules {
  /** MIME types accepted, as sniffed from the bytes. */
  accept: readonly string[];
  /** Shown in the 415 text: "envoyez un fichier PNG ou JPEG". */
  acceptLabel: string;
  maxFileBytes?: number;
  /** Proposal files share one ceiling per participation (docs/product.md §6, decision 0003). */
  total?: { used: number; max: number };
  /** Proposals only: an image's difference hash, for the originality check (modules/originality). */
  fingerprint?: boolean;
}

export interface IncomingFile {
  stream: Readable;
  filename: string | undefined;
  /** True when the multipart parser cut the file at its own size limit. */
  truncated?: () => boolean;
  /** Size the client announced for the whole request, used only to word a refusal. */
  declaredBytes?: number;
}

export interface StoredUpload {
  storageKey: string;
  filename: string;
  mime: string;
  size: number;
  sha256: string;
  /** Difference hash of a proposal's image (modules/originality), null otherwise. */
  dhash: bigint | null;
}

const fileTooBig = (max = MAX_FILE_BYTES) => new AppError(413, P.fileTooBig(formatBytes(max)));

/**
 * Passes bytes through once the head says the type is accepted, and fails the stream as
 * soon as a limit is passed, so nothing past the limit is ever written.
 */
class UploadGuard extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;
  bytes = 0;
  mime = '';

  constructor(
    private readonly rules: UploadRules,
    private readonly declaredBytes: number | undefined,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    const refusal = this.limitRefusal();
    if (refusal) return callback(refusal);
    if (this.checked) return callback(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return callback();
    this.checkHead().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.checked) return callback();
    this.checkHead().then(() => callback(), callback);
  }

  private limitRefusal(): AppError | null {
    const maxFile = this.rules.maxFileBytes ?? MAX_FILE_BYTES;
    if (this.bytes > maxFile) return fileTooBig(maxFile);
    const total = this.rules.total;
    if (total && total.used + this.bytes > total.max) {
      // The whole file is not read once the ceiling is passed; the announced size (less the
      // few hundred bytes of multipart framing, invisible at this precision) tells the rest.
      const fileSize = Math.max(this.bytes, this.declaredBytes ?? 0);
      return new AppError(413, P.tooBig(formatBytes(total.used + fileSize), formatBytes(total.max)));
    }
    return null;
  }

  private async checkHead(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const mime = await sniffMime(head.subarray(0, SNIFF_BYTES));
    if (!mime || !this.rules.accept.includes(mime)) throw new AppError(415, P.wrongType(this.rules.acceptLabel));
    this.mime = mime;
    this.checked = true;
    this.push(head);
  }
}

export async function storeUpload(files: FileStore, incoming: IncomingFile, rules: UploadRules): Promise<StoredUpload> {
  const storageKey = newStorageKey('u');
  const guard = new UploadGuard(rules, incoming.declaredBytes);
  // pipeline() carries an error of either side to the other: a cut request fails the write,
  // a refusal by the guard stops reading the request.
  const guarded = pipeline(incoming.stream, guard, () => {});
  let written;
  try {
    written = await files.write(storageKey, guarded, { maxBytes: rules.maxFileBytes ?? MAX_FILE_BYTES });
  } catch (error) {
    if (error instanceof StoredFileTooLargeError) throw fileTooBig(error.maxBytes);
    throw error;
  }
  if (incoming.truncated?.()) {
    await files.delete(storageKey);
    throw fileTooBig(rules.maxFileBytes ?? MAX_FILE_BYTES);
  }
  const dhash = rules.fingerprint ? await hashStoredImage(files, storageKey, guard.mime) : null;
  return { storageKey, filename: safeFilename(incoming.filename, guard.mime), mime: guard.mime, size: written.size, sha256: written.sha256, dhash };
}

/** Undoes storeUpload when the row that would point at it is not written. */
export async function discardUpload(files: FileStore, stored: StoredUpload): Promise<void> {
  await files.delete(stored.storageKey);
}
