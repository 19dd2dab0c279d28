import type { Logger } from './ports/logger.js';

/**
 * The work a use case does after its answer, so the answer does not tell by its time
 * what the work found (a reset link, a login code): at most `limit` run at once — a new
 * one waits for a slot before the answer, so a flood cannot pile up work and memory
 * behind the answers — and a failure is logged under `failure` (the work's own words,
 * never a secret) and reaches no visitor.
 */
export class WorkAfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly logger: Logger,
    private readonly limit: number,
    private readonly failure: string,
  ) {}

  /** Resolves once `work` has a slot and has started; the work goes on alone. */
  async start(work: () => Promise<void>): Promise<void> {
    while (this.pending.size >= this.limit) await Promise.race(this.pending);
    const running = work().catch((error: unknown) => {
      this.logger.error({ err: error }, this.failure);
    });
    this.pending.add(running);
    void running.finally(() => this.pending.delete(running));
  }

  /** Resolves once every work started so far has ended (done or failed): for shutdown and tests. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
