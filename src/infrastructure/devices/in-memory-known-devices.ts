import type { KnownDevice, KnownDevices } from '../../application/devices/ports/known-devices.js';
import type { UserId } from '../../domain/shared/user.js';

/** A device as kept here: with its user, as the SQL row. */
interface StoredDevice extends KnownDevice {
  readonly userId: UserId;
}

/**
 * Known devices in process memory: for tests and demos. It hands out copies and passes
 * the same contract suite as the Knex adapter.
 */
export class InMemoryKnownDevices implements KnownDevices {
  private devices: StoredDevice[] = [];

  /** How many times `ofUser` was called: the reads a login's device check made. */
  reads = 0;

  async ofUser(userId: UserId): Promise<KnownDevice[]> {
    this.reads += 1;
    return this.devices
      .filter((device) => device.userId === userId)
      .sort((a, b) => b.lastSeenAt - a.lastSeenAt)
      .map(({ deviceHash, firstSeenAt, lastSeenAt }) => ({ deviceHash, firstSeenAt, lastSeenAt }));
  }

  async seen(userId: UserId, deviceHash: string, now: number): Promise<void> {
    const index = this.devices.findIndex((device) => device.userId === userId && device.deviceHash === deviceHash);
    const known = this.devices[index];
    if (known) this.devices[index] = { ...known, lastSeenAt: now };
    else this.devices.push({ userId, deviceHash, firstSeenAt: now, lastSeenAt: now });
  }

  async claim(userId: UserId, deviceHash: string, now: number, staleBefore: number): Promise<boolean> {
    // Checked and written with no await between: of two callers, one wins.
    const index = this.devices.findIndex((device) => device.userId === userId && device.deviceHash === deviceHash);
    const known = this.devices[index];
    if (!known) {
      this.devices.push({ userId, deviceHash, firstSeenAt: now, lastSeenAt: now });
      return true;
    }
    if (known.lastSeenAt >= staleBefore) return false;
    this.devices[index] = { ...known, lastSeenAt: now };
    return true;
  }

  async forget(userId: UserId, deviceHashes: readonly string[]): Promise<number> {
    return this.deleteWhere((device) => device.userId === userId && deviceHashes.includes(device.deviceHash));
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    return this.deleteWhere((device) => device.userId === userId);
  }

  async purgeUnseenSince(cutoff: number): Promise<number> {
    const newest = new Map<number, number>();
    for (const device of this.devices) newest.set(device.userId, Math.max(newest.get(device.userId) ?? 0, device.lastSeenAt));
    return this.deleteWhere((device) => device.lastSeenAt < cutoff && device.lastSeenAt < (newest.get(device.userId) ?? 0));
  }

  /** A copy of everything stored, for `InMemoryTransactions` to roll back to. */
  snapshot(): () => void {
    const copy = [...this.devices];
    return () => {
      this.devices = copy;
    };
  }

  private deleteWhere(matches: (device: StoredDevice) => boolean): number {
    const before = this.devices.length;
    this.devices = this.devices.filter((device) => !matches(device));
    return before - this.devices.length;
  }
}
