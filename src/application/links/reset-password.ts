import type { EndSessions } from '../devices/end-sessions.js';
import { checkNewPassword } from '../../domain/shared/password-policy.js';
import type { UserId } from '../../domain/shared/user.js';
import type { LinkTokens } from './link-tokens.js';
import type { Clock } from '../shared/ports/clock.js';
import type { CommonPasswords } from '../shared/ports/common-passwords.js';
import type { OneTimeTokens } from './ports/one-time-tokens.js';
import type { PasswordHasher } from '../shared/ports/password-hasher.js';
import type { Transactions } from '../shared/ports/transactions.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** The reset form: the token of the link and the new password, as sent. */
export interface ResetPasswordInput {
  /** Anything the form carried; only a well-formed token is looked up. */
  readonly token: unknown;
  readonly password: string;
}

/** The outcome; every failure leaves storage untouched and the token usable (unless it is invalid). */
export type ResetPasswordResult =
  | { readonly kind: 'ok'; readonly userId: UserId }
  // Malformed, unknown, used, expired or superseded alike: the answer tells no more.
  | { readonly kind: 'invalid-token' }
  | { readonly kind: 'password-too-short' }
  | { readonly kind: 'password-too-long' }
  | { readonly kind: 'password-too-common' };

/**
 * Sets a new password with the token of a reset link. The link proved the mailbox, so
 * the address counts as verified. One transaction uses the token, stores the hash,
 * removes the user's other reset tokens and queues a "password changed" notice; after
 * it, every session of the user ends, everywhere (a thief logged in is logged out).
 * There is no login here: the user logs in with the new password (OWASP).
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
    const userId = await this.transactions.run(async (stores) => {
      // Used here, not at the look-up above: of two submissions at once, one wins.
      const used = await this.linkTokens.consume(stores, 'password-reset', input.token, now);
      if (!used) return null;
      const { user } = used;
      await stores.users.updatePasswordHash(user.id, passwordHash);
      if (!user.emailVerified) await stores.users.markEmailVerified(user.id);
      // Every other open link dies with the old password, an email change asked for by
      // whoever knew it included.
      await stores.tokens.deleteAllOfUser(user.id);
      await stores.outbox.enqueue({ kind: 'password-changed', to: user.email.value }, now);
      return user.id;
    });
    if (userId === null) return { kind: 'invalid-token' };
    await this.endSessions.ofUser(userId);
    return { kind: 'ok', userId };
  }

  private stores() {
    return { users: this.users, tokens: this.tokens };
  }
}
