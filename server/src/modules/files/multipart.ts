/**
 * The HTTP side of uploads: @fastify/multipart with hard limits, registered only in the
 * scopes that take files, and one helper that hands the single file part to a store
 * function while it streams. Everything after the bytes (rules, rows) lives in services.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, MAX_FILE_BYTES, MESSAGES, badRequest, formatBytes } from '@creadefi/domain';
import type { IncomingFile } from './upload';

const P = MESSAGES.participations;

/** One file per request and a few short fields (ids); anything more is refused by the parser. */
const UPLOAD_LIMITS = {
  fileSize: MAX_FILE_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 200,
  fieldNameSize: 50,
  parts: 6,
  headerPairs: 20,
} as const;

export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: UPLOAD_LIMITS });
}

/** A refused upload still answers: the rest of the body is read and dropped, up to a bound. */
const DRAIN_LIMIT = MAX_FILE_BYTES + 1_000_000;

function drain(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) raw.socket?.destroy();
  });
  raw.resume();
}

function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, P.fileTooBig(formatBytes(MAX_FILE_BYTES)));
    case 'FST_FILES_LIMIT':
      return badRequest(P.tooManyFiles(1));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, MESSAGES.common.payloadTooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(P.noFile);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(MESSAGES.common.invalidInput);
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest(P.uploadCut);
  }
  if (error instanceof Error && /Unexpected end of (form|multipart data)|terminated early|Malformed part header/i.test(error.message)) return badRequest(P.uploadCut);
  // The parser refuses a multipart content type without a boundary before reading anything.
  if (error instanceof Error && /Boundary not found|Boundary required|Unsupported Content-Type|Missing Content-Type/i.test(error.message)) return badRequest(P.noFile);
  return error;
}

/** Room for the multipart framing and the short fields around the file. */
const FRAMING_BYTES = 64 * 1024;

/**
 * Reads a multipart request holding one file under `field` plus short text fields. `store`
 * receives the fields that came before the file (so it can decide who may send it before
 * any byte is read) and consumes the file stream while it arrives; if anything fails
 * afterwards (a second file, a cut body) `discard` undoes what `store` kept, so a refused
 * request leaves nothing. `limit` sets a lower ceiling than any file's, with its own refusal,
 * for the announced size.
 */
export async function receiveUpload<S>(
  request: FastifyRequest,
  field: string,
  store: (file: IncomingFile, fieldsBefore: Readonly<Record<string, string>>) => Promise<S>,
  discard: (stored: S) => Promise<void>,
  limit: { maxBytes: number; tooBig: () => AppError } = { maxBytes: MAX_FILE_BYTES, tooBig: () => new AppError(413, P.fileTooBig(formatBytes(MAX_FILE_BYTES))) },
): Promise<{ stored: S; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let stored: { value: S } | null = null;
  const length = Number(request.headers['content-length']);
  // An announced size past any file's limit is refused on its headers alone.
  if (Number.isFinite(length) && length > limit.maxBytes + FRAMING_BYTES) throw limit.tooBig();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== field || stored) {
          part.file.resume();
          throw stored ? badRequest(P.tooManyFiles(1)) : badRequest(P.noFile);
        }
        const file = part.file;
        stored = {
          value: await store(
            {
              stream: file,
              filename: part.filename,
              truncated: () => file.truncated,
              declaredBytes: Number.isFinite(length) && length > 0 ? length : undefined,
            },
            { ...fields },
          ),
        };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (stored) await discard(stored.value);
    drain(request);
    throw toAppError(error);
  }
  if (!stored) throw badRequest(P.noFile);
  return { stored: stored.value, fields };
}
