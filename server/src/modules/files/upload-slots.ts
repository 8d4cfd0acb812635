/**
 * How many uploads run at once: a few per member, a ceiling for the whole server. Each one
 * holds a socket, a file being written and a share of the disk's bandwidth; without a
 * ceiling, slow uploads opened side by side take them all. Counted per server process: the
 * resources they protect are that process's own.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, MESSAGES } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../http/rate-limit';
import { requireViewer } from '../../http/viewer';

const P = MESSAGES.participations;
/** What a refused client is told to wait: an upload in progress usually ends within it. */
const RETRY_AFTER_SECONDS = 30;

export class UploadSlots {
  private readonly perMember = new Map<number, number>();
  private total = 0;

  constructor(
    readonly maxPerMember: number,
    readonly maxAtOnce: number,
  ) {}

  /** A release function, or why the upload may not start now. */
  take(memberId: number): (() => void) | 'member' | 'server' {
    const mine = this.perMember.get(memberId) ?? 0;
    if (mine >= this.maxPerMember) return 'member';
    if (this.total >= this.maxAtOnce) return 'server';
    this.perMember.set(memberId, mine + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perMember.get(memberId) ?? 1) - 1;
      if (left > 0) this.perMember.set(memberId, left);
      else this.perMember.delete(memberId);
    };
  }

  get inUse(): number {
    return this.total;
  }
}

const slotsOf = new WeakMap<AppContext, UploadSlots>();

function uploadSlots(ctx: AppContext): UploadSlots {
  let slots = slotsOf.get(ctx);
  if (!slots) {
    slots = new UploadSlots(ctx.config.UPLOADS_PER_MEMBER, ctx.config.UPLOADS_AT_ONCE);
    slotsOf.set(ctx, slots);
  }
  return slots;
}

/** preHandler: the upload holds a slot until its answer is sent or its connection is gone. */
export function holdUploadSlot(ctx: AppContext) {
  const slots = uploadSlots(ctx);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const taken = slots.take(requireViewer(request).id);
    if (taken === 'member') {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new TooManyRequestsError(P.uploadsAtOnce(slots.maxPerMember), RETRY_AFTER_SECONDS);
    }
    if (taken === 'server') {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new AppError(503, P.uploadsBusy);
    }
    reply.raw.once('close', taken);
  };
}
