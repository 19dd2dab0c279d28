import type { Knex } from 'knex';
import type { AttemptCounter, AttemptWindow } from '../../../application/shared/ports/attempt-counter.js';
import { compiledSelect, compiledWrite, LITERAL } from '../../persistence/compiled-query.js';
import { hashKey } from './hash-key.js';

const TABLE = 'attempt_counters';

/** Expired rows are purged once per this many increments (by the `resets_at` index). */
const PURGE_EVERY = 200;

/** pg returns the bigint `resets_at` as a string; `toWindow` makes numbers of both. */
interface Row {
  attempts: number | string;
  resets_at: number | string;
}

/**
 * Attempt windows in a table of the app's database (SQLite, MySQL or PostgreSQL), so
 * that every process sees the same counts. One upsert counts an attempt atomically on
 * each: `on conflict … do update` on SQLite and PostgreSQL, `on duplicate key update`
 * on MySQL.
 */
export class KnexAttemptCounter implements AttemptCounter {
  private increments = 0;

  /** The statements of every login and sign-up attempt, compiled once. */
  private readonly openWindow: (keyHash: string, now: number) => Promise<Row[]>;
  private readonly window: (keyHash: string) => Promise<Row[]>;
  private readonly upsert: (keyHash: string, resetsAt: number, now: number) => Promise<number>;
  private readonly refund: (keyHash: string, now: number) => Promise<number>;
  private readonly remove: (keyHash: string) => Promise<number>;

  constructor(private readonly db: Knex) {
    this.openWindow = compiledSelect(db, 2, (keyHash, now) =>
      db(TABLE).select('attempts', 'resets_at').where('key_hash', keyHash).andWhere('resets_at', '>', now).limit(1, LITERAL),
    );
    this.window = compiledSelect(db, 1, (keyHash) =>
      db(TABLE).select('attempts', 'resets_at').where('key_hash', keyHash).limit(1, LITERAL),
    );
    this.upsert = compiledWrite(db, 3, (keyHash, resetsAt, now) => {
      const expired = db.raw('?? <= ?', [`${TABLE}.resets_at`, now]);
      // Both expressions read the row as it was: a window that ended starts over at 1.
      return db(TABLE)
        .insert({ key_hash: keyHash, attempts: 1, resets_at: resetsAt })
        .onConflict('key_hash')
        .merge({
          attempts: db.raw(`case when ? then 1 else ?? + 1 end`, [expired, `${TABLE}.attempts`]),
          resets_at: db.raw(`case when ? then ? else ?? end`, [expired, resetsAt, `${TABLE}.resets_at`]),
        });
    });
    // One conditional update: atomic, and never below 0 or into an ended window.
    this.refund = compiledWrite(db, 2, (keyHash, now) =>
      db(TABLE).where('key_hash', keyHash).andWhere('resets_at', '>', now).andWhere('attempts', '>', 0).decrement('attempts', 1),
    );
    this.remove = compiledWrite(db, 1, (keyHash) => db(TABLE).where('key_hash', keyHash).delete());
  }

  async get(key: string, now: number): Promise<AttemptWindow | null> {
    const [row] = await this.openWindow(hashKey(key), now);
    return row ? toWindow(row) : null;
  }

  async increment(key: string, windowMs: number, now: number): Promise<AttemptWindow> {
    if (++this.increments % PURGE_EVERY === 0) await this.db(TABLE).where('resets_at', '<=', now).delete();
    const keyHash = hashKey(key);
    await this.upsert(keyHash, now + windowMs, now);
    const [row] = await this.window(keyHash);
    if (!row) throw new Error('attempt counter row vanished after its upsert');
    return toWindow(row);
  }

  async decrement(key: string, now: number): Promise<void> {
    await this.refund(hashKey(key), now);
  }

  async reset(key: string): Promise<void> {
    await this.remove(hashKey(key));
  }
}

function toWindow(row: Row): AttemptWindow {
  return { count: Number(row.attempts), resetsAt: Number(row.resets_at) };
}
