import type { Knex } from 'knex';
import type { UserId } from '../../domain/user.js';
import { compiledSelect } from '../persistence/compiled-query.js';
import type { SessionChange, SessionData, SessionRecord, SessionStorage } from './session-storage.js';

interface SessionRow {
  data: string;
  user_id: number | null;
  expires_at: number | string;
  absolute_expires_at: number | string;
}

/**
 * Sessions in the `sessions` table of the app's own database (SQLite or MySQL).
 * Every query goes through the primary key, the user_id index or the expires_at
 * index; an update and a touch only change a live row, never create one.
 */
export class KnexSessionStorage implements SessionStorage {
  /** The lookup of every request with a session cookie, compiled once. */
  private readonly liveRow: (id: string, now: number) => Promise<SessionRow[]>;

  constructor(private readonly db: Knex) {
    this.liveRow = compiledSelect(db, 2, (id, now) =>
      db('sessions').first('data', 'user_id', 'expires_at', 'absolute_expires_at').where({ id }).andWhere('expires_at', '>', now),
    );
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
    await this.db('sessions').insert({
      id,
      data: JSON.stringify(record.data),
      user_id: record.userId,
      expires_at: record.expiresAt,
      absolute_expires_at: record.absoluteExpiresAt,
    });
  }

  async update(id: string, change: SessionChange, now: number): Promise<boolean> {
    const count = await this.live(id, now).update({
      data: JSON.stringify(change.data),
      user_id: change.userId,
      expires_at: change.expiresAt,
    });
    return count > 0;
  }

  async touch(id: string, expiresAt: number, now: number): Promise<boolean> {
    return (await this.live(id, now).update({ expires_at: expiresAt })) > 0;
  }

  async destroy(id: string): Promise<void> {
    await this.db('sessions').where({ id }).delete();
  }

  async destroyAllOfUser(userId: UserId): Promise<number> {
    return this.db('sessions').where({ user_id: userId }).delete();
  }

  async purgeExpired(now: number): Promise<number> {
    return this.db('sessions').where('expires_at', '<=', now).delete();
  }

  private live(id: string, now: number): Knex.QueryBuilder {
    return this.db('sessions').where({ id }).andWhere('expires_at', '>', now);
  }
}
