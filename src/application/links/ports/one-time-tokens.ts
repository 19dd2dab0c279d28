import type { UserId } from '../../../domain/shared/user.js';
import { storeKey } from '../../shared/ports/transactions.js';

/** What a token emailed to a user lets its holder do, once. */
export type TokenPurpose = 'password-reset' | 'email-verification' | 'email-change' | 'login-code';

/** A token as stored: only a hash of the secret the link carries. Times are epoch milliseconds. */
export interface StoredToken {
  readonly purpose: TokenPurpose;
  readonly userId: UserId;
  /**
   * The normalised address the link was sent to (for `email-change`, the new one), so a
   * use case can refuse a token once the account's address changed; null when unbound.
   */
  readonly newEmail: string | null;
  readonly expiresAt: number;
}

/** A token to store; `tokenHash` comes from `SecretTokens`. */
export interface NewToken extends StoredToken {
  readonly tokenHash: string;
}

/** A user's token as "Download my data" lists it: what it was for, never its hash. */
export interface TokenRecord extends StoredToken {
  /** When the link was followed (epoch ms); null while unused. */
  readonly usedAt: number | null;
}

/**
 * Single-use tokens sent by email (reset, verification, email change, a login code). Only hashes are
 * stored, so a copy of the table opens no account. A token is live while unused and
 * `expiresAt` is after `now`. Every adapter passes test/contract/links/one-time-tokens.contract.ts.
 */
export interface OneTimeTokens {
  /** Stores a token and removes every other token of the same user and purpose (a newer link supersedes). */
  issue(token: NewToken): Promise<void>;
  /** The live token with this hash and purpose, without using it (a page that shows a form). */
  find(purpose: TokenPurpose, tokenHash: string, now: number): Promise<StoredToken | null>;
  /**
   * Uses the live token with this hash and purpose, atomically: of two callers at once
   * only one receives it. Null when it is unknown, used or expired.
   */
  consume(purpose: TokenPurpose, tokenHash: string, now: number): Promise<StoredToken | null>;
  /** Every token of the user still stored (live, used or expired, until purged), the one expiring first first. */
  listOfUser(userId: UserId): Promise<TokenRecord[]>;
  /** Removes the user's tokens, of one purpose or of all; resolves how many. */
  deleteAllOfUser(userId: UserId, purpose?: TokenPurpose): Promise<number>;
  /** Deletes tokens expired or used before `now`; resolves how many. */
  purgeExpired(now: number): Promise<number>;
}

/** The single-use tokens of emailed links, on a transaction. */
export const tokenStore = storeKey<OneTimeTokens>('tokens');
