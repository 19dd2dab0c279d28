import type { Redis } from 'ioredis';
import type { UserId } from '../../../domain/shared/user.js';
import {
  latestUseFirst,
  type SessionChange,
  type SessionDevice,
  type SessionRecord,
  type SessionStorage,
} from '../../../application/shared/ports/session-storage.js';
import {
  deviceOf,
  hashOf,
  readHandles,
  readHashes,
  recordOf,
  type SessionHash,
  updateLiveHash,
} from './redis-session-hash.js';
import { GRACE_MS, RedisUserSessions, resultsOf } from './redis-user-sessions.js';

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
    const updated = await updateLiveHash(this.redis, this.sessionKey(id), now, expiresAt, [
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
    return updateLiveHash(this.redis, this.sessionKey(id), now, expiresAt, [['ip', ip]]);
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
    const hashes = await readHashes(this.redis, all.map((id) => this.sessionKey(id)));
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
    const hashes = await readHashes(this.redis, all.map((id) => this.sessionKey(id)));
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
    const handles = await readHandles(this.redis, all.map((id) => this.sessionKey(id)));
    const ended = all.filter((_, n) => handles[n] !== exceptHandle);
    const deleted = ended.length > 0 ? await this.redis.del(...ended.map((id) => this.sessionKey(id))) : 0;
    await this.index.remove(userId, ended);
    return deleted;
  }

  /**
   * Deletes every session hash under the prefix, then every user's index, found with
   * SCAN (an operator's rare act; no request ever scans). A session begun while the
   * scan runs may be left: it is a login after the act.
   */
  async destroyAll(): Promise<number> {
    const ended = await this.deleteMatching(`${globEscaped(this.prefix)}sess:*`);
    await this.deleteMatching(`${globEscaped(this.prefix)}user-sessions:*`);
    await this.deleteMatching(`${globEscaped(this.prefix)}user:*`);
    return ended;
  }

  /**
   * The user's index lists every session id until its absolute expiry, also those that
   * ended idle since (their hash expired, or is past `expiresAt` within the grace
   * minute); so each listed session's own expiry is read and compared with `now`.
   */
  async countOfUser(userId: UserId, now: number): Promise<number> {
    // Each session's own expiry decides, as for the list; counting changes nothing.
    const { all } = await this.index.ids(userId, now);
    const hashes = await readHashes(this.redis, all.map((id) => this.sessionKey(id)));
    return hashes.filter((hash) => recordOf(hash, now)?.userId === userId).length;
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

  /** Deletes the keys matching the glob `pattern`, a batch of SCAN at a time; resolves how many went. */
  private async deleteMatching(pattern: string): Promise<number> {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
      cursor = next;
      if (keys.length > 0) deleted += await this.redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  }

  private sessionKey(id: string): string {
    return `${this.prefix}sess:${id}`;
  }
}

/** How many keys SCAN looks at per call (a hint to Redis, not a bound). */
const SCAN_BATCH = 500;

/** The prefix as a literal in a Redis glob pattern: `*`, `?`, `[`, `]`, `^`, `-` and `\` escaped. */
function globEscaped(text: string): string {
  return text.replace(/[*?[\]^\\-]/g, (char) => `\\${char}`);
}
