import type { UserId } from '../../../domain/shared/user.js';
import { storeKey } from '../../shared/ports/transactions.js';

/** An account at a sign-in provider, linked to a user. Times are epoch milliseconds. */
export interface LinkedIdentity {
  readonly id: number;
  readonly userId: UserId;
  /** The provider's route name (`google`, `github`, an OIDC_PROVIDERS name). */
  readonly provider: string;
  /** The provider's stable identifier of the account (the ID token's `sub`, GitHub's user id). */
  readonly subject: string;
  /** The address the provider gave, as of the latest sign-in with it. */
  readonly email: string;
  readonly linkedAt: number;
  readonly lastUsedAt: number | null;
}

/** What linking stores; the store assigns the id, and the identity starts unused. */
export type NewLinkedIdentity = Omit<LinkedIdentity, 'id' | 'lastUsedAt'>;

/** The longest subject stored; a provider's longer one is refused before it reaches the store. */
export const SUBJECT_MAX_LENGTH = 255;

/**
 * Where linked identities are kept, and which accounts have no password of their own
 * (made by a provider's sign-up: their stored hash is of a random secret nobody knows).
 * Every adapter passes the same contract suite (test/contract/providers).
 */
export interface LinkedIdentities {
  /**
   * Links an identity; resolves null, storing nothing, when that (provider, subject) is
   * linked already (to anyone), or the user has an identity of that provider already.
   */
  add(identity: NewLinkedIdentity): Promise<LinkedIdentity | null>;
  /** The identity of this provider with this subject (case-sensitive), or null. */
  find(provider: string, subject: string): Promise<LinkedIdentity | null>;
  /** The user's identities, oldest link first. */
  listOfUser(userId: UserId): Promise<LinkedIdentity[]>;
  /** Records a sign-in with the identity, and the address the provider gave this time; false when it is gone. */
  recordUse(id: number, email: string, now: number): Promise<boolean>;
  /** Unlinks the user's identity with this id; false when the user has none such (another user's included). */
  delete(userId: UserId, id: number): Promise<boolean>;
  /** Unlinks every identity of the user (the account is going); resolves how many. */
  deleteAllOfUser(userId: UserId): Promise<number>;
  /** Records that the user has no password of their own. */
  markPasswordless(userId: UserId): Promise<void>;
  /** Whether the user has no password of their own. */
  isPasswordless(userId: UserId): Promise<boolean>;
  /** The user has a password now (a reset set one), or the account is going; false when it had one already. */
  clearPasswordless(userId: UserId): Promise<boolean>;
}

/** The linked identities, on a transaction. */
export const linkedIdentityStore = storeKey<LinkedIdentities>('linkedIdentities');
