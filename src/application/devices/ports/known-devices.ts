import type { UserId } from '../../../domain/shared/user.js';
import { storeKey } from '../../shared/ports/transactions.js';

/**
 * A device an account has logged in on, known by the SHA-256 of its device cookie's
 * random value (the cookie itself is never stored, so a copy of the table names no
 * browser). Times are epoch milliseconds.
 */
export interface KnownDevice {
  /** SHA-256 (hex) of the device cookie's value. */
  readonly deviceHash: string;
  readonly firstSeenAt: number;
  readonly lastSeenAt: number;
}

/**
 * The devices of each account, for the new-device alert: always in the app's database.
 * Every adapter passes test/contract/devices/known-devices.contract.ts.
 */
export interface KnownDevices {
  /**
   * Every device of the user, the most recently seen first: one read through the
   * primary key (user_id, device_hash). A login's device check reads nothing else.
   */
  ofUser(userId: UserId): Promise<KnownDevice[]>;
  /**
   * The user logged in on this device at `now`: adds it (first and last seen `now`), or,
   * when the user has it already, moves its last sight to `now`. Two callers at once
   * both succeed.
   */
  seen(userId: UserId, deviceHash: string, now: number): Promise<void>;
  /**
   * Makes the device known to the user at `now` unless it already is, seen at or after
   * `staleBefore`: adds it, or moves the last sight of one unseen since before then.
   * Resolves whether this call did (compare and set): of two callers at once, one gets
   * true, so a device is alerted about once.
   */
  claim(userId: UserId, deviceHash: string, now: number, staleBefore: number): Promise<boolean>;
  /** Forgets these devices of the user (the least recently seen, past the cap); resolves how many. */
  forget(userId: UserId, deviceHashes: readonly string[]): Promise<number>;
  /** Forgets every device of the user (the account is deleted); resolves how many. */
  deleteAllOfUser(userId: UserId): Promise<number>;
  /**
   * Forgets the devices last seen before `cutoff` (through an index), but each account's
   * most recently seen one, which marks the account as one whose devices are known: a
   * dormant account's next login is a new device, and alerts. Resolves how many.
   */
  purgeUnseenSince(cutoff: number): Promise<number>;
}

/** The known devices, on a transaction. */
export const knownDeviceStore = storeKey<KnownDevices>('knownDevices');
