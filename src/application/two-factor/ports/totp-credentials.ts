import type { UserId } from '../../../domain/shared/user.js';

/** A user's authenticator secret as stored: sealed (SecretBox), and switched on or still being set up. */
export interface TotpCredential {
  readonly userId: UserId;
  /** The base32 secret, sealed under the context `totp:<user id>`. */
  readonly sealedSecret: string;
  /** When the first code confirmed it (epoch ms); null while it is being set up. */
  readonly enabledAt: number | null;
  /** The time step of the latest code accepted; null before the first. */
  readonly lastUsedStep: number | null;
}

/**
 * Each user's one TOTP credential. Every adapter passes
 * test/contract/two-factor/two-factor-storage.contract.ts; the compare-and-set methods hold when
 * two requests race, on every adapter.
 */
export interface TotpCredentials {
  /** The user's credential, switched on or not, or null. */
  find(userId: UserId): Promise<TotpCredential | null>;
  /**
   * Stores a credential being set up, replacing one being set up before; resolves false,
   * changing nothing, when the user's credential is switched on. Of two racing calls
   * either secret may stay; both resolve true.
   */
  savePending(userId: UserId, sealedSecret: string): Promise<boolean>;
  /**
   * Switches on the credential being set up with exactly `sealedSecret`, and records
   * `step` as used; resolves false when there is no such credential (switched on already,
   * replaced, or gone).
   */
  enable(userId: UserId, sealedSecret: string, step: number, now: number): Promise<boolean>;
  /**
   * Records `step` as used when it is later than the last used one, atomically; resolves
   * false (a replayed or older code) otherwise, or when the credential is not switched on.
   */
  acceptStep(userId: UserId, step: number): Promise<boolean>;
  /** Replaces the sealed secret if it is still `previous` (a key rotation); resolves whether it did. */
  reseal(userId: UserId, previous: string, next: string): Promise<boolean>;
  /** Up to `limit` credentials of users with ids above `afterUserId`, by user id (for a re-seal of all). */
  listAfter(afterUserId: UserId, limit: number): Promise<TotpCredential[]>;
  /** Removes the user's credential; resolves whether there was one. */
  deleteOfUser(userId: UserId): Promise<boolean>;
}
