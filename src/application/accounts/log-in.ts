import { Email } from '../../domain/shared/email.js';
import { isPasswordTooLong, type PasswordLimits } from '../../domain/shared/password-policy.js';
import type { User, UserId } from '../../domain/shared/user.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { PasswordHasher } from '../shared/ports/password-hasher.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { PendingLogin, PendingLogins } from './pending-login.js';
import type { SecondStep } from './ports/second-step.js';

/** The login form, as plain strings, and the request it came in. */
export interface LogInInput {
  readonly email: string;
  readonly password: string;
  /** Its address keys the per-address throttle; all of it goes with a failure's event. */
  readonly request: RequestContext;
  /** "Keep me logged in on this device" was ticked: kept with a pending login until it completes. */
  readonly remember?: boolean;
}

/** The outcome of a login attempt. */
export type LogInResult =
  | { readonly kind: 'ok'; readonly userId: UserId }
  // The password was right, and a second step (two-factor login) must pass before the login completes.
  | { readonly kind: 'second-step'; readonly pending: PendingLogin }
  // Unknown email and wrong password alike, so the answer reveals no account.
  | { readonly kind: 'invalid-credentials' }
  // Too many failures for this email or address; the password was not checked.
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number }
  // The right password of a locked account. It must be answered as invalid-credentials:
  // telling it apart would confirm a guessed password (docs/accounts.md).
  | { readonly kind: 'locked'; readonly userId: UserId };

const INVALID: LogInResult = { kind: 'invalid-credentials' };

/**
 * Checks an email and password against the stored hash, unless the throttle says
 * this email or address has failed too often. A stored hash of another algorithm
 * than the configured one, or of a lower cost, is replaced after a successful check,
 * which is recorded as the user's last login. A locked account fails after the same
 * work as a wrong password, and counts as a failure for the throttle. Every failure is
 * a `login.failed` event, with the account when one has the email, so its owner sees
 * the attempt on the activity page; a login the password completes is `login.succeeded`
 * with method `password`. When a registered second step (two-factor login) applies to
 * the user, a right password gives a pending login instead of a login, and the step
 * that completes it records the success.
 */
export class LogIn {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: AuthThrottle,
    private readonly events: SecurityEvents,
    private readonly secondSteps: readonly SecondStep[],
    private readonly pendingLogins: PendingLogins,
    /** The hasher's limits on a password's length (PASSWORD_HASHER). */
    private readonly passwordLimits: PasswordLimits,
  ) {}

  async execute(input: LogInInput): Promise<LogInResult> {
    const email = Email.parse(input.email);
    // Malformed emails are throttled too, under the text as typed, normalised alike.
    const emailKey = email?.value ?? input.email.trim().toLowerCase();
    const address = input.request.ip;
    const verdict = await this.throttle.attemptLogin(emailKey, address);
    if (verdict.kind === 'throttled') {
      // No look-up: the throttle spares the database, and bounds the rows an attack writes.
      this.failed(input.request, email, null, 'throttled');
      return verdict;
    }

    const { user, matches } = await this.check(email, input.password);
    if (!user || !matches) {
      this.failed(input.request, email, user);
      return INVALID;
    }
    // Refused also when a lock landed during the hash comparison (or the user went).
    if (user.lockedAt !== null || !(await this.users.recordLogin(user.id))) {
      this.failed(input.request, email, user, 'locked');
      return { kind: 'locked', userId: user.id };
    }
    let { passwordHash } = user;
    if (this.hasher.needsRehash(passwordHash)) {
      passwordHash = await this.hasher.hash(input.password);
      await this.users.updatePasswordHash(user.id, passwordHash);
    }
    await this.throttle.loginSucceeded(emailKey, address);
    for (const step of this.secondSteps) {
      if (!(await step.needed(user.id))) continue;
      // Stamped with the hash stored now, a rehash included.
      return { kind: 'second-step', pending: this.pendingLogins.start({ ...user, passwordHash }, input.remember ?? false) };
    }
    await this.events.record({ type: 'login.succeeded', userId: user.id, method: 'password', request: input.request });
    return { kind: 'ok', userId: user.id };
  }

  private async check(email: Email | null, password: string): Promise<{ user: User | null; matches: boolean }> {
    // No password that long can have been accepted at sign-up; refuse it unhashed.
    if (isPasswordTooLong(password, this.passwordLimits)) return { user: null, matches: false };
    const user = email ? await this.users.findByEmail(email) : null;
    const matches = await this.hasher.verify(password, user?.passwordHash ?? null);
    return { user, matches };
  }

  /**
   * Records a failed attempt without waiting for it: only an existing account's failure
   * is stored, and waiting for that write would make the answer slower when the account
   * exists. The log line is written at once; the row follows (SecurityEvents.settled).
   */
  private failed(request: RequestContext, email: Email | null, user: User | null, reason?: string): void {
    void this.events.record({
      type: 'login.failed',
      request,
      ...(user && { userId: user.id }),
      ...(email && { email }),
      ...(reason !== undefined && { reason }),
    });
  }
}
