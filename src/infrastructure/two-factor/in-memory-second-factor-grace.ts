import type { UserId } from '../../domain/shared/user.js';
import type { SecondFactorGrace } from '../../application/two-factor/ports/second-factor-grace.js';

/** The grace's starts in memory, for the tests. */
export class InMemorySecondFactorGrace implements SecondFactorGrace {
  private readonly starts = new Map<UserId, number>();

  async startOnce(userId: UserId, now: number): Promise<number> {
    const start = this.starts.get(userId) ?? now;
    this.starts.set(userId, start);
    return start;
  }
}
