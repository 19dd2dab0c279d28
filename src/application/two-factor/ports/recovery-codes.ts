import type { UserId } from '../../../domain/shared/user.js';
import { storeKey } from '../../shared/ports/transactions.js';

/**
 * Each user's recovery codes, stored as SHA-256 hashes of their normalised form (a
 * new code is 120 random bits, so a fast hash is enough; one of 80 bits made earlier
 * keeps its hash until it is used or its set is replaced). Every adapter passes
 * test/contract/two-factor/two-factor-storage.contract.ts.
 */
export interface RecoveryCodes {
  /** Replaces every code of the user with these hashes, all unused. Run it on a transaction. */
  replace(userId: UserId, hashes: readonly string[]): Promise<void>;
  /**
   * Marks the user's unused code of this hash used at `now`, atomically; resolves
   * false when there is none (wrong, or used already: two racing requests, one true).
   */
  use(userId: UserId, hash: string, now: number): Promise<boolean>;
  /** How many of the user's codes are unused. */
  countUnused(userId: UserId): Promise<number>;
  /** When each of the user's codes was used (epoch ms), or null for each unused one: one entry per code, earliest use first, unused last. */
  usesOfUser(userId: UserId): Promise<(number | null)[]>;
  /** Removes every code of the user; resolves how many. */
  deleteAllOfUser(userId: UserId): Promise<number>;
}

/** Makes recovery codes and hashes them (infrastructure/security/crypto-recovery-codes.ts). */
export interface RecoveryCodeSecrets {
  /** A new code from the CSPRNG, normalised (RECOVERY_CODE_LENGTH characters of RECOVERY_CODE_ALPHABET). */
  create(): string;
  /** The stored form of a normalised code: SHA-256, hex. */
  hashOf(code: string): string;
}

/** The recovery codes, on a transaction. */
export const recoveryCodeStore = storeKey<RecoveryCodes>('recoveryCodes');
