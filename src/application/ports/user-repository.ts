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
 */
export interface UserRepository {
  /** The user with this (normalised) email, or null. */
  findByEmail(email: Email): Promise<User | null>;
  /** The user with this id, or null. */
  findById(id: UserId): Promise<User | null>;
  /** Stores a new user; rejects with `EmailTakenError` when the email is in use. */
  create(user: NewUser): Promise<User>;
  /** Sets the admin flag; resolves false when no user has this id. */
  setAdmin(id: UserId, admin: boolean): Promise<boolean>;
  /** Replaces the stored hash (a rehash at a new cost); false when no such user. */
  updatePasswordHash(id: UserId, passwordHash: string): Promise<boolean>;
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
