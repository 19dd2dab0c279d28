import type { Knex } from 'knex';
import type { KnownDevice, KnownDevices } from '../../application/devices/ports/known-devices.js';
import type { UserId } from '../../domain/shared/user.js';
import { compiledSelect, compiledWrite } from '../persistence/compiled-query.js';

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
/** Rows deleted per statement of a purge. */
const PURGE_BATCH = 500;

export class KnexKnownDevices implements KnownDevices {
  private readonly rowsOfUser: (userId: UserId) => Promise<DeviceRow[]>;
  /** The compare and set of `claim`: an insert that a present row makes do nothing, and an update of a stale row only. */
  private readonly insertNew: (userId: UserId, deviceHash: string, firstSeenAt: number, lastSeenAt: number) => Promise<number>;
  private readonly moveStale: (userId: UserId, deviceHash: string, staleBefore: number, now: number) => Promise<number>;

  constructor(private readonly db: Knex) {
    this.rowsOfUser = compiledSelect(db, 1, (userId) =>
      db('known_devices')
        .where({ user_id: userId })
        .select('device_hash', 'first_seen_at', 'last_seen_at'),
    );
    this.insertNew = compiledWrite(db, 4, (userId, deviceHash, firstSeenAt, lastSeenAt) =>
      db('known_devices')
        .insert({ user_id: userId, device_hash: deviceHash, first_seen_at: firstSeenAt, last_seen_at: lastSeenAt })
        .onConflict(['user_id', 'device_hash'])
        .ignore(),
    );
    this.moveStale = compiledWrite(db, 4, (userId, deviceHash, staleBefore, now) =>
      db('known_devices')
        .where({ user_id: userId, device_hash: deviceHash })
        .andWhere('last_seen_at', '<', staleBefore)
        .update({ last_seen_at: now }),
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

  async claim(userId: UserId, deviceHash: string, now: number, staleBefore: number): Promise<boolean> {
    if ((await this.insertNew(userId, deviceHash, now, now)) > 0) return true;
    return (await this.moveStale(userId, deviceHash, staleBefore, now)) > 0;
  }

  async forget(userId: UserId, deviceHashes: readonly string[]): Promise<number> {
    if (deviceHashes.length === 0) return 0;
    return this.db('known_devices').where({ user_id: userId }).whereIn('device_hash', [...deviceHashes]).delete();
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    return this.db('known_devices').where({ user_id: userId }).delete();
  }

  async purgeUnseenSince(cutoff: number): Promise<number> {
    let purged = 0;
    for (;;) {
      // Stale rows of accounts that have a device seen later: each account's newest row stays.
      const stale: { user_id: number; device_hash: string }[] = await this.db('known_devices as stale')
        .join('known_devices as newer', function () {
          this.on('newer.user_id', '=', 'stale.user_id').andOn('newer.last_seen_at', '>', 'stale.last_seen_at');
        })
        .where('stale.last_seen_at', '<', cutoff)
        .distinct('stale.user_id', 'stale.device_hash')
        .limit(PURGE_BATCH);
      if (stale.length === 0) return purged;
      purged += await this.db('known_devices')
        .whereIn(['user_id', 'device_hash'], stale.map((row) => [row.user_id, row.device_hash]))
        .delete();
      if (stale.length < PURGE_BATCH) return purged;
    }
  }
}
