import type { Clock } from '../shared/ports/clock.js';
import type { Logger } from '../shared/ports/logger.js';
import type { UserCriteria, UserRepository } from '../shared/ports/user-repository.js';

/** A total at least this large is kept a while: counting it reads that many index entries. */
export const KEPT_TOTAL_MIN = 10_000;

/** How long a large total is kept; the list says "about" nothing, but it may lag by this much. */
export const KEPT_TOTAL_MS = 10_000;

/** From this age on, a kept total is still shown while one count runs beside the page to renew it. */
export const RENEW_TOTAL_MS = KEPT_TOTAL_MS / 2;

/** Most totals kept at once (one per filter and search); the oldest goes first. */
const KEPT_TOTALS_MAX = 64;

/**
 * The number of users a filter and search select, for the list's "N users". A small
 * total is counted afresh on every page; a large one (a table of a million users) is
 * counted at most about every `RENEW_TOTAL_MS` per filter and search, since a COUNT reads
 * every matching index entry and would make each page cost as much as the table is large.
 *
 * No page of a busy list waits for such a count: once a kept total is `RENEW_TOTAL_MS`
 * old, the page shows it and one count starts beside it, whose result the later pages
 * show (on a database server; SQLite counts on the main thread, so there the count
 * still holds the event loop while it runs, once per renewal). A page waits only when no total is kept or the kept one is `KEPT_TOTAL_MS` old,
 * and pages that ask at the same time share one count.
 */
export class UserTotals {
  private readonly kept = new Map<string, { total: number; at: number }>();
  /** The counts under way, one per filter and search. */
  private readonly counting = new Map<string, Promise<number>>();

  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async of(criteria: UserCriteria): Promise<number> {
    const key = JSON.stringify([criteria.filter, criteria.search]);
    const kept = this.kept.get(key);
    const age = kept ? this.clock.now() - kept.at : Infinity;
    if (kept && age < KEPT_TOTAL_MS) {
      // A failed renewal is logged and leaves the kept total; the page that finds it
      // expired counts itself, and fails as any page whose database is away.
      if (age >= RENEW_TOTAL_MS) {
        this.count(key, criteria).catch((error: unknown) => this.logger.warn({ err: error }, 'renewing a user total failed'));
      }
      return kept.total;
    }
    return this.count(key, criteria);
  }

  /** The count under way for this key, or a new one, which keeps its result when large. */
  private count(key: string, criteria: UserCriteria): Promise<number> {
    const underWay = this.counting.get(key);
    if (underWay) return underWay;
    const at = this.clock.now();
    const counted = this.users
      .count(criteria)
      .then((total) => {
        this.keep(key, total, at);
        return total;
      })
      .finally(() => this.counting.delete(key));
    this.counting.set(key, counted);
    return counted;
  }

  private keep(key: string, total: number, at: number): void {
    this.kept.delete(key);
    if (total < KEPT_TOTAL_MIN) return;
    this.kept.set(key, { total, at });
    if (this.kept.size > KEPT_TOTALS_MAX) this.kept.delete(this.kept.keys().next().value as string);
  }
}
