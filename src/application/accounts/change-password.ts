import type { EndSessions } from '../devices/end-sessions.js';
import { checkNewPassword, type PasswordProblem } from '../../domain/shared/password-policy.js';
import type { CurrentPasswordCheck, CurrentPasswordRefusal, CurrentPasswordInput } from '../shared/current-password-check.js';
import type { Clock } from '../shared/ports/clock.js';
import type { CommonPasswords } from '../shared/ports/common-passwords.js';
import type { PasswordHasher } from '../shared/ports/password-hasher.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { selectorOf } from '../devices/remember-cookie.js';

/** The change-password form of a logged-in user, and where it came from. */
export interface ChangePasswordInput extends CurrentPasswordInput {
  readonly newPassword: string;
  /** The remember-me cookie of the device that asks, if any: that device stays remembered, no other does. */
  readonly rememberCookie?: string;
}

/**
 * The outcome of a change of password. On `ok` every session of the user has ended,
 * the one that asked included: the caller logs the user in again on a fresh session.
 * Every remembered device is forgotten but the one that asked.
 */
export type ChangePasswordResult =
  | { readonly kind: 'ok'; readonly endedSessions: number }
  | { readonly kind: PasswordProblem }
  | CurrentPasswordRefusal;

/**
 * Sets a new password for a user who typed the current one. The new hash, the removal
 * of every outstanding password-reset link (a change of the password by any route
 * voids them) and the notice to the owner are saved together or not at all; then
 * every session of the user ends, so whoever else held one is logged out, and every
 * remembered device but the one that asked is forgotten.
 */
export class ChangePassword {
  constructor(
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly hasher: PasswordHasher,
    private readonly commonPasswords: CommonPasswords,
    private readonly transactions: Transactions,
    private readonly endSessions: EndSessions,
    private readonly clock: Clock,
  ) {}

  async execute(input: ChangePasswordInput): Promise<ChangePasswordResult> {
    // The fields are judged in the form's order; a refused new password costs no throttle attempt.
    if (input.currentPassword === '') return { kind: 'current-password-missing' };
    const problem = checkNewPassword(input.newPassword, (password) => this.commonPasswords.includes(password));
    if (problem) return { kind: problem };
    const checked = await this.currentPassword.check(input.userId, input.currentPassword, input.clientAddress);
    if (checked.kind !== 'ok') return checked;

    // Hashing is slow: it happens before the transaction, which holds the write lock.
    const passwordHash = await this.hasher.hash(input.newPassword);
    const saved = await this.transactions.run(async ({ users, tokens, outbox }) => {
      if (!(await users.updatePasswordHash(input.userId, passwordHash))) return false;
      // Every open link dies with the old password: a reset link, and an email change a
      // thief who knew the old password may have asked for.
      await tokens.deleteAllOfUser(input.userId);
      await outbox.enqueue({ kind: 'password-changed', to: checked.user.email.value }, this.clock.now());
      return true;
    });
    if (!saved) return { kind: 'not-found' };
    const endedSessions = await this.endSessions.ofUserButDevice(input.userId, selectorOf(input.rememberCookie));
    return { kind: 'ok', endedSessions };
  }
}
