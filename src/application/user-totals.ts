import type { Clock } from './ports/clock.js';
import type { UserCriteria, UserRepository } from './ports/user-repository.js';

/** A total at least this large is kept a while: counting it reads that many index entries. */
export const KEPT_TOTAL_MIN = 10_000;

/** How long a large total is kept; the list says "about" nothing, but it may lag by this much. */
export const KEPT_TOTAL_MS = 10_000;

/** Most totals kept at once (one per filter and search); the oldest goes first. */
const KEPT_TOTALS_MAX = 64;

/**
 * The number of users a filter and search select, for the list's "N users". A small
 * total is counted afresh on every page; a large one (a table of a million users) is
 * counted at most every `KEPT_TOTAL_MS` per filter and search, since a COUNT reads every
 * matching index entry and would make each page cost as much as the table is large.
 */
export class UserTotals {
  private readonly kept = new Map<string, { total: number; at: number }>();

  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async of(criteria: UserCriteria): Promise<number> {
    const key = JSON.stringify([criteria.filter, criteria.search]);
    const now = this.clock.now();
    const kept = this.kept.get(key);
    if (kept && now - kept.at < KEPT_TOTAL_MS) return kept.total;
    const total = await this.users.count(criteria);
    this.kept.delete(key);
    if (total >= KEPT_TOTAL_MIN) {
      this.kept.set(key, { total, at: now });
      if (this.kept.size > KEPT_TOTALS_MAX) this.kept.delete(this.kept.keys().next().value as string);
    }
    return total;
  }
}
