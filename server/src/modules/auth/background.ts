/**
 * Work that must not shape the answer. Password-reset and resend-verification requests
 * answer at once and do the lookup and the mailing afterwards, so the answer and its timing
 * are the same whether or not the e-mail has an account. The mail itself goes through the
 * job queue; a failure here (the database) is logged, never shown: the person can ask again.
 */

/** The part of a pino logger this needs; services stay free of Fastify. */
export interface ErrorLog {
  error(obj: object, msg: string): void;
}

export class Background {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: ErrorLog) {}

  run(what: string, task: () => Promise<unknown>): void {
    const p: Promise<void> = Promise.resolve()
      .then(task)
      .then(
        () => {},
        (err: unknown) => this.log.error({ err }, what),
      )
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /**
   * Resolves once no work is pending, work started meanwhile included: the server waits for
   * it before the database closes, and tests before they check what the work did not do.
   */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
