import type { AttemptCounter } from './ports/attempt-counter.js';
import type { Clock } from './ports/clock.js';

/** How many attempts are allowed per window; a limit of 0 turns that check off. */
export interface ThrottleLimits {
  /** Failed logins per normalised email, whether or not an account has it. */
  readonly loginFailuresPerEmail: number;
  /** Failed logins per client address, whatever the emails. */
  readonly loginFailuresPerAddress: number;
  /** The window of both login limits. */
  readonly loginWindowMs: number;
  /** Sign-up attempts that reach the user store, per client address. */
  readonly signUpsPerAddress: number;
  /** The window of the sign-up limit. */
  readonly signUpWindowMs: number;
}

/** Defaults well inside OWASP ASVS's "at most 100 failed attempts per hour per account". */
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  loginFailuresPerEmail: 10,
  loginFailuresPerAddress: 50,
  loginWindowMs: 15 * 60 * 1000,
  signUpsPerAddress: 20,
  signUpWindowMs: 60 * 60 * 1000,
};

/** Allowed, or refused for this many more seconds. */
export type ThrottleVerdict =
  { readonly kind: 'allowed' } | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

interface Check {
  readonly key: string;
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Brute-force limits for logging in and signing up, on fixed windows counted in an
 * `AttemptCounter`. A login is judged before the password is checked, and failures
 * are counted per email whether or not an account has it, so the throttle's answers
 * reveal nothing about which emails exist.
 */
export class AuthThrottle {
  constructor(
    private readonly counter: AttemptCounter,
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  ) {}

  /** Whether a login for `emailKey` from `address` may be checked now. */
  checkLogin(emailKey: string, address: string): Promise<ThrottleVerdict> {
    return this.verdict(this.loginChecks(emailKey, address));
  }

  /** Counts a failed login against the email and the address. */
  async loginFailed(emailKey: string, address: string): Promise<void> {
    await this.record(this.loginChecks(emailKey, address));
  }

  /**
   * Clears the email's failures after a successful login (the owner proved
   * themselves); the address's failures stay, or one account of an attacker's own
   * would reset their budget for guessing others.
   */
  async loginSucceeded(emailKey: string): Promise<void> {
    if (this.limits.loginFailuresPerEmail > 0) await this.counter.reset(`login:email:${emailKey}`);
  }

  /** Whether a sign-up from `address` may go ahead now. */
  checkSignUp(address: string): Promise<ThrottleVerdict> {
    return this.verdict(this.signUpChecks(address));
  }

  /** Counts a sign-up attempt against the address. */
  async signUpAttempted(address: string): Promise<void> {
    await this.record(this.signUpChecks(address));
  }

  private loginChecks(emailKey: string, address: string): Check[] {
    const { loginFailuresPerEmail, loginFailuresPerAddress, loginWindowMs: windowMs } = this.limits;
    return [
      { key: `login:email:${emailKey}`, limit: loginFailuresPerEmail, windowMs },
      { key: `login:address:${address}`, limit: loginFailuresPerAddress, windowMs },
    ];
  }

  private signUpChecks(address: string): Check[] {
    const { signUpsPerAddress: limit, signUpWindowMs: windowMs } = this.limits;
    return [{ key: `signup:address:${address}`, limit, windowMs }];
  }

  private async verdict(checks: readonly Check[]): Promise<ThrottleVerdict> {
    const now = this.clock.now();
    let resetsAt = 0;
    for (const check of checks.filter((c) => c.limit > 0)) {
      const window = await this.counter.get(check.key, now);
      if (window && window.count >= check.limit) resetsAt = Math.max(resetsAt, window.resetsAt);
    }
    if (resetsAt === 0) return { kind: 'allowed' };
    return { kind: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now) / 1000)) };
  }

  private async record(checks: readonly Check[]): Promise<void> {
    const now = this.clock.now();
    for (const check of checks.filter((c) => c.limit > 0)) await this.counter.increment(check.key, check.windowMs, now);
  }
}
