/**
 * Time-driven transitions (contest end, automatic validation), notification mails, payment
 * follow-up and housekeeping, run by the job queue (docs/decisions/0011). Each job is a
 * function that does one pass and catches up on everything that fell due meanwhile; the
 * queue sends one job per cron occurrence for all instances together and a queue of policy
 * `singleton` lets only one pass of a kind run at a time. The row locks with SKIP LOCKED each
 * pass already takes stay as the last guard.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { AppContext } from '../context';
import type { Mail } from '../adapters/mail/port';
import { endContests } from './end-contests';
import { autoValidateFinalFiles } from './auto-validate';
import { settlePendingPayouts } from './settle-payouts';
import { settlePendingRefunds } from '../modules/refunds/refund';
import { sweepOrphanFiles } from './sweep-orphan-files';
import { settleOpenPayIns } from '../modules/payments/service';
import { mailNotifications } from './mail-notifications';
import { storeHandoverDocuments } from '../modules/handover/store';
import { watchWinnerDelays } from './winner-delays';
import { remindAwaitingProposals } from './awaiting-proposals';
import { ensureQueue, MAIL_QUEUE, type JobQueue } from './queue';
import { requeueStalePreviews, startPreviewWorker } from '../modules/files/previews/job';

export type Job = (ctx: AppContext) => Promise<number>;

/**
 * Registered jobs; each area adds its own. `cron` is in UTC; `expireInSeconds` bounds a
 * pass, after which the queue counts it as failed and the next occurrence runs.
 */
export const jobs: { queue: string; name: string; cron: string; expireInSeconds: number; run: Job }[] = [
  { queue: 'end-contests', name: 'fin des concours', cron: '* * * * *', expireInSeconds: 600, run: endContests },
  { queue: 'auto-validate', name: 'validation automatique des fichiers finaux', cron: '* * * * *', expireInSeconds: 600, run: autoValidateFinalFiles },
  { queue: 'winner-delays', name: 'délais des gagnants (acceptation, livraison)', cron: '*/5 * * * *', expireInSeconds: 600, run: watchWinnerDelays },
  { queue: 'awaiting-proposals', name: 'propositions sans réponse (rappel à l’organisateur)', cron: '*/5 * * * *', expireInSeconds: 600, run: remindAwaitingProposals },
  { queue: 'mail-notifications', name: 'e-mails des notifications', cron: '* * * * *', expireInSeconds: 600, run: mailNotifications },
  // Retries the handover documents a validation could not store right after its commit (docs/decisions/0013).
  { queue: 'handover-documents', name: 'documents de cession', cron: '* * * * *', expireInSeconds: 600, run: (ctx) => storeHandoverDocuments(ctx) },
  { queue: 'settle-payouts', name: 'suivi des virements', cron: '* * * * *', expireInSeconds: 600, run: settlePendingPayouts },
  { queue: 'settle-refunds', name: 'suivi des remboursements', cron: '*/5 * * * *', expireInSeconds: 600, run: (ctx) => settlePendingRefunds(ctx) },
  // Every minute: a pay-in that arrives for a closed contest goes back to the card without waiting.
  // The queue keeps the name it had when it followed only discounted pay-ins: its schedule is replaced, not left behind.
  { queue: 'settle-held-promotions', name: 'paiements ouverts (abandonnés, ou arrivés après la clôture)', cron: '* * * * *', expireInSeconds: 600, run: settleOpenPayIns },
  { queue: 'requeue-previews', name: 'aperçus en attente', cron: '*/10 * * * *', expireInSeconds: 600, run: requeueStalePreviews },
  // Ten past the hour, away from the start of a deployment's first minutes.
  { queue: 'sweep-orphan-files', name: 'fichiers sans propriétaire', cron: '10 */6 * * *', expireInSeconds: 3 * 3600, run: sweepOrphanFiles },
];

/** Polls while no notification wakes the worker; a notification wakes it at once. */
const MAIL_POLL_SECONDS = 2;

/** Past this wait between the queue and the transport, a sent mail is logged as late. */
const MAIL_LATE_MS = 10_000;

/**
 * Mails taken at each fetch. The queue waits its polling interval after a fetch unless the
 * fetch came back full: one mail a fetch would drain a burst of mails (a contest's end, a busy
 * minute) at one every two seconds, and a confirmation link would wait behind them.
 */
const MAIL_BATCH = 10;

/** Sends queued mails; a mail the transport refuses fails alone, and the queue tries it again later. */
export async function startMailWorker(ctx: AppContext, queue: JobQueue, log: FastifyBaseLogger): Promise<void> {
  await queue.work(
    MAIL_QUEUE,
    { pollingIntervalSeconds: MAIL_POLL_SECONDS, notifyPollingIntervalSeconds: MAIL_POLL_SECONDS, includeMetadata: true, batchSize: MAIL_BATCH, burstWhenBatchFull: true, perJobResults: true },
    async (jobs: JobWithMetadata<Mail>[]) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          await ctx.mailer.send(job.data);
          results.push({ id: job.id, status: 'completed' });
          // A confirmation link that takes this long to leave is a user waiting: worth an operator's look.
          const waited = Date.now() - job.createdOn.getTime();
          if (waited > MAIL_LATE_MS) log.warn({ job: job.id, subject: job.data.subject, waitedMs: waited, attempt: job.retryCount + 1 }, 'e-mail envoyé en retard');
        } catch (err) {
          // Never the address nor the text: a link in it opens an account.
          log.warn({ err, job: job.id, subject: job.data.subject, attempt: job.retryCount + 1 }, 'mail non envoyé, nouvel essai plus tard');
          results.push({ id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } });
        }
      }
      return results;
    },
  );
}

/** Starts the mail worker and the scheduled jobs; `stopQueue` (queue.ts) stops them at shutdown. */
export async function startJobs(ctx: AppContext, queue: JobQueue, log: FastifyBaseLogger): Promise<void> {
  await startMailWorker(ctx, queue, log);
  await startPreviewWorker(ctx, queue, log);
  for (const job of jobs) {
    // No retry: the next occurrence is a new pass that catches up on the same rows.
    await ensureQueue(queue, job.queue, { policy: 'singleton', retryLimit: 0, expireInSeconds: job.expireInSeconds });
    // `once`: occurrences missed while every instance was down are made up by one pass.
    await queue.schedule(job.queue, job.cron, null, { missed: 'once' });
    await queue.work(job.queue, { pollingIntervalSeconds: 5 }, async () => {
      try {
        const n = await job.run(ctx);
        if (n > 0) log.info({ job: job.name, n }, 'tâche planifiée');
      } catch (err) {
        log.error({ err, job: job.name }, 'tâche planifiée en échec');
        throw err;
      }
    });
  }
}
