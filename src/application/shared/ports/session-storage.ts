import type { UserId } from '../../../domain/shared/user.js';

/** What a session holds (passport's `{ passport: { user } }`, the flash): plain JSON. */
export type SessionData = Record<string, unknown>;

/**
 * The device a logged-in session was opened on, and its latest use: what the sessions
 * page shows. A session stored before these were kept has a handle and nulls.
 */
export interface SessionDevice {
  /** The session's public handle (random, 32 hex characters): the page names the session by it, never by its id. */
  readonly handle: string;
  /** The User-Agent at login, as stored (bounded in length); null when not known. */
  readonly userAgent: string | null;
  /** The client address of the latest use (at first, of the login); null when not known. */
  readonly ip: string | null;
  /** When the session began (the login), epoch milliseconds; null when not known. */
  readonly createdAt: number | null;
  /** When it was last used, to a minute (the idle expiry moves at most once a minute); null when not known. */
  readonly lastSeenAt: number | null;
}

/** One stored session. Times are epoch milliseconds. */
export interface SessionRecord {
  readonly data: SessionData;
  /** The logged-in user, or null for an anonymous session; indexed for the per-user methods. */
  readonly userId: UserId | null;
  /** When the session ends unless used again (idle timeout), never after `absoluteExpiresAt`. */
  readonly expiresAt: number;
  /** When the session ends however much it is used (absolute lifetime). */
  readonly absoluteExpiresAt: number;
  /**
   * The device of a session with a public handle (a login's, which may be stored a
   * moment before its user id); null for an anonymous one.
   */
  readonly device: SessionDevice | null;
}

/** A change to a stored session: new data, owner and idle expiry, and the client address of this use. */
export interface SessionChange {
  readonly data: SessionData;
  readonly userId: UserId | null;
  readonly expiresAt: number;
  /** Stored as the device's address, with `now` as its last use. */
  readonly ip: string;
}

/**
 * Where server-side sessions live, keyed by an opaque id the server generated.
 * Every adapter passes test/contract/shared/session-storage.contract.ts. A record whose
 * `expiresAt` is not after `now` counts as gone, whether or not it was purged yet.
 */
export interface SessionStorage {
  /** The live record with this id at `now`, or null. */
  find(id: string, now: number): Promise<SessionRecord | null>;
  /** Stores a record under a new id. */
  insert(id: string, record: SessionRecord): Promise<void>;
  /**
   * Changes a live record, and notes its use at `now` from `change.ip` on its device;
   * resolves false and writes nothing when the id is gone (destroyed or expired), so
   * that a late write never brings a session back.
   */
  update(id: string, change: SessionChange, now: number): Promise<boolean>;
  /** Moves the idle expiry of a live record and notes its use at `now` from `ip`; false when it is gone. */
  touch(id: string, expiresAt: number, now: number, ip: string): Promise<boolean>;
  /** Removes the record, if any. */
  destroy(id: string): Promise<void>;
  /**
   * The devices of the user's sessions live at `now`, most recently used first (those
   * never seen since the upgrade last). Never their ids: a handle names each one.
   */
  listOfUser(userId: UserId, now: number): Promise<SessionDevice[]>;
  /**
   * Ends the user's session with this handle; resolves false, changing nothing, when no
   * session of this user that is live at `now` has it (another user's, ended, unknown).
   */
  destroyOfUser(userId: UserId, handle: string, now: number): Promise<boolean>;
  /**
   * Removes every session of this user, but the one with `exceptHandle` when given;
   * resolves how many were live or stored.
   */
  destroyAllOfUser(userId: UserId, exceptHandle?: string): Promise<number>;
  /**
   * Removes every session of every user, anonymous ones too (an operator's "log everyone
   * out"); resolves how many were stored.
   */
  destroyAll(): Promise<number>;
  /** How many sessions of this user are live at `now` (through the per-user index, not a scan). */
  countOfUser(userId: UserId, now: number): Promise<number>;
  /** Deletes records expired at `now` (through an index, not a scan); resolves how many. */
  purgeExpired(now: number): Promise<number>;
}

/**
 * The order of `listOfUser`, for adapters that sort in memory: latest use first, then
 * latest login, a null (not known) after every time; the handle breaks a tie.
 */
export function latestUseFirst(a: SessionDevice, b: SessionDevice): number {
  return (
    newestFirst(a.lastSeenAt, b.lastSeenAt) ||
    newestFirst(a.createdAt, b.createdAt) ||
    (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0)
  );
}

function newestFirst(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}
