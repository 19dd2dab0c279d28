import { isPasswordTooLong, type PasswordLimits } from '../../domain/shared/password-policy.js';
import type { User, UserId } from '../../domain/shared/user.js';
import type { AuthThrottle } from './auth-throttle.js';
import type { Clock } from './ports/clock.js';
import type { PasswordlessAccounts } from './ports/passwordless-accounts.js';
import type { RequestContext } from './ports/security-events.js';
import type { PasswordHasher } from './ports/password-hasher.js';
import type { UserRepository } from './ports/user-repository.js';

/** What every form of the account settings carries: who asks, their password, from where. */
export interface CurrentPasswordInput {
  readonly userId: UserId;
  readonly currentPassword: string;
  /**
   * When this session last confirmed sudo mode (epoch ms), or null: an account without a
   * password proves the change by that fresh sign-in instead (none given: null).
   */
  readonly confirmedAt?: number | null;
  /** The request it came in: its address keys the login throttle; all of it goes with the event. */
  readonly request: RequestContext;
}

/** Why a change of the account was refused before anything was changed. */
export type CurrentPasswordRefusal =
  // Left empty: not a guess, so not counted by the throttle.
  | { readonly kind: 'current-password-missing' }
  | { readonly kind: 'wrong-password' }
  // Too many failed logins for this email or address; the password was not checked.
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number }
  // The account has no password, and the session has no fresh sign-in (sudo mode) to prove the change.
  | { readonly kind: 'fresh-sign-in-needed' }
  // The account was deleted while the session lived.
  | { readonly kind: 'not-found' };

/** The outcome of checking the password a logged-in user typed again. */
export type CurrentPasswordResult = { readonly kind: 'ok'; readonly user: User } | CurrentPasswordRefusal;

/** How an account without a password proves a change: the accounts that have none, and how long sudo mode lasts. */
export interface FreshSignInProof {
  readonly accounts: readonly PasswordlessAccounts[];
  readonly clock: Clock;
  /** How long a confirmation lasts (SUDO_SECONDS). */
  readonly windowMs: number;
}

/**
 * Checks the current password that every change of the account asks for. A wrong one
 * counts as a failed login of the user's email from the client's address, so a stolen
 * session cannot be used to guess the password faster than the login form allows; a
 * right one counts as a successful login. An account without a password has none to
 * type: its change goes on only when the session confirmed sudo mode (a fresh sign-in
 * with a linked provider) within the window.
 */
export class CurrentPasswordCheck {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: AuthThrottle,
    /** The hasher's limits: a longer password cannot be the stored one. */
    private readonly passwordLimits: PasswordLimits,
    private readonly freshSignIn: FreshSignInProof | null = null,
  ) {}

  /** Whether the user has no password of their own, so no current password to type. */
  async isPasswordless(userId: UserId): Promise<boolean> {
    for (const accounts of this.freshSignIn?.accounts ?? []) if (await accounts.isPasswordless(userId)) return true;
    return false;
  }

  /**
   * The check of an account form: the current password, or for an account without one,
   * a sudo confirmation at `confirmedAt` still within the window.
   */
  async checkChange(userId: UserId, password: string, clientAddress: string, confirmedAt: number | null): Promise<CurrentPasswordResult> {
    if (!this.freshSignIn || !(await this.isPasswordless(userId))) return this.check(userId, password, clientAddress);
    const user = await this.users.findById(userId);
    if (!user) return { kind: 'not-found' };
    const now = this.freshSignIn.clock.now();
    const fresh = confirmedAt !== null && confirmedAt <= now && now - confirmedAt < this.freshSignIn.windowMs;
    return fresh ? { kind: 'ok', user } : { kind: 'fresh-sign-in-needed' };
  }

  /** Reads the user and checks `password` against the stored hash, throttled like a login. */
  async check(userId: UserId, password: string, clientAddress: string): Promise<CurrentPasswordResult> {
    if (password === '') return { kind: 'current-password-missing' };
    const user = await this.users.findById(userId);
    if (!user) return { kind: 'not-found' };
    const emailKey = user.email.value;
    const verdict = await this.throttle.attemptLogin(emailKey, clientAddress);
    if (verdict.kind === 'throttled') return verdict;
    // No password that long can have been accepted; refuse it unhashed.
    const matches =
      !isPasswordTooLong(password, this.passwordLimits) && (await this.hasher.verify(password, user.passwordHash));
    if (!matches) return { kind: 'wrong-password' };
    await this.throttle.loginSucceeded(emailKey, clientAddress);
    return { kind: 'ok', user };
  }
}
