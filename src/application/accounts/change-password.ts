import type { PasswordLimits, PasswordProblem } from '../../domain/shared/password-policy.js';
import type { CurrentPasswordCheck, CurrentPasswordRefusal, CurrentPasswordInput } from '../shared/current-password-check.js';
import type { Clock } from '../shared/ports/clock.js';
import type { CommonPasswords } from '../shared/ports/common-passwords.js';
import { type BreachedPasswords, NO_BREACHED_PASSWORDS } from '../shared/ports/breached-passwords.js';
import { containsContextWord, contextWords } from '../../domain/shared/context-words.js';
import { checkNewPasswordWith } from '../shared/new-password-check.js';
import type { PasswordHasher } from '../shared/ports/password-hasher.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import { recordPasswordRefusal } from '../shared/password-refusal-event.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { type Transactions, userStore } from '../shared/ports/transactions.js';

/** The change-password form of a logged-in user, and where it came from. */
export interface ChangePasswordInput extends CurrentPasswordInput {
  readonly newPassword: string;
  /** The remembered device that asks (its selector), if any: it stays remembered, no other does. */
  readonly keepDevice?: string | null;
}

/**
 * The outcome of a change of password. On `ok` every session of the user has ended,
 * the one that asked included: the caller logs the user in again on a fresh session.
 * Every remembered device is forgotten but the one that asked.
 */
export type ChangePasswordResult =
  | { readonly kind: 'ok' }
  | { readonly kind: PasswordProblem }
  | CurrentPasswordRefusal;

/**
 * Sets a new password for a user who typed the current one. The new hash, the
 * `password-changed` account event (every open link is void, every remembered device but
 * the one that asked is forgotten, every session of the user ends once it is saved, so
 * whoever else held one is logged out) and the notice to the owner are saved together
 * or not at all. A change is an `account.password-changed` event on the user's activity;
 * a wrong current password, or one the throttle kept from being checked, an `account.refused`.
 */
export class ChangePassword {
  constructor(
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly hasher: PasswordHasher,
    private readonly commonPasswords: CommonPasswords,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
    /** The hasher's limits on a password's length (PASSWORD_HASHER). */
    private readonly passwordLimits: PasswordLimits,
    /** Passwords known from breaches (BREACHED_PASSWORDS); none when off. */
    private readonly breachedPasswords: BreachedPasswords = NO_BREACHED_PASSWORDS,
    /** The host of APP_URL, whose words a new password must not contain; null: none. */
    private readonly deploymentHost: string | null = null,
  ) {}

  async execute(input: ChangePasswordInput): Promise<ChangePasswordResult> {
    // The fields are judged in the form's order; a refused new password costs no throttle attempt.
    const { userId, request } = input;
    // An account without a password has none to type: it sets its first one.
    if (input.currentPassword === '' && !(await this.currentPassword.isPasswordless(userId))) return { kind: 'current-password-missing' };
    const problem = await checkNewPasswordWith(input.newPassword, this.passwordLimits, this.commonPasswords, this.breachedPasswords, {
      host: this.deploymentHost,
      owner: { email: null, phone: null },
    });
    if (problem) return { kind: problem };
    const checked = await this.currentPassword.checkChange(userId, input.currentPassword, request.ip, input.confirmedAt ?? null);
    if (checked.kind !== 'ok') {
      await recordPasswordRefusal(this.events, 'account.refused', userId, checked, request);
      return checked;
    }
    // The account's own words, known once it is read: a right current password costs no attempt.
    const { email, phone } = checked.user;
    if (containsContextWord(input.newPassword, contextWords({ host: null, email: email.value, phone }))) {
      return { kind: 'password-context-word' };
    }

    // Hashing is slow: it happens before the transaction, which holds the write lock.
    const passwordHash = await this.hasher.hash(input.newPassword);
    const saved = await this.transactions.run(async (tx) => {
      if (!(await tx.get(userStore).updatePasswordHash(userId, passwordHash))) return false;
      // Open links die with the old password, sessions end, other remembered devices are forgotten.
      await tx.publish({ kind: 'password-changed', userId, keepDevice: input.keepDevice ?? null });
      await tx.get(outboxStore).enqueue({ kind: 'password-changed', to: checked.user.email.value }, this.clock.now());
      return true;
    });
    if (!saved) return { kind: 'not-found' };
    await this.events.record({ type: 'account.password-changed', userId, request });
    return { kind: 'ok' };
  }
}
