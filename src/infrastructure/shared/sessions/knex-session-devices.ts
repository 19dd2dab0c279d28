import type { SessionDevice } from '../../../application/shared/ports/session-storage.js';

/** The columns of a session's device, in the order `deviceValues` gives them. */
export const SESSION_DEVICE_COLUMNS = ['handle', 'user_agent', 'ip', 'created_at', 'last_seen_at'] as const;

/** A session row's device columns as the drivers return them (pg gives bigints as strings). */
export interface DeviceRow {
  handle: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: number | string | null;
  last_seen_at: number | string | null;
}

/** The device a row stores; none without a handle (an anonymous session). */
export function deviceOf(row: DeviceRow): SessionDevice | null {
  if (row.handle === null) return null;
  return {
    handle: row.handle,
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: row.created_at === null ? null : Number(row.created_at),
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
  };
}

/** The values of `SESSION_DEVICE_COLUMNS` for a device, all null for none. */
export function deviceValues(
  device: SessionDevice | null,
): [string | null, string | null, string | null, number | null, number | null] {
  if (!device) return [null, null, null, null, null];
  return [device.handle, device.userAgent, device.ip, device.createdAt, device.lastSeenAt];
}
