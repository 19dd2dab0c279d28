import type { AttemptCounter, AttemptWindow } from '../../../application/shared/ports/attempt-counter.js';

/** Expired windows are swept once per this many increments, so memory stays bounded. */
const SWEEP_EVERY = 1000;

/**
 * Attempt windows in process memory: for tests and single-process demos. It passes
 * the same contract suite as the Knex and Redis adapters.
 */
export class InMemoryAttemptCounter implements AttemptCounter {
  private readonly windows = new Map<string, AttemptWindow>();
  private increments = 0;

  async get(key: string, now: number): Promise<AttemptWindow | null> {
    const window = this.running(key, now);
    return window ? { ...window } : null;
  }

  async increment(key: string, windowMs: number, now: number): Promise<AttemptWindow> {
    if (++this.increments % SWEEP_EVERY === 0) this.sweep(now);
    // Read and write with no await between them, so concurrent increments all count.
    const running = this.running(key, now);
    const window = running ? { ...running, count: running.count + 1 } : { count: 1, resetsAt: now + windowMs };
    this.windows.set(key, window);
    return { ...window };
  }

  async decrement(key: string, now: number): Promise<void> {
    const running = this.running(key, now);
    if (running && running.count > 0) this.windows.set(key, { ...running, count: running.count - 1 });
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private running(key: string, now: number): AttemptWindow | null {
    const window = this.windows.get(key);
    return window && window.resetsAt > now ? window : null;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}
