import type { PasswordHasher } from '../../../application/shared/ports/password-hasher.js';

/**
 * One password-hashing algorithm. As a PasswordHasher it hashes in its own format and
 * verifies only that format; it also tells its own hashes apart from other formats, so
 * that several algorithms can share one store (UpgradingPasswordHasher).
 */
export interface PasswordHashAlgorithm extends PasswordHasher {
  /** True when `hash` is in this algorithm's format, whatever its parameters and whether or not it is intact. */
  recognises(hash: string): boolean;
  /**
   * Starts making the dummy hash that `verify(password, null)` compares against, on
   * the thread pool, without waiting for it, so that the first check of an unknown
   * user takes no longer than any other. Without it the first such check makes it.
   */
  prepare(): void;
}
