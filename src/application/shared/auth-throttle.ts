import type { AttemptCounter } from './ports/attempt-counter.js';
import type { Clock } from './ports/clock.js';
import { DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from './throttle-limits.js';

export { DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from './throttle-limits.js';

/** Allowed, or refused for this many more seconds. */
export type ThrottleVerdict =
  { readonly kind: 'allowed' } | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

interface Check {
  readonly key: string;
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Brute-force limits for logging in, signing up and asking for emailed links, on
 * fixed windows counted in an `AttemptCounter`. Each attempt is counted before the password is checked, with one
 * atomic increment, and refused when the count passes the limit: a check followed by
 * a later increment would let a burst of concurrent guesses all pass the check.
 * Failures are counted per email whether or not an account has it, so the throttle's
 * answers reveal nothing about which emails exist. The client's address is counted
 * first, and an attempt refused there counts against nothing else: a client past its
 * limit adds no count (no row, no Redis key) for each new email it names.
 */
export class AuthThrottle {
  constructor(
    private readonly counter: AttemptCounter,
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  ) {}

  /** Counts a login attempt for `emailKey` from `address`, and says whether it may go on. */
  attemptLogin(emailKey: string, address: string): Promise<ThrottleVerdict> {
    const { byAddress, email } = this.loginChecks(emailKey, address);
    return this.attempt([byAddress, email]);
  }

  /**
   * After a successful login: clears the email's count (the owner proved themselves)
   * and takes this attempt back from the address's count, so only failures use up an
   * address's budget. The address's earlier failures stay, or one account of an
   * attacker's own would reset their budget for guessing others.
   */
  async loginSucceeded(emailKey: string, address: string): Promise<void> {
    const { byAddress, email } = this.loginChecks(emailKey, address);
    if (email.limit > 0) await this.counter.reset(email.key);
    if (byAddress.limit > 0) await this.counter.decrement(byAddress.key, this.clock.now());
  }

  /**
   * Counts a passkey login begun from `address` (its options asked for), against the
   * address's login budget, and says whether it may go on. There is no email to count.
   */
  attemptPasskeyLogin(address: string): Promise<ThrottleVerdict> {
    return this.attempt([this.loginChecks('', address).byAddress]);
  }

  /** After a successful passkey login: takes its attempt back from the address's count, as `loginSucceeded` does. */
  async passkeyLoginSucceeded(address: string): Promise<void> {
    const { byAddress } = this.loginChecks('', address);
    if (byAddress.limit > 0) await this.counter.decrement(byAddress.key, this.clock.now());
  }

  /** Counts a sign-up attempt from `address`, and says whether it may go on. */
  attemptSignUp(address: string): Promise<ThrottleVerdict> {
    const { signUpsPerAddress: limit, signUpWindowMs: windowMs } = this.limits;
    return this.attempt([{ key: `signup:address:${address}`, limit, windowMs }]);
  }

  /**
   * Counts a password reset request for `emailKey` from `address`, and says whether it
   * may go on. Counted per email whether or not an account has it, like logins.
   */
  attemptPasswordReset(emailKey: string, address: string): Promise<ThrottleVerdict> {
    const { passwordResetsPerEmail, passwordResetsPerAddress, passwordResetWindowMs: windowMs } = this.limits;
    return this.attempt([
      { key: `reset:address:${address}`, limit: passwordResetsPerAddress, windowMs },
      { key: `reset:email:${emailKey}`, limit: passwordResetsPerEmail, windowMs },
    ]);
  }

  /**
   * Counts a request for a login code for `emailKey` from `address`, and says whether it
   * may go on: the limits of password reset requests, under keys of their own.
   */
  attemptLoginCodeRequest(emailKey: string, address: string): Promise<ThrottleVerdict> {
    const { passwordResetsPerEmail, passwordResetsPerAddress, passwordResetWindowMs: windowMs } = this.limits;
    return this.attempt([
      { key: `login-code:address:${address}`, limit: passwordResetsPerAddress, windowMs },
      { key: `login-code:email:${emailKey}`, limit: passwordResetsPerEmail, windowMs },
    ]);
  }

  /**
   * Counts one try of the user's login code, and says whether it may be checked: at most
   * `limit` tries within `windowMs` (the code's life), until a new code is sent.
   */
  attemptLoginCodeTry(userId: number, limit: number, windowMs: number): Promise<ThrottleVerdict> {
    return this.attempt([{ key: `login-code:try:${userId}`, limit, windowMs }]);
  }

  /** A new login code was sent to the user: it has all its tries. */
  async loginCodeIssued(userId: number): Promise<void> {
    await this.counter.reset(`login-code:try:${userId}`);
  }

  /** Counts a request of the user for another verification email, and says whether it may go on. */
  attemptVerificationEmail(userId: number): Promise<ThrottleVerdict> {
    const { verificationEmailsPerUser: limit, verificationEmailWindowMs: windowMs } = this.limits;
    return this.attempt([{ key: `verify:user:${userId}`, limit, windowMs }]);
  }

  /**
   * Counts a request of the user to send an email-change link, and says whether it may
   * go on: each sends mail to an address of the user's choosing. It shares the limit of
   * verification emails, under a key of its own.
   */
  attemptEmailChange(userId: number): Promise<ThrottleVerdict> {
    const { verificationEmailsPerUser: limit, verificationEmailWindowMs: windowMs } = this.limits;
    return this.attempt([{ key: `email-change:user:${userId}`, limit, windowMs }]);
  }

  /**
   * Counts a reset link an administrator sends the user, and says whether it may go
   * out: a second click (or the back button) within the window sends no second message,
   * whose link would void the first one's.
   */
  attemptAdminPasswordReset(userId: number): Promise<ThrottleVerdict> {
    const { adminPasswordResetsPerUser: limit, adminPasswordResetWindowMs: windowMs } = this.limits;
    return this.attempt([{ key: `admin-reset:user:${userId}`, limit, windowMs }]);
  }

  /**
   * Counts a second-factor code typed for the user from `address`, and says whether it
   * may be checked: a 6-digit code is guessed in a million tries, so only a few per window.
   */
  attemptSecondFactor(userId: number, address: string): Promise<ThrottleVerdict> {
    const { byAddress, user } = this.secondFactorChecks(userId, address);
    return this.attempt([byAddress, user]);
  }

  /**
   * Counts options asked for a passkey as the second factor from `address`, and says
   * whether the challenge may be made. Only the address is counted (the answer counts
   * against the user's budget, `attemptSecondFactor`), so a prompt cancelled in the
   * browser uses up none of the user's tries, while a script still cannot make
   * challenges without end.
   */
  attemptSecondFactorPasskeyOptions(address: string): Promise<ThrottleVerdict> {
    const { secondFactorPerAddress: limit, secondFactorWindowMs: windowMs } = this.limits;
    return this.attempt([{ key: `2fa-options:address:${address}`, limit, windowMs }]);
  }

  /** After a right code: clears the user's count and takes this attempt back from the address's, as a login does. */
  async secondFactorSucceeded(userId: number, address: string): Promise<void> {
    const { byAddress, user } = this.secondFactorChecks(userId, address);
    if (user.limit > 0) await this.counter.reset(user.key);
    if (byAddress.limit > 0) await this.counter.decrement(byAddress.key, this.clock.now());
  }

  private secondFactorChecks(userId: number, address: string): { readonly byAddress: Check; readonly user: Check } {
    const { secondFactorPerUser, secondFactorPerAddress, secondFactorWindowMs: windowMs } = this.limits;
    return {
      byAddress: { key: `2fa:address:${address}`, limit: secondFactorPerAddress, windowMs },
      user: { key: `2fa:user:${userId}`, limit: secondFactorPerUser, windowMs },
    };
  }

  private loginChecks(emailKey: string, address: string): { readonly byAddress: Check; readonly email: Check } {
    const { loginFailuresPerEmail, loginFailuresPerAddress, loginWindowMs: windowMs } = this.limits;
    return {
      byAddress: { key: `login:address:${address}`, limit: loginFailuresPerAddress, windowMs },
      email: { key: `login:email:${emailKey}`, limit: loginFailuresPerEmail, windowMs },
    };
  }

  /**
   * Counts the attempt against each check in turn (a limit of 0 skips its check) and
   * stops at the first one past its limit, whose window says how long to wait: the
   * checks after it are neither counted nor created.
   */
  private async attempt(checks: readonly Check[]): Promise<ThrottleVerdict> {
    const now = this.clock.now();
    for (const check of checks) {
      if (check.limit <= 0) continue;
      const window = await this.counter.increment(check.key, check.windowMs, now);
      if (window.count > check.limit) {
        return { kind: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil((window.resetsAt - now) / 1000)) };
      }
    }
    return { kind: 'allowed' };
  }
}
