import type { Redis } from 'ioredis';
import type { SessionData, SessionDevice, SessionRecord } from '../../../application/shared/ports/session-storage.js';
import { GRACE_MS, resultsOf } from './redis-user-sessions.js';

/** A session's Redis hash as HGETALL returns it: absent fields are missing, never null. */
export type SessionHash = Record<string, string>;

/** The record a hash holds when it is live at `now`, else null (gone, expired, or not a session). */
export function recordOf(hash: SessionHash, now: number): SessionRecord | null {
  const expiresAt = Number(hash.expiresAt);
  if (hash.data === undefined || !(expiresAt > now)) return null;
  return {
    data: JSON.parse(hash.data) as SessionData,
    userId: hash.userId ? Number(hash.userId) : null,
    expiresAt,
    absoluteExpiresAt: Number(hash.absoluteExpiresAt),
    device: deviceOf(hash),
  };
}

/** The device a hash holds; none without a handle (anonymous, or stored before devices were kept). */
export function deviceOf(hash: SessionHash): SessionDevice | null {
  if (hash.handle === undefined) return null;
  return {
    handle: hash.handle,
    userAgent: hash.userAgent ?? null,
    ip: hash.ip ?? null,
    createdAt: hash.createdAt === undefined ? null : Number(hash.createdAt),
    lastSeenAt: hash.lastSeenAt === undefined ? null : Number(hash.lastSeenAt),
  };
}

/** The hash fields of a record; a device's unknown values are left out. */
export function hashOf(record: SessionRecord): SessionHash {
  const hash: SessionHash = {
    data: JSON.stringify(record.data),
    userId: record.userId === null ? '' : String(record.userId),
    expiresAt: String(record.expiresAt),
    absoluteExpiresAt: String(record.absoluteExpiresAt),
  };
  const { device } = record;
  if (!device) return hash;
  hash.handle = device.handle;
  if (device.userAgent !== null) hash.userAgent = device.userAgent;
  if (device.ip !== null) hash.ip = device.ip;
  if (device.createdAt !== null) hash.createdAt = String(device.createdAt);
  if (device.lastSeenAt !== null) hash.lastSeenAt = String(device.lastSeenAt);
  return hash;
}

// Changes a hash only while it exists and has not expired at ARGV[1]: atomic, so a
// write that raced a logout cannot recreate the session.
const UPDATE_LIVE = `
local expires = tonumber(redis.call('HGET', KEYS[1], 'expiresAt'))
if not expires or expires <= tonumber(ARGV[1]) then return 0 end
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1`;

/**
 * Moves the idle expiry of the session hash at `key` while it is live at `now`, notes
 * its use then, and sets `fields`; resolves false, writing nothing, when it is gone.
 */
export async function updateLiveHash(
  redis: Redis,
  key: string,
  now: number,
  expiresAt: number,
  fields: [string, string][],
): Promise<boolean> {
  const values = [['expiresAt', String(expiresAt)], ['lastSeenAt', String(now)], ...fields].flat();
  const result = await redis.eval(UPDATE_LIVE, 1, key, String(now), String(expiresAt + GRACE_MS), ...values);
  return result === 1;
}

/** The hashes at `keys`, in one pipeline; an empty one for a key that is gone. */
export async function readHashes(redis: Redis, keys: readonly string[]): Promise<SessionHash[]> {
  if (keys.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const key of keys) pipeline.hgetall(key);
  return (await resultsOf(pipeline)) as SessionHash[];
}

/** The handle of each session hash at `keys`, in one pipeline; null where there is none. */
export async function readHandles(redis: Redis, keys: readonly string[]): Promise<(string | null)[]> {
  if (keys.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const key of keys) pipeline.hget(key, 'handle');
  return (await resultsOf(pipeline)) as (string | null)[];
}
