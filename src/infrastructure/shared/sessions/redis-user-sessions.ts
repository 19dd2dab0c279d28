import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { UserId } from '../../../domain/shared/user.js';

/** Redis drops a key this long after the app would, so clock skew never ends a session early. */
export const GRACE_MS = 60_000;

/** A MULTI (or pipeline) that commands are queued on. */
export type Queue = ReturnType<Redis['multi']>;

// Gives a hash that still exists a handle unless it has one, atomically, and returns the
// handle; nil when the hash is gone, so that no handle-only hash is ever created.
const ENSURE_HANDLE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSETNX', KEYS[1], 'handle', ARGV[1])
return redis.call('HGET', KEYS[1], 'handle')`;

/** A user's indexed session ids, and those of them found in the set of an earlier version. */
export interface IndexedIds {
  readonly all: readonly string[];
  readonly legacy: ReadonlySet<string>;
}

/**
 * Which sessions each user has, without a scan: a sorted set per user,
 * `<prefix>user-sessions:<userId>`, of session ids scored by their absolute expiry, so
 * members that can no longer be alive are trimmed by score. The key expires with the
 * user's last session. The plain set `<prefix>user:<userId>` of the version before is
 * still read (a session begun then has no handle and sits only there), and emptied as
 * its sessions move to the sorted set; with the sessions it expires by itself.
 */
export class RedisUserSessions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Queues the indexing of session `id` of the user on `queue`. */
  add<T extends Queue>(queue: T, userId: UserId, id: string, absoluteExpiresAt: number): T {
    const key = this.key(userId);
    const until = absoluteExpiresAt + GRACE_MS;
    queue.zadd(key, absoluteExpiresAt, id).pexpireat(key, until, 'GT');
    // A new key has no expiry, so GT would not apply; NX sets the first one.
    queue.pexpireat(key, until, 'NX');
    return queue;
  }

  /** The user's indexed ids; with `now`, those past their absolute expiry are dropped first. */
  async ids(userId: UserId, now?: number): Promise<IndexedIds> {
    const pipeline = this.redis.pipeline();
    if (now !== undefined) pipeline.zremrangebyscore(this.key(userId), '-inf', String(now));
    pipeline.zrange(this.key(userId), 0, '-1').smembers(this.legacyKey(userId));
    const replies = await resultsOf(pipeline);
    const [indexed, legacy] = replies.slice(-2) as [string[], string[]];
    return { all: [...new Set([...indexed, ...legacy])], legacy: new Set(legacy) };
  }

  /** Removes ids from the user's index (both sets); the sessions themselves are left alone. */
  async remove(userId: UserId, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await resultsOf(this.redis.pipeline().zrem(this.key(userId), ...ids).srem(this.legacyKey(userId), ...ids));
  }

  /** Removes the user's whole index. */
  async removeAll(userId: UserId): Promise<void> {
    await this.redis.del(this.key(userId), this.legacyKey(userId));
  }

  /** Moves sessions of the set of the version before into the sorted set. */
  async adopt(userId: UserId, sessions: readonly { id: string; absoluteExpiresAt: number }[]): Promise<void> {
    if (sessions.length === 0) return;
    const multi = this.redis.multi();
    for (const { id, absoluteExpiresAt } of sessions) this.add(multi, userId, id, absoluteExpiresAt);
    multi.srem(this.legacyKey(userId), ...sessions.map(({ id }) => id));
    await resultsOf(multi);
  }

  /**
   * The handle of the session hash at `sessionKey`, given a new random one if it has
   * none (a session begun before handles existed); null when the hash is gone.
   */
  async ensureHandle(sessionKey: string): Promise<string | null> {
    const handle = await this.redis.eval(ENSURE_HANDLE, 1, sessionKey, randomBytes(16).toString('hex'));
    return typeof handle === 'string' ? handle : null;
  }

  private key(userId: UserId): string {
    return `${this.prefix}user-sessions:${userId}`;
  }

  private legacyKey(userId: UserId): string {
    return `${this.prefix}user:${userId}`;
  }
}

/** The replies of a pipeline or MULTI, in order; the first failed command's error is thrown. */
export async function resultsOf(queue: Queue): Promise<unknown[]> {
  const replies = (await queue.exec()) ?? [];
  return replies.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}
