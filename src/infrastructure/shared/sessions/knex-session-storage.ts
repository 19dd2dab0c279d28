import type { Knex } from 'knex';
import type { UserId } from '../../../domain/shared/user.js';
import { compiledSelect, compiledWrite, LITERAL } from '../../persistence/compiled-query.js';
import { databaseClientOf } from '../../persistence/database.js';
import type {
  SessionChange,
  SessionData,
  SessionDevice,
  SessionRecord,
  SessionStorage,
} from '../../../application/shared/ports/session-storage.js';
import { deviceOf, type DeviceRow, deviceValues, SESSION_DEVICE_COLUMNS } from './knex-session-devices.js';
import { purgeExpiredSessions } from './knex-session-purge.js';

export { PURGE_BATCH_ROWS } from './knex-session-purge.js';

/** pg returns bigint columns as strings (exact beyond 2^53); epoch milliseconds fit a number. */
interface SessionRow extends DeviceRow {
  data: string;
  user_id: number | null;
  expires_at: number | string;
  absolute_expires_at: number | string;
}

/** A session's stored values in column order: id, data, user, the two expiries, then the device's five. */
type InsertArgs = [string, string, number | null, number, number, ...ReturnType<typeof deviceValues>];

/**
 * Sessions in the `sessions` table of the app's own database (SQLite, MySQL or PostgreSQL).
 * Every query goes through the primary key, the user_id index or the expires_at
 * index; an update and a touch only change a live row, never create one.
 */
export class KnexSessionStorage implements SessionStorage {
  /** The lookup of every request with a session cookie, its touch, and the writes of every login, compiled once. */
  private readonly liveRow: (id: string, now: number) => Promise<SessionRow[]>;
  private readonly insertRow: (...args: InsertArgs) => Promise<number>;
  private readonly updateLive: (
    id: string,
    now: number,
    data: string,
    userId: number | null,
    expiresAt: number,
    ip: string,
  ) => Promise<number>;
  private readonly touchLive: (id: string, now: number, expiresAt: number, ip: string) => Promise<number>;
  private readonly deleteRow: (id: string) => Promise<number>;

  /** Which database this is: the purge's batched DELETE is written differently on each. */
  private readonly client: ReturnType<typeof databaseClientOf>;

  constructor(private readonly db: Knex) {
    this.client = databaseClientOf(db);
    this.liveRow = compiledSelect(db, 2, (id, now) =>
      db('sessions')
        .select('data', 'user_id', 'expires_at', 'absolute_expires_at', ...SESSION_DEVICE_COLUMNS)
        .where({ id })
        .andWhere('expires_at', '>', now)
        .limit(1, LITERAL),
    );
    this.insertRow = compiledWrite(db, 10, (id, data, userId, expiresAt, absolute, handle, agent, ip, created, seen) =>
      db('sessions').insert({
        id,
        data,
        user_id: userId,
        expires_at: expiresAt,
        absolute_expires_at: absolute,
        handle,
        user_agent: agent,
        ip,
        created_at: created,
        last_seen_at: seen,
      }),
    );
    // The time of the use is `now`, the same value that decides the row is live.
    this.updateLive = compiledWrite(db, 6, (id, now, data, userId, expiresAt, ip) =>
      db('sessions')
        .where({ id })
        .andWhere('expires_at', '>', now)
        .update({ data, user_id: userId, expires_at: expiresAt, ip, last_seen_at: now }),
    );
    this.touchLive = compiledWrite(db, 4, (id, now, expiresAt, ip) =>
      db('sessions').where({ id }).andWhere('expires_at', '>', now).update({ expires_at: expiresAt, ip, last_seen_at: now }),
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
      device: deviceOf(row),
    };
  }

  async insert(id: string, record: SessionRecord): Promise<void> {
    const { data, userId, expiresAt, absoluteExpiresAt, device } = record;
    await this.insertRow(id, JSON.stringify(data), userId, expiresAt, absoluteExpiresAt, ...deviceValues(device));
  }

  async update(id: string, change: SessionChange, now: number): Promise<boolean> {
    const { data, userId, expiresAt, ip } = change;
    return (await this.updateLive(id, now, JSON.stringify(data), userId, expiresAt, ip)) > 0;
  }

  async touch(id: string, expiresAt: number, now: number, ip: string): Promise<boolean> {
    return (await this.touchLive(id, now, expiresAt, ip)) > 0;
  }

  async destroy(id: string): Promise<void> {
    await this.deleteRow(id);
  }

  async listOfUser(userId: UserId, now: number): Promise<SessionDevice[]> {
    const rows: DeviceRow[] = await this.liveOfUser(userId, now)
      .whereNotNull('handle')
      .select(...SESSION_DEVICE_COLUMNS)
      // Nulls last, written out: every database sorts `IS NULL` false first, while knex's
      // own `nulls: 'last'` on SQLite and MySQL drops the column's order.
      .orderByRaw('last_seen_at IS NULL, last_seen_at DESC, created_at IS NULL, created_at DESC, handle');
    return rows.map((row) => deviceOf(row) as SessionDevice);
  }

  async destroyOfUser(userId: UserId, handle: string, now: number): Promise<boolean> {
    return (await this.liveOfUser(userId, now).andWhere({ handle }).delete()) > 0;
  }

  async destroyAllOfUser(userId: UserId, exceptHandle?: string): Promise<number> {
    const ofUser = this.db('sessions').where({ user_id: userId });
    if (exceptHandle === undefined) return ofUser.delete();
    // A row without a handle is not the one kept: `<>` alone would skip it (NULL).
    return ofUser.andWhere((kept) => kept.whereNull('handle').orWhere('handle', '<>', exceptHandle)).delete();
  }

  async destroyAll(): Promise<number> {
    return this.db('sessions').delete();
  }

  async countOfUser(userId: UserId, now: number): Promise<number> {
    const [row] = await this.db('sessions').count({ n: '*' }).where({ user_id: userId }).andWhere('expires_at', '>', now);
    // pg counts in a bigint, which it returns as a string.
    return Number((row as { n: number | string } | undefined)?.n ?? 0);
  }

  async purgeExpired(now: number): Promise<number> {
    return purgeExpiredSessions(this.db, this.client, now);
  }

  /** The user's live rows, found through the user_id index. */
  private liveOfUser(userId: UserId, now: number): Knex.QueryBuilder {
    return this.db('sessions').where({ user_id: userId }).andWhere('expires_at', '>', now);
  }
}
