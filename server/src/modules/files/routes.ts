/**
 * Downloads (docs/product.md §6): GET /api/files/{id} sends the original as an attachment,
 * GET /api/files/{id}/preview what a page shows in place. Who may fetch what: access.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParams, MESSAGES } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { StoredFileMissingError, type ByteRange } from '../../adapters/files/port';
import type { RouteModule } from '../../http/types';
import { requireViewer } from '../../http/viewer';
import { errorBody } from '../../http/error-handler';
import { authoriseFile, type FileDelivery, type FileUse } from './access';
import { contentDisposition } from './names';

/** Parses a single `bytes=a-b` range; null means "send everything", 'invalid' means 416. */
function parseRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

async function send(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, use: FileUse, id: number) {
  const viewer = requireViewer(request);
  return deliverFile(ctx, request, reply, await authoriseFile(ctx, viewer, id, use), id);
}

/** Sends a file whose delivery the caller has authorised (here, or a public page's preview). */
export async function deliverFile(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, delivery: FileDelivery, id: number) {
  const stat = await ctx.files.stat(delivery.storageKey);
  if (!stat) {
    request.log.error({ fileId: id, key: delivery.storageKey }, 'stored file missing');
    return reply.status(404).send(errorBody(404, MESSAGES.participations.fileGone));
  }
  reply
    .header('content-type', delivery.mime)
    .header('content-disposition', contentDisposition(delivery.filename, delivery.disposition))
    .header('x-content-type-options', 'nosniff')
    // Whatever the bytes hold, they never run as a page of this site nor show inside another's.
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .header('cache-control', delivery.cacheControl)
    .header('etag', delivery.etag)
    .header('vary', 'Authorization');
  if (delivery.ranges) reply.header('accept-ranges', 'bytes');
  if (request.headers['if-none-match'] === delivery.etag) return reply.status(304).send();

  const range = delivery.ranges ? parseRange(request.headers.range, stat.size) : null;
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${stat.size}`).send();
  }
  try {
    const stream = await ctx.files.read(delivery.storageKey, range ?? undefined);
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`).header('content-length', String(range.end - range.start + 1));
    } else {
      reply.header('content-length', String(stat.size));
    }
    return reply.send(stream);
  } catch (error) {
    if (error instanceof StoredFileMissingError) return reply.status(404).send(errorBody(404, MESSAGES.participations.fileGone));
    throw error;
  }
}

export const filesRoutes: RouteModule = (app, ctx) => {
  // Files are sent as they are stored; compressing images or video again only costs CPU.
  app.get('/files/:id', { schema: { tags: ['fichiers'], security: [{ bearer: [] }], summary: 'Télécharge un fichier (original), pour qui y a droit', params: idParams }, compress: false }, (request, reply) => send(ctx, request, reply, 'download', request.params.id));
  app.get('/files/:id/preview', { schema: { tags: ['fichiers'], security: [{ bearer: [] }], summary: 'L’aperçu filigrané d’une proposition, pour qui peut le voir (plages d’octets acceptées)', params: idParams }, compress: false }, (request, reply) => send(ctx, request, reply, 'view', request.params.id));
  app.get('/files/:id/poster', { schema: { tags: ['fichiers'], security: [{ bearer: [] }], summary: 'La première image filigranée d’une vidéo proposée, pour qui peut la voir', params: idParams }, compress: false }, (request, reply) => send(ctx, request, reply, 'poster', request.params.id));
};
