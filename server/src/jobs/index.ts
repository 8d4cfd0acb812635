/**
 * Time-driven transitions (contest end, automatic validation) and housekeeping. Each job is a function that
 * does one pass and is safe when several instances run it at once (row locks with
 * SKIP LOCKED); a pass also catches up on everything missed while the server was down.
 */
import { HOUR_MS, MINUTE_MS } from '@creadefi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { endContests } from './end-contests';
import { autoValidateFinalFiles } from './auto-validate';
import { settlePendingPayouts } from './settle-payouts';
import { sweepOrphanFiles } from './sweep-orphan-files';
import { settleHeldPromotions } from '../modules/payments/service';
import { mailNotifications } from './mail-notifications';

export type Job = (ctx: AppContext) => Promise<number>;

/**
 * Registered jobs; each area adds its own. They run at start (catching up on what fell due
 * while the server was down), except housekeeping, which waits `firstAfter` so as not to
 * slow the start.
 */
export const jobs: { name: string; every: number; firstAfter?: number; run: Job }[] = [
  { name: 'fin des concours', every: 30_000, run: endContests },
  { name: 'validation automatique des fichiers finaux', every: MINUTE_MS, run: autoValidateFinalFiles },
  { name: 'e-mails des notifications', every: 30_000, run: mailNotifications },
  { name: 'suivi des virements', every: MINUTE_MS, run: settlePendingPayouts },
  { name: 'codes promo des paiements abandonnés', every: 5 * MINUTE_MS, run: settleHeldPromotions },
  { name: 'fichiers sans propriétaire', every: 6 * HOUR_MS, firstAfter: 10 * MINUTE_MS, run: sweepOrphanFiles },
];

export function startJobs(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  // One pending timer per job: a list of every timer ever set would grow as long as the server runs.
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = async () => {
      if (stopped) return;
      const p = job.run(ctx).then(
        (n) => n > 0 && log.info({ job: job.name, n }, 'tâche planifiée'),
        (err: unknown) => log.error({ err, job: job.name }, 'tâche planifiée en échec'),
      );
      running.add(p);
      await p;
      running.delete(p);
      if (!stopped) timers.set(job.name, setTimeout(tick, job.every));
    };
    if (job.firstAfter) timers.set(job.name, setTimeout(tick, job.firstAfter));
    else void tick();
  }
  return async () => {
    stopped = true;
    timers.forEach(clearTimeout);
    await Promise.allSettled([...running]);
  };
}
