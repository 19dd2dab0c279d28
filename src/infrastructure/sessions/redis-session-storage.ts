import type { Redis } from 'ioredis';
import type { UserId } from '../../domain/user.js';
import type { SessionChange, SessionData, SessionRecord, SessionStorage } from '../../application/ports/session-storage.js';

/** Redis drops a key this long after the app would, so clock skew never ends a session early. */
const GRACE_MS = 60_000;

// Changes a hash only while it exists and has not expired at ARGV[1]: atomic, so a
// write that raced a logout cannot recreate the session.
const UPDATE_LIVE = `
local expires = tonumber(redis.call('HGET', KEYS[1], 'expiresAt'))
if not expires or expires <= tonumber(ARGV[1]) then return 0 end
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1`;

/**
 * Sessions in Redis: one hash per session (`<prefix>sess:<id>`) that Redis expires
 * by itself, and one set per user (`<prefix>user:<id>`) of that user's session ids.
 */
export class RedisSessionStorage implements SessionStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async find(id: string, now: number): Promise<SessionRecord | null> {
    const hash = await this.redis.hgetall(this.sessionKey(id));
    const expiresAt = Number(hash.expiresAt);
    if (hash.data === undefined || !(expiresAt > now)) return null;
    return {
      data: JSON.parse(hash.data) as SessionData,
      userId: hash.userId ? Number(hash.userId) : null,
      expiresAt,
      absoluteExpiresAt: Number(hash.absoluteExpiresAt),
    };
  }

  async insert(id: string, record: SessionRecord): Promise<void> {
    const key = this.sessionKey(id);
    const multi = this.redis
      .multi()
      .hset(key, {
        data: JSON.stringify(record.data),
        userId: record.userId === null ? '' : String(record.userId),
        expiresAt: String(record.expiresAt),
        absoluteExpiresAt: String(record.absoluteExpiresAt),
      })
      .pexpireat(key, record.expiresAt + GRACE_MS);
    if (record.userId !== null) this.index(multi, record.userId, id, record.absoluteExpiresAt);
    await multi.exec();
  }

  async update(id: string, change: SessionChange, now: number): Promise<boolean> {
    const fields = ['data', JSON.stringify(change.data), 'userId', change.userId === null ? '' : String(change.userId)];
    const updated = await this.updateLive(id, now, change.expiresAt, [
      'expiresAt',
      String(change.expiresAt),
      ...fields,
    ]);
    if (updated && change.userId !== null) {
      // The index only needs to outlive the session; the absolute lifetime bounds it.
      const absolute = Number(await this.redis.hget(this.sessionKey(id), 'absoluteExpiresAt'));
      await this.index(this.redis.multi(), change.userId, id, absolute).exec();
    }
    return updated;
  }

  async touch(id: string, expiresAt: number, now: number): Promise<boolean> {
    return this.updateLive(id, now, expiresAt, ['expiresAt', String(expiresAt)]);
  }

  async destroy(id: string): Promise<void> {
    await this.redis.del(this.sessionKey(id));
  }

  async destroyAllOfUser(userId: UserId): Promise<number> {
    const userKey = this.userKey(userId);
    const ids = await this.redis.smembers(userKey);
    const deleted = ids.length > 0 ? await this.redis.del(...ids.map((id) => this.sessionKey(id))) : 0;
    await this.redis.del(userKey);
    return deleted;
  }

  /**
   * The user's index lists every session id until its absolute expiry, also those that
   * ended idle since (their hash expired, or is past `expiresAt` within the grace
   * minute); so each listed session's own expiry is read and compared with `now`.
   */
  async countOfUser(userId: UserId, now: number): Promise<number> {
    const ids = await this.redis.smembers(this.userKey(userId));
    if (ids.length === 0) return 0;
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(this.sessionKey(id), 'expiresAt');
    const answers = (await pipeline.exec()) ?? [];
    return answers.filter(([error, expiresAt]) => {
      if (error) throw error;
      return Number(expiresAt) > now;
    }).length;
  }

  async purgeExpired(): Promise<number> {
    // Redis expires the keys itself.
    return 0;
  }

  private async updateLive(id: string, now: number, expiresAt: number, fields: string[]): Promise<boolean> {
    const result = await this.redis.eval(
      UPDATE_LIVE,
      1,
      this.sessionKey(id),
      String(now),
      String(expiresAt + GRACE_MS),
      ...fields,
    );
    return result === 1;
  }

  private index<T extends ReturnType<Redis['multi']>>(
    multi: T,
    userId: UserId,
    id: string,
    absoluteExpiresAt: number,
  ): T {
    const key = this.userKey(userId);
    multi.sadd(key, id).pexpireat(key, absoluteExpiresAt + GRACE_MS, 'GT');
    // A new set has no expiry, so GT would not apply; NX sets the first one.
    multi.pexpireat(key, absoluteExpiresAt + GRACE_MS, 'NX');
    return multi;
  }

  private sessionKey(id: string): string {
    return `${this.prefix}sess:${id}`;
  }

  private userKey(userId: UserId): string {
    return `${this.prefix}user:${userId}`;
  }
}
