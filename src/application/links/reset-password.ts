import type { EndSessions } from '../devices/end-sessions.js';
import { checkNewPassword } from '../../domain/shared/password-policy.js';
import type { UserId } from '../../domain/shared/user.js';
import type { LinkTokens } from './link-tokens.js';
import type { SecondFactorList, SecondFactorsAtReset } from '../mail/outgoing-mail.js';
import type { Clock } from '../shared/ports/clock.js';
import type { CommonPasswords } from '../shared/ports/common-passwords.js';
import type { OneTimeTokens } from './ports/one-time-tokens.js';
import type { PasswordHasher } from '../shared/ports/password-hasher.js';
import type { AccountStores, Transactions } from '../shared/ports/transactions.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** The reset form: the token of the link and the new password, as sent. */
export interface ResetPasswordInput {
  /** Anything the form carried; only a well-formed token is looked up. */
  readonly token: unknown;
  readonly password: string;
}

/** The outcome; every failure leaves storage untouched and the token usable (unless it is invalid). */
export type ResetPasswordResult =
  // `secondFactorsRemoved`: the reset first proved the mailbox, and took second factors added before it.
  | { readonly kind: 'ok'; readonly userId: UserId; readonly secondFactorsRemoved: boolean }
  // Malformed, unknown, used, expired or superseded alike: the answer tells no more.
  | { readonly kind: 'invalid-token' }
  | { readonly kind: 'password-too-short' }
  | { readonly kind: 'password-too-long' }
  | { readonly kind: 'password-too-common' };

/**
 * Sets a new password with the token of a reset link. The link proved the mailbox, so
 * the address counts as verified. One transaction uses the token, stores the hash,
 * removes the user's other reset tokens and remembered devices, and queues a "password
 * changed" notice; after it, every session of the user ends, everywhere (a thief logged
 * in is logged out). There is no login here: the user logs in with the new password (OWASP).
 *
 * When the address was not verified until this reset, whoever held the account before
 * proved nothing: they may have signed up with someone else's address. So the same
 * transaction removes the second factors added before it (authenticator app, recovery
 * codes, passkeys), which would otherwise log them into the owner's account or stop the
 * owner's login at a second step. On a verified address they stay, since a second factor
 * must survive a stolen mailbox; the notice lists them either way (docs/security.md).
 */
export class ResetPassword {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: OneTimeTokens,
    private readonly transactions: Transactions,
    private readonly linkTokens: LinkTokens,
    private readonly hasher: PasswordHasher,
    private readonly commonPasswords: CommonPasswords,
    private readonly endSessions: EndSessions,
    private readonly clock: Clock,
  ) {}

  async execute(input: ResetPasswordInput): Promise<ResetPasswordResult> {
    // Checked before the password, so a made-up token costs no hash.
    const live = await this.linkTokens.find(this.stores(), 'password-reset', input.token, this.clock.now());
    if (!live) return { kind: 'invalid-token' };
    const problem = checkNewPassword(input.password, (password) => this.commonPasswords.includes(password));
    if (problem) return { kind: problem };
    // Hashing is slow: never inside the transaction, which holds the write lock.
    const passwordHash = await this.hasher.hash(input.password);

    const now = this.clock.now();
    const done = await this.transactions.run(async (stores) => {
      // Used here, not at the look-up above: of two submissions at once, one wins.
      const used = await this.linkTokens.consume(stores, 'password-reset', input.token, now);
      if (!used) return null;
      // Held until the end and read afresh, as the transactions that add a second factor
      // hold it: one of those and the reset run one after the other, never interleaved.
      const user = await stores.users.findByIdForUpdate(used.user.id);
      if (!user) return null;
      await stores.users.updatePasswordHash(user.id, passwordHash);
      const secondFactors = await this.settleSecondFactors(stores, user.id, user.emailVerified);
      if (!user.emailVerified) await stores.users.markEmailVerified(user.id);
      // Every other open link dies with the old password, an email change asked for by
      // whoever knew it included.
      await stores.tokens.deleteAllOfUser(user.id);
      await stores.rememberTokens.deleteAllOfUser(user.id);
      await stores.outbox.enqueue({ kind: 'password-changed', to: user.email.value, ...(secondFactors && { secondFactors }) }, now);
      return { userId: user.id, secondFactorsRemoved: secondFactors?.kind === 'removed' };
    });
    if (done === null) return { kind: 'invalid-token' };
    await this.endSessions.ofUser(done.userId);
    return { kind: 'ok', ...done };
  }

  /**
   * Removes the user's second factors when the address is proved only now (an
   * authenticator app still being set up too), or keeps them; resolves what the notice
   * says of them, or null when there were none.
   */
  private async settleSecondFactors(stores: AccountStores, userId: UserId, verified: boolean): Promise<SecondFactorsAtReset | null> {
    const factors = await secondFactorsOf(stores, userId);
    if (!verified) {
      await stores.totp.deleteOfUser(userId);
      await stores.recoveryCodes.deleteAllOfUser(userId);
      await stores.passkeys.deleteAllOfUser(userId);
    }
    return factors && { kind: verified ? 'kept' : 'removed', factors };
  }

  private stores() {
    return { users: this.users, tokens: this.tokens };
  }
}

/** The user's second factors as a notice lists them; null when there are none. */
async function secondFactorsOf(stores: AccountStores, userId: UserId): Promise<SecondFactorList | null> {
  const authenticatorApp = (await stores.totp.find(userId))?.enabledAt != null;
  const passkeyNames = (await stores.passkeys.listOfUser(userId)).map((passkey) => passkey.name);
  const recoveryCodes = await stores.recoveryCodes.countUnused(userId);
  return authenticatorApp || passkeyNames.length > 0 || recoveryCodes > 0 ? { authenticatorApp, passkeyNames, recoveryCodes } : null;
}
