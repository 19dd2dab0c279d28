import type { UserId } from '../../../domain/shared/user.js';
import { storeKey } from '../../shared/ports/transactions.js';

/** A registered passkey (a WebAuthn credential) of a user. Times are epoch milliseconds. */
export interface Passkey {
  /** Our own id of the row, the one the passkeys page names. */
  readonly id: number;
  readonly userId: UserId;
  /** The credential id the authenticator chose, base64url. Unique across all users. */
  readonly credentialId: string;
  /** The credential's public key as COSE bytes. */
  readonly publicKey: Uint8Array;
  /** The signature counter last seen; 0 for authenticators that do not count. */
  readonly counter: number;
  /** How the browser can reach the authenticator ("internal", "usb", "hybrid", …). */
  readonly transports: readonly string[];
  /** The WebAuthn user handle this credential was registered with, base64url (random, never the email or id). */
  readonly userHandle: string;
  /** The owner's name for it, at most 64 characters. */
  readonly name: string;
  /** Whether the authenticator says it is synced (backed up) to other devices. */
  readonly backedUp: boolean;
  readonly createdAt: number;
  /** The latest login with it; null before the first. */
  readonly lastUsedAt: number | null;
}

/** A passkey to store: the store assigns the id; it has not been used yet. */
export type NewPasskey = Omit<Passkey, 'id' | 'lastUsedAt'>;

/**
 * Where passkeys live: always the SQL database. A user's passkeys go with the account,
 * in the deletion's transaction (`AccountStores.passkeys`). Every adapter passes
 * test/contract/passkeys/passkeys.contract.ts.
 */
export interface Passkeys {
  /** Stores a passkey; resolves null, storing nothing, when its credential id is taken (by any user). */
  add(passkey: NewPasskey): Promise<Passkey | null>;
  /** The passkey with this credential id, whoever owns it, or null. */
  findByCredentialId(credentialId: string): Promise<Passkey | null>;
  /** The user's passkeys, oldest first. */
  listOfUser(userId: UserId): Promise<Passkey[]>;
  /** How many passkeys the user has. */
  countOfUser(userId: UserId): Promise<number>;
  /**
   * Records a login with the passkey: the new counter and `now` as its last use. Per
   * WebAuthn, a counter that did not grow refuses the use (false, nothing written) unless
   * both the stored and the new counter are 0 (an authenticator that does not count);
   * the check and the write are one statement, so of two uses with one counter one wins.
   */
  recordUse(id: number, counter: number, now: number): Promise<boolean>;
  /**
   * Gives the user's passkey with this id a new name (already read by the domain's rule);
   * false, writing nothing, when the user has none such (another user's included). The
   * same name again is a rename too (true).
   */
  rename(userId: UserId, id: number, name: string): Promise<boolean>;
  /** Deletes the user's passkey with this id; false when the user has none such (another user's included). */
  delete(userId: UserId, id: number): Promise<boolean>;
  /** Deletes every passkey of the user (the account is going); resolves how many. */
  deleteAllOfUser(userId: UserId): Promise<number>;
}

/** The passkeys, on a transaction. */
export const passkeyStore = storeKey<Passkeys>('passkeys');
