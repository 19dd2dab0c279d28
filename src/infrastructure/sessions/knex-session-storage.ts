import type { Knex } from 'knex';
import type { UserId } from '../../domain/user.js';
import { compiledSelect, compiledWrite, LITERAL } from '../persistence/compiled-query.js';
import { databaseClientOf } from '../persistence/database.js';
import type { SessionChange, SessionData, SessionRecord, SessionStorage } from '../../application/ports/session-storage.js';

/** pg returns bigint columns as strings (exact beyond 2^53); epoch milliseconds fit a number. */
interface SessionRow {
  data: string;
  user_id: number | null;
  expires_at: number | string;
  absolute_expires_at: number | string;
}

/** Rows one purge statement deletes at most: a few milliseconds of work on SQLite. */
export const PURGE_BATCH_ROWS = 250;

/**
 * Sessions in the `sessions` table of the app's own database (SQLite, MySQL or PostgreSQL).
 * Every query goes through the primary key, the user_id index or the expires_at
 * index; an update and a touch only change a live row, never create one.
 */
export class KnexSessionStorage implements SessionStorage {
  /** The lookup of every request with a session cookie and the writes of every login, compiled once. */
  private readonly liveRow: (id: string, now: number) => Promise<SessionRow[]>;
  private readonly insertRow: (
    id: string,
    data: string,
    userId: number | null,
    expiresAt: number,
    absoluteExpiresAt: number,
  ) => Promise<number>;
  private readonly updateLive: (
    id: string,
    now: number,
    data: string,
    userId: number | null,
    expiresAt: number,
  ) => Promise<number>;
  private readonly deleteRow: (id: string) => Promise<number>;

  /** Which database this is: the batched DELETE is written differently on each. */
  private readonly client: ReturnType<typeof databaseClientOf>;

  constructor(private readonly db: Knex) {
    this.client = databaseClientOf(db);
    this.liveRow = compiledSelect(db, 2, (id, now) =>
      db('sessions')
        .select('data', 'user_id', 'expires_at', 'absolute_expires_at')
        .where({ id })
        .andWhere('expires_at', '>', now)
        .limit(1, LITERAL),
    );
    this.insertRow = compiledWrite(db, 5, (id, data, userId, expiresAt, absoluteExpiresAt) =>
      db('sessions').insert({
        id,
        data,
        user_id: userId,
        expires_at: expiresAt,
        absolute_expires_at: absoluteExpiresAt,
      }),
    );
    this.updateLive = compiledWrite(db, 5, (id, now, data, userId, expiresAt) =>
      db('sessions').where({ id }).andWhere('expires_at', '>', now).update({ data, user_id: userId, expires_at: expiresAt }),
    );
    this.deleteRow = compiledWrite(db, 1, (id) => db('sessions').where({ id }).delete());
  }

  async find(id: string, now: number): Promise<SessionRecord | null> {
    const [row] = await this.liveRow(id, now);
    if (!row) return null;
    return {
      data: JSON.parse(row.data) as SessionData,
      userId: row.user_id === null ? null : Number(row.user_id),
      expiresAt: Number(row.expires_at),
      absoluteExpiresAt: Number(row.absolute_expires_at),
    };
  }

  async insert(id: string, record: SessionRecord): Promise<void> {
    await this.insertRow(id, JSON.stringify(record.data), record.userId, record.expiresAt, record.absoluteExpiresAt);
  }

  async update(id: string, change: SessionChange, now: number): Promise<boolean> {
    return (await this.updateLive(id, now, JSON.stringify(change.data), change.userId, change.expiresAt)) > 0;
  }

  async touch(id: string, expiresAt: number, now: number): Promise<boolean> {
    return (await this.live(id, now).update({ expires_at: expiresAt })) > 0;
  }

  async destroy(id: string): Promise<void> {
    await this.deleteRow(id);
  }

  async destroyAllOfUser(userId: UserId): Promise<number> {
    return this.db('sessions').where({ user_id: userId }).delete();
  }

  async countOfUser(userId: UserId, now: number): Promise<number> {
    const [row] = await this.db('sessions').count({ n: '*' }).where({ user_id: userId }).andWhere('expires_at', '>', now);
    // pg counts in a bigint, which it returns as a string.
    return Number((row as { n: number | string } | undefined)?.n ?? 0);
  }

  /**
   * Deletes in batches of `PURGE_BATCH_ROWS`, letting the event loop run between them:
   * on SQLite each statement runs on the main thread, and on a server one statement over
   * a million rows would outlast the statement time limit and hold its locks throughout.
   */
  async purgeExpired(now: number): Promise<number> {
    let purged = 0;
    for (;;) {
      const deleted = await this.purgeBatch(now);
      purged += deleted;
      if (deleted < PURGE_BATCH_ROWS) return purged;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private purgeBatch(now: number): Promise<number> {
    const expired = this.db('sessions').where('expires_at', '<=', now);
    // MySQL takes a LIMIT on DELETE but not in an IN subquery; PostgreSQL the reverse.
    // SQLite picks the rows by rowid, which it finds without a second index look-up.
    if (this.client === 'mysql') return expired.limit(PURGE_BATCH_ROWS).delete();
    const key = this.client === 'sqlite' ? 'rowid' : 'id';
    return this.db('sessions')
      .whereIn(key, expired.select(key).limit(PURGE_BATCH_ROWS))
      .delete();
  }

  private live(id: string, now: number): Knex.QueryBuilder {
    return this.db('sessions').where({ id }).andWhere('expires_at', '>', now);
  }
}
