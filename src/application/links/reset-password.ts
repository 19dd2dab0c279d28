import type { PasswordLimits } from '../../domain/shared/password-policy.js';
import type { UserId } from '../../domain/shared/user.js';
import type { SecondFactorsAtReset } from '../mail/outgoing-mail.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { SecondFactorReport } from '../shared/account-events.js';
import type { Clock } from '../shared/ports/clock.js';
import type { CommonPasswords } from '../shared/ports/common-passwords.js';
import { type BreachedPasswords, NO_BREACHED_PASSWORDS } from '../shared/ports/breached-passwords.js';
import { checkNewPasswordWith } from '../shared/new-password-check.js';
import type { PasswordHasher } from '../shared/ports/password-hasher.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import { type Transactions, userStore } from '../shared/ports/transactions.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { LinkTokens } from './link-tokens.js';
import { type OneTimeTokens, tokenStore } from './ports/one-time-tokens.js';

/** The reset form: the token of the link and the new password, as sent. */
export interface ResetPasswordInput {
  /** Anything the form carried; only a well-formed token is looked up. */
  readonly token: unknown;
  readonly password: string;
  /** The request it came in, for the event. */
  readonly request: RequestContext;
}

/** The outcome; every failure leaves storage untouched and the token usable (unless it is invalid). */
export type ResetPasswordResult =
  // `secondFactorsRemoved`: the reset first proved the mailbox, and took second factors added before it.
  | { readonly kind: 'ok'; readonly userId: UserId; readonly secondFactorsRemoved: boolean }
  // Malformed, unknown, used, expired or superseded alike: the answer tells no more.
  | { readonly kind: 'invalid-token' }
  | { readonly kind: 'password-too-short' }
  | { readonly kind: 'password-too-long' }
  | { readonly kind: 'password-too-common' }
  | { readonly kind: 'password-context-word' }
  | { readonly kind: 'password-breached' };

/**
 * Sets a new password with the token of a reset link. The link proved the mailbox, so
 * the address counts as verified. One transaction uses the token, stores the hash,
 * removes the user's other links, tells the `password-reset` account event (every
 * session and remembered device ends) and queues a "password changed" notice. There is
 * no login here: the user logs in with the new password (OWASP).
 *
 * When the address was not verified until this reset, whoever held the account before
 * proved nothing: they may have signed up with someone else's address. The event then
 * says so, and the features of second factors remove the ones added before it, which
 * would otherwise log that holder into the owner's account or stop the owner's login at
 * a second step. On a verified address they stay, since a second factor must survive a
 * stolen mailbox; the notice lists them either way (docs/security.md).
 *
 * A reset is a `password-reset.succeeded` event on the user's activity (with the reason
 * `second-factors-removed` when it took them); a link that does not work, a
 * `password-reset.refused`. A refused new password records nothing: the link still works.
 */
export class ResetPassword {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: OneTimeTokens,
    private readonly transactions: Transactions,
    private readonly linkTokens: LinkTokens,
    private readonly hasher: PasswordHasher,
    private readonly commonPasswords: CommonPasswords,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
    /** The hasher's limits on a password's length (PASSWORD_HASHER). */
    private readonly passwordLimits: PasswordLimits,
    /** Passwords known from breaches (BREACHED_PASSWORDS); none when off. */
    private readonly breachedPasswords: BreachedPasswords = NO_BREACHED_PASSWORDS,
    /** The host of APP_URL, whose words a new password must not contain; null: none. */
    private readonly deploymentHost: string | null = null,
  ) {}

  async execute(input: ResetPasswordInput): Promise<ResetPasswordResult> {
    const result = await this.reset(input);
    const { request } = input;
    if (result.kind === 'ok') {
      const removed = result.secondFactorsRemoved && { reason: 'second-factors-removed' };
      await this.events.record({ type: 'password-reset.succeeded', userId: result.userId, ...removed, request });
    } else if (result.kind === 'invalid-token') {
      await this.events.record({ type: 'password-reset.refused', reason: result.kind, request });
    }
    return result;
  }

  private async reset(input: ResetPasswordInput): Promise<ResetPasswordResult> {
    // Checked before the password, so a made-up token costs no hash.
    const stores = { users: this.users, tokens: this.tokens };
    const live = await this.linkTokens.find(stores, 'password-reset', input.token, this.clock.now());
    if (!live) return { kind: 'invalid-token' };
    const owner = { email: live.user.email.value, phone: live.user.phone };
    const problem = await checkNewPasswordWith(input.password, this.passwordLimits, this.commonPasswords, this.breachedPasswords, {
      host: this.deploymentHost,
      owner,
    });
    if (problem) return { kind: problem };
    // Hashing is slow: never inside the transaction, which holds the write lock.
    const passwordHash = await this.hasher.hash(input.password);

    const now = this.clock.now();
    const done = await this.transactions.run(async (tx) => {
      const [users, tokens] = [tx.get(userStore), tx.get(tokenStore)];
      // Used here, not at the look-up above: of two submissions at once, one wins.
      const used = await this.linkTokens.consume({ users, tokens }, 'password-reset', input.token, now);
      if (!used) return null;
      // Held until the end and read afresh, as the transactions that add a second factor
      // hold it: one of those and the reset run one after the other, never interleaved.
      const user = await users.findByIdForUpdate(used.user.id);
      if (!user) return null;
      await users.updatePasswordHash(user.id, passwordHash);
      const firstProofOfMailbox = !user.emailVerified;
      if (firstProofOfMailbox) await users.markEmailVerified(user.id);
      // Every other open link dies with the old password, an email change asked for by
      // whoever knew it included.
      await tokens.deleteAllOfUser(user.id);
      const report = new SecondFactorReport();
      await tx.publish({ kind: 'password-reset', userId: user.id, firstProofOfMailbox, report });
      const factors = report.list();
      const secondFactors: SecondFactorsAtReset | null = factors && { kind: firstProofOfMailbox ? 'removed' : 'kept', factors };
      await tx.get(outboxStore).enqueue({ kind: 'password-changed', to: user.email.value, ...(secondFactors && { secondFactors }) }, now);
      return { userId: user.id, secondFactorsRemoved: secondFactors?.kind === 'removed' };
    });
    if (done === null) return { kind: 'invalid-token' };
    return { kind: 'ok', ...done };
  }
}
