import type { Email } from '../../domain/email.js';
import type { NewUser, User, UserId } from '../../domain/user.js';

/** One page of users in id order, after the given id (keyset pagination). */
export interface UserPageQuery {
  readonly afterId: UserId | null;
  readonly limit: number;
}

/**
 * Where users are kept. Every adapter passes the same contract suite
 * (test/contract/user-repository.contract.ts), so they agree on every edge case.
 * Every change resolves false, and changes nothing, when no user has the id.
 */
export interface UserRepository {
  /** The user with this (normalised) email, or null. */
  findByEmail(email: Email): Promise<User | null>;
  /** The user with this id, or null. */
  findById(id: UserId): Promise<User | null>;
  /** Stores a new user, unverified; rejects with `EmailTakenError` when the email is in use. */
  create(user: NewUser): Promise<User>;
  /** Sets the admin flag. */
  setAdmin(id: UserId, admin: boolean): Promise<boolean>;
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
  /** Removes the user. */
  delete(id: UserId): Promise<boolean>;
  /**
   * How many users have the admin flag. Inside a transaction (`Transactions`) the count
   * holds until the transaction ends: another transaction that counts waits for it.
   */
  countAdmins(): Promise<number>;
  /**
   * Up to `limit` users with an id greater than `afterId`, in ascending id order.
   * Throws a RangeError for a limit that is not a positive integer (`assertPageSize`).
   */
  list(query: UserPageQuery): Promise<User[]>;
}

/** Throws a RangeError unless `limit` is a positive integer: what every adapter's `list` accepts. */
export function assertPageSize(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`page size must be a positive integer: ${limit}`);
}
