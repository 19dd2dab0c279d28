import type { UserId } from '../../../domain/shared/user.js';
import { storeKey } from '../../shared/ports/transactions.js';

/**
 * A remembered device ("Keep me logged in on this device") as stored. Its cookie holds
 * the selector and a validator; only the validator's SHA-256 is kept, so a copy of the
 * table logs no one in. Times are epoch milliseconds.
 */
export interface RememberToken {
  /** Public name of the token (32 hex) for the sessions page; it opens nothing. */
  readonly handle: string;
  /** What the token is looked up by: random, the cookie's first part. Unique. */
  readonly selector: string;
  /** SHA-256 (hex) of the current validator, the cookie's second part. */
  readonly validatorHash: string;
  /** SHA-256 of the validator before the last rotation: a copy of the older cookie shows theft. */
  readonly previousValidatorHash: string | null;
  /** When the validator last rotated; null until its first use. */
  readonly rotatedAt: number | null;
  readonly userId: UserId;
  /** Public handle of the session the token last started (or of the login that issued it). */
  readonly sessionHandle: string | null;
  readonly createdAt: number;
  readonly lastUsedAt: number;
  /** Fixed at issue: using the token does not prolong it. */
  readonly expiresAt: number;
  /** User-Agent (at most 512 characters) and client address of the latest use. */
  readonly userAgent: string;
  readonly ip: string;
}

/** A token to store: not yet used, so with no previous validator; `lastUsedAt` starts at `createdAt`. */
export type NewRememberToken = Omit<RememberToken, 'previousValidatorHash' | 'rotatedAt' | 'lastUsedAt'>;

/** What a use of the token changes besides the validator. */
export interface RememberRotation {
  /** SHA-256 of the new validator. */
  readonly validatorHash: string;
  /** The session this use starts. */
  readonly sessionHandle: string;
  readonly userAgent: string;
  readonly ip: string;
}

/**
 * Where remembered devices live: always the SQL database, also when sessions are in
 * Redis, as they are credentials that must survive a restart. A token is live while
 * `expiresAt` is after `now`. Every adapter passes test/contract/devices/remember-tokens.contract.ts.
 */
export interface RememberTokens {
  /** Stores a new token; rejects when its selector or handle is taken (never, with random ones). */
  issue(token: NewRememberToken): Promise<void>;
  /** The live token with this selector, or null. */
  find(selector: string, now: number): Promise<RememberToken | null>;
  /**
   * Replaces the validator of the live token with this selector, but only while it is
   * still `fromValidatorHash` (compare and set): of two callers rotating from the same
   * validator, one wins and the other gets false. The old hash becomes the previous
   * one; `rotatedAt` and `lastUsedAt` become `now`.
   */
  rotate(selector: string, fromValidatorHash: string, rotation: RememberRotation, now: number): Promise<boolean>;
  /**
   * Records the one login the previous validator of the live token with this selector
   * gets after a rotation (the grace), but only while it is still `previousValidatorHash`
   * and its grace is unused (compare and set, as `rotate`): of two callers, one wins and
   * the other gets false, as does every later one until the next rotation, which gives
   * its own previous validator a grace of its own. Changes nothing else of the token.
   */
  useGrace(selector: string, previousValidatorHash: string, now: number): Promise<boolean>;
  /** The user's live tokens, the most recently used first. */
  listOfUser(userId: UserId, now: number): Promise<RememberToken[]>;
  /** Deletes the token with this selector if it is the user's; resolves whether there was one. */
  delete(userId: UserId, selector: string): Promise<boolean>;
  /** Deletes the user's token with this public handle; resolves whether there was one. */
  deleteByHandle(userId: UserId, handle: string): Promise<boolean>;
  /** Deletes the user's tokens that last started the session with this handle; resolves how many. */
  deleteBySession(userId: UserId, sessionHandle: string): Promise<number>;
  /** Deletes every token of the user, but the one with `exceptSelector` when given; resolves how many. */
  deleteAllOfUser(userId: UserId, exceptSelector?: string): Promise<number>;
  /** Deletes every token of every user (an operator's "log everyone out"); resolves how many. */
  deleteAll(): Promise<number>;
  /** Deletes tokens expired at `now` (through an index); resolves how many. */
  purgeExpired(now: number): Promise<number>;
}

/** The remembered devices, on a transaction. */
export const rememberTokenStore = storeKey<RememberTokens>('rememberTokens');
