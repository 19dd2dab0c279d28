import type { Knex } from 'knex';
import type { KnownDevice, KnownDevices } from '../../application/devices/ports/known-devices.js';
import type { UserId } from '../../domain/shared/user.js';
import { compiledSelect } from '../persistence/compiled-query.js';

/** A row of `known_devices` as read; pg returns bigint columns as strings. */
interface DeviceRow {
  device_hash: string;
  first_seen_at: number | string;
  last_seen_at: number | string;
}

/**
 * Known devices in the `known_devices` table of the app's own database. The read of
 * every login is a search of the primary key (user_id, device_hash), compiled once;
 * the purge goes through the last_seen_at index.
 */
export class KnexKnownDevices implements KnownDevices {
  private readonly rowsOfUser: (userId: UserId) => Promise<DeviceRow[]>;

  constructor(private readonly db: Knex) {
    this.rowsOfUser = compiledSelect(db, 1, (userId) =>
      db('known_devices')
        .where({ user_id: userId })
        .select('device_hash', 'first_seen_at', 'last_seen_at'),
    );
  }

  async ofUser(userId: UserId): Promise<KnownDevice[]> {
    const rows = await this.rowsOfUser(userId);
    // Sorted here: an account has a few rows (32 at most), and the statement stays a plain
    // search of the primary key, with no sort in the database.
    return rows
      .map((row) => ({ deviceHash: row.device_hash, firstSeenAt: Number(row.first_seen_at), lastSeenAt: Number(row.last_seen_at) }))
      .sort((a, b) => b.lastSeenAt - a.lastSeenAt);
  }

  async seen(userId: UserId, deviceHash: string, now: number): Promise<void> {
    await this.db('known_devices')
      .insert({ user_id: userId, device_hash: deviceHash, first_seen_at: now, last_seen_at: now })
      .onConflict(['user_id', 'device_hash'])
      .merge(['last_seen_at']);
  }

  async forget(userId: UserId, deviceHashes: readonly string[]): Promise<number> {
    if (deviceHashes.length === 0) return 0;
    return this.db('known_devices').where({ user_id: userId }).whereIn('device_hash', [...deviceHashes]).delete();
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    return this.db('known_devices').where({ user_id: userId }).delete();
  }

  async purgeUnseenSince(cutoff: number): Promise<number> {
    return this.db('known_devices').where('last_seen_at', '<', cutoff).delete();
  }
}
