import type { Email } from '../../../domain/shared/email.js';
import type { NewUser, User, UserId } from '../../../domain/shared/user.js';

/** The users a filter keeps: administrators, unverified addresses, locked accounts. */
export type UserFilter = 'admins' | 'unverified' | 'locked';

/** Every value of `UserFilter`, for the pages and commands that read one. */
export const USER_FILTERS: readonly UserFilter[] = ['admins', 'unverified', 'locked'];

/**
 * A search of users by email: `text` is lower-case and holds only characters an address
 * may hold (`isEmailFragment`); `prefix` finds the addresses that start with it (through
 * the email index), `substring` those that contain it anywhere. `%`, `_` and `\` are
 * plain characters, never wildcards.
 */
export interface EmailSearch {
  readonly text: string;
  readonly match: 'prefix' | 'substring';
}

/** Which users a count or a page is about: all of them when both are null. */
export interface UserCriteria {
  readonly filter: UserFilter | null;
  readonly search: EmailSearch | null;
}

/** One page of users in id order, after the given id (keyset pagination), optionally filtered. */
export interface UserPageQuery {
  readonly afterId: UserId | null;
  readonly limit: number;
  readonly filter?: UserFilter | null;
}

/** One page of a search, in email order, after the given email (keyset pagination). */
export interface UserSearchQuery {
  readonly search: EmailSearch;
  readonly filter: UserFilter | null;
  readonly afterEmail: string | null;
  readonly limit: number;
}

/**
 * Where users are kept. Every adapter passes the same contract suite
 * (test/contract/shared/user-repository.contract.ts), so they agree on every edge case.
 * Every change resolves false, and changes nothing, when no user has the id.
 */
export interface UserRepository {
  /** The user with this (normalised) email, or null. */
  findByEmail(email: Email): Promise<User | null>;
  /** The user with this id, or null. */
  findById(id: UserId): Promise<User | null>;
  /**
   * The user with this id, or null; inside a transaction their row stays locked until it
   * ends, so that two transactions changing one user's second factors run one after the
   * other, and the second sees what the first left.
   */
  findByIdForUpdate(id: UserId): Promise<User | null>;
  /** Stores a new user, unverified; rejects with `EmailTakenError` when the email is in use. */
  create(user: NewUser): Promise<User>;
  /** Sets the admin flag. */
  setAdmin(id: UserId, admin: boolean): Promise<boolean>;
  /** Locks (keeping the time of a lock already set) or unlocks the user. */
  setLocked(id: UserId, locked: boolean): Promise<boolean>;
  /**
   * Records a successful login as the last one, unless the user is locked: resolves
   * false then (and for an unknown id), so that a lock set while the password was being
   * checked still refuses that login.
   */
  recordLogin(id: UserId): Promise<boolean>;
  /** Replaces the stored hash (a new password, or a rehash at a new cost). */
  updatePasswordHash(id: UserId, passwordHash: string): Promise<boolean>;
  /** Marks the email verified (its owner followed a link sent to it). */
  markEmailVerified(id: UserId): Promise<boolean>;
  /**
   * Replaces the email with one its owner proved, so it is verified; rejects with
   * `EmailTakenError` when another user has it.
   */
  changeEmail(id: UserId, email: Email): Promise<boolean>;
  /** Replaces the phone number (null: none). */
  changePhone(id: UserId, phone: string | null): Promise<boolean>;
  /** Replaces the chosen language, a locale code (null: none chosen). */
  changeLocale(id: UserId, locale: string | null): Promise<boolean>;
  /** Removes the user. */
  delete(id: UserId): Promise<boolean>;
  /**
   * How many administrators can log in: users with the admin flag who are not locked.
   * Inside a transaction (`Transactions`) the count holds until the transaction ends:
   * another transaction that counts waits for it.
   */
  countAdmins(): Promise<number>;
  /**
   * Up to `limit` users with an id greater than `afterId` that pass the filter, in
   * ascending id order. Throws a RangeError for a limit that is not a positive integer
   * (`assertPageSize`).
   */
  list(query: UserPageQuery): Promise<User[]>;
  /**
   * Up to `limit` users whose email matches the search and is greater than
   * `afterEmail`, that pass the filter, in ascending email order. Throws a RangeError
   * for a bad limit, as `list` does.
   */
  search(query: UserSearchQuery): Promise<User[]>;
  /** How many users meet the criteria. */
  count(criteria: UserCriteria): Promise<number>;
}

/** Throws a RangeError unless `limit` is a positive integer: what every adapter's `list` accepts. */
export function assertPageSize(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`page size must be a positive integer: ${limit}`);
}
