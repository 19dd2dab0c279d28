/** One-way password hashing. Implementations must never block the event loop. */
export interface PasswordHasher {
  /** Hashes a password at the configured cost. */
  hash(password: string): Promise<string>;
  /**
   * True when `password` matches `hash`. With a null hash it compares against a
   * fixed dummy hash of the same cost and resolves false, so the time taken does not
   * tell whether a user exists.
   */
  verify(password: string, hash: string | null): Promise<boolean>;
  /** True when `hash` was made at a lower cost than the configured one. */
  needsRehash(hash: string): boolean;
}
