/**
 * Uploads per user, one count (`upload:<userId>`) for proposal, work and final files:
 * generous for people, a wall for a script filling the disk.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { hitRateLimit, TooManyRequestsError } from '../../http/rate-limit';
import { requireViewer } from '../../http/viewer';

const UPLOADS_PER_WINDOW = 60;
const UPLOAD_WINDOW_SECONDS = 600;

export function uploadRateLimit(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const viewer = requireViewer(request);
    const hit = await hitRateLimit(ctx.db, `upload:${viewer.id}`, UPLOADS_PER_WINDOW, UPLOAD_WINDOW_SECONDS, ctx.clock());
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfterSeconds));
      throw new TooManyRequestsError(MESSAGES.participations.uploadsTooFast, hit.retryAfterSeconds);
    }
  };
}
