import type { UserId } from '../../domain/user.js';

/** What a session holds (passport's `{ passport: { user } }`, the flash): plain JSON. */
export type SessionData = Record<string, unknown>;

/** One stored session. Times are epoch milliseconds. */
export interface SessionRecord {
  readonly data: SessionData;
  /** The logged-in user, or null for an anonymous session; indexed for `destroyAllOfUser`. */
  readonly userId: UserId | null;
  /** When the session ends unless used again (idle timeout), never after `absoluteExpiresAt`. */
  readonly expiresAt: number;
  /** When the session ends however much it is used (absolute lifetime). */
  readonly absoluteExpiresAt: number;
}

/** A change to a stored session: new data, owner and idle expiry. */
export interface SessionChange {
  readonly data: SessionData;
  readonly userId: UserId | null;
  readonly expiresAt: number;
}

/**
 * Where server-side sessions live, keyed by an opaque id the server generated.
 * Every adapter passes test/contract/session-storage.contract.ts. A record whose
 * `expiresAt` is not after `now` counts as gone, whether or not it was purged yet.
 */
export interface SessionStorage {
  /** The live record with this id at `now`, or null. */
  find(id: string, now: number): Promise<SessionRecord | null>;
  /** Stores a record under a new id. */
  insert(id: string, record: SessionRecord): Promise<void>;
  /**
   * Changes a live record; resolves false and writes nothing when the id is gone
   * (destroyed or expired), so that a late write never brings a session back.
   */
  update(id: string, change: SessionChange, now: number): Promise<boolean>;
  /** Moves the idle expiry of a live record; false when it is gone. */
  touch(id: string, expiresAt: number, now: number): Promise<boolean>;
  /** Removes the record, if any. */
  destroy(id: string): Promise<void>;
  /** Removes every session of this user; resolves how many were live or stored. */
  destroyAllOfUser(userId: UserId): Promise<number>;
  /** How many sessions of this user are live at `now` (through the per-user index, not a scan). */
  countOfUser(userId: UserId, now: number): Promise<number>;
  /** Deletes records expired at `now` (through an index, not a scan); resolves how many. */
  purgeExpired(now: number): Promise<number>;
}
