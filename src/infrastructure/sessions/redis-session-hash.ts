import type { SessionData, SessionDevice, SessionRecord } from '../../application/ports/session-storage.js';

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
