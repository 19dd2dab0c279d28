/** One-way password hashing. Implementations must never block the event loop. */
export interface PasswordHasher {
  /** Hashes a password with the configured algorithm and cost. */
  hash(password: string): Promise<string>;
  /**
   * True when `password` matches `hash`, whichever supported algorithm made the hash
   * (a store may hold hashes of an algorithm configured earlier). False, never a
   * rejection, for a hash that is damaged or of no supported algorithm. With a null
   * hash it compares against a fixed dummy hash of the configured algorithm and cost
   * and resolves false, so the time taken does not tell whether a user exists.
   */
  verify(password: string, hash: string | null): Promise<boolean>;
  /** True when `hash` is of another algorithm than the configured one, or of a lower cost. */
  needsRehash(hash: string): boolean;
}
