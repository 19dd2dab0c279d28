import type { Redis } from 'ioredis';
import type { UserId } from '../../domain/user.js';
import {
  latestUseFirst,
  type SessionChange,
  type SessionDevice,
  type SessionRecord,
  type SessionStorage,
} from '../../application/ports/session-storage.js';
import { deviceOf, hashOf, recordOf, type SessionHash } from './redis-session-hash.js';
import { GRACE_MS, RedisUserSessions, resultsOf } from './redis-user-sessions.js';

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
 * by itself, and a per-user index of session ids (`RedisUserSessions`), so a user's
 * sessions are listed and ended without ever scanning the keyspace.
 */
export class RedisSessionStorage implements SessionStorage {
  private readonly index: RedisUserSessions;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.index = new RedisUserSessions(redis, prefix);
  }

  async find(id: string, now: number): Promise<SessionRecord | null> {
    return recordOf(await this.redis.hgetall(this.sessionKey(id)), now);
  }

  async insert(id: string, record: SessionRecord): Promise<void> {
    const key = this.sessionKey(id);
    const multi = this.redis
      .multi()
      .hset(key, hashOf(record))
      .pexpireat(key, record.expiresAt + GRACE_MS);
    if (record.userId !== null) this.index.add(multi, record.userId, id, record.absoluteExpiresAt);
    await resultsOf(multi);
  }

  async update(id: string, change: SessionChange, now: number): Promise<boolean> {
    const { data, userId, expiresAt, ip } = change;
    const updated = await this.updateLive(id, now, expiresAt, [
      ['data', JSON.stringify(data)],
      ['userId', userId === null ? '' : String(userId)],
      ['ip', ip],
    ]);
    if (updated && userId !== null) {
      // The index only needs to outlive the session; the absolute lifetime bounds it.
      const absolute = Number(await this.redis.hget(this.sessionKey(id), 'absoluteExpiresAt'));
      await resultsOf(this.index.add(this.redis.multi(), userId, id, absolute));
    }
    return updated;
  }

  async touch(id: string, expiresAt: number, now: number, ip: string): Promise<boolean> {
    return this.updateLive(id, now, expiresAt, [['ip', ip]]);
  }

  async destroy(id: string): Promise<void> {
    await this.redis.del(this.sessionKey(id));
  }

  /**
   * Reads each indexed session's hash in one pipeline. Ids whose session is gone leave
   * the index; a live session from before handles existed gets one now (and moves to
   * the sorted set), the counterpart of the SQL migration's backfill.
   */
  async listOfUser(userId: UserId, now: number): Promise<SessionDevice[]> {
    const { all, legacy } = await this.index.ids(userId, now);
    const hashes = await this.hashes(all);
    const devices: SessionDevice[] = [];
    const gone: string[] = [];
    const adopted: { id: string; absoluteExpiresAt: number }[] = [];
    for (const [n, id] of all.entries()) {
      const record = recordOf(hashes[n] ?? {}, now);
      const device = record?.userId === userId ? (record.device ?? (await this.withHandle(id, hashes[n]))) : null;
      if (!record || !device) {
        gone.push(id);
        continue;
      }
      devices.push(device);
      if (legacy.has(id)) adopted.push({ id, absoluteExpiresAt: record.absoluteExpiresAt });
    }
    await this.index.remove(userId, gone);
    await this.index.adopt(userId, adopted);
    return devices.sort(latestUseFirst);
  }

  async destroyOfUser(userId: UserId, handle: string, now: number): Promise<boolean> {
    const { all } = await this.index.ids(userId, now);
    const hashes = await this.hashes(all);
    const n = hashes.findIndex((hash) => {
      const record = recordOf(hash, now);
      return record?.userId === userId && record.device?.handle === handle;
    });
    const id = all[n];
    if (id === undefined) return false;
    const deleted = await this.redis.del(this.sessionKey(id));
    await this.index.remove(userId, [id]);
    return deleted > 0;
  }

  async destroyAllOfUser(userId: UserId, exceptHandle?: string): Promise<number> {
    const { all } = await this.index.ids(userId);
    if (exceptHandle === undefined) {
      const deleted = all.length > 0 ? await this.redis.del(...all.map((id) => this.sessionKey(id))) : 0;
      await this.index.removeAll(userId);
      return deleted;
    }
    const handles = await this.handles(all);
    const ended = all.filter((_, n) => handles[n] !== exceptHandle);
    const deleted = ended.length > 0 ? await this.redis.del(...ended.map((id) => this.sessionKey(id))) : 0;
    await this.index.remove(userId, ended);
    return deleted;
  }

  async purgeExpired(): Promise<number> {
    // Redis expires the keys itself.
    return 0;
  }

  /** The device of a live session that has no handle yet, with a new one; null when it ended meanwhile. */
  private async withHandle(id: string, hash: SessionHash = {}): Promise<SessionDevice | null> {
    const handle = await this.index.ensureHandle(this.sessionKey(id));
    return handle === null ? null : deviceOf({ ...hash, handle });
  }

  private async hashes(ids: readonly string[]): Promise<SessionHash[]> {
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hgetall(this.sessionKey(id));
    return (await resultsOf(pipeline)) as SessionHash[];
  }

  private async handles(ids: readonly string[]): Promise<(string | null)[]> {
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(this.sessionKey(id), 'handle');
    return (await resultsOf(pipeline)) as (string | null)[];
  }

  /** Runs UPDATE_LIVE: moves the idle expiry and notes the use at `now`, besides `fields`. */
  private async updateLive(id: string, now: number, expiresAt: number, fields: [string, string][]): Promise<boolean> {
    const values = [['expiresAt', String(expiresAt)], ['lastSeenAt', String(now)], ...fields].flat();
    const result = await this.redis.eval(
      UPDATE_LIVE,
      1,
      this.sessionKey(id),
      String(now),
      String(expiresAt + GRACE_MS),
      ...values,
    );
    return result === 1;
  }

  private sessionKey(id: string): string {
    return `${this.prefix}sess:${id}`;
  }
}
