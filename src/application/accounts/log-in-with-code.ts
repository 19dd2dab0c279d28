import { Email } from '../../domain/shared/email.js';
import type { User, UserId } from '../../domain/shared/user.js';
import type { OneTimeTokens, TokenRecord } from '../links/ports/one-time-tokens.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { PendingLogin, PendingLogins } from './pending-login.js';
import {
  isWellFormedLoginCode,
  LOGIN_CODE_LIFETIME_MS,
  LOGIN_CODE_MAX_TRIES,
  type LoginCodeSecrets,
} from './ports/login-codes.js';
import type { SecondStep } from './ports/second-step.js';

/** The code form: the address the code was asked for, the code as typed, and the request. */
export interface LogInWithCodeInput {
  readonly email: string;
  readonly code: string;
  readonly request: RequestContext;
  /** "Keep me logged in on this device": kept with a pending login until it completes. */
  readonly remember?: boolean;
}

/** The outcome of a code typed to log in. */
export type LogInWithCodeResult =
  | { readonly kind: 'ok'; readonly userId: UserId }
  // The code was right and a second factor must follow, exactly as after a password.
  | { readonly kind: 'second-step'; readonly pending: PendingLogin }
  // Not 8 digits: refused before any look-up.
  | { readonly kind: 'malformed-code' }
  // Wrong, expired, used, superseded, past its tries, or an unknown or locked account alike.
  | { readonly kind: 'invalid-code' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

const INVALID: LogInWithCodeResult = { kind: 'invalid-code' };

/**
 * Logs in with a code emailed by RequestLoginCode. The code is a first factor: it
 * stands for the password, so a user with a second factor gets a pending login as
 * after a password (LogIn). It proves the mailbox, so it marks the address verified.
 * Each try counts against the login throttle (per address and per email) and against
 * the code's own budget of five tries; past that the code is deleted. A locked
 * account is answered as an unknown one. Events: `login-code.used` for a right code
 * (and `login.succeeded` with method `email-code` when no second step follows),
 * `login-code.refused` with a reason otherwise.
 */
export class LogInWithCode {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: OneTimeTokens,
    private readonly secrets: LoginCodeSecrets,
    private readonly throttle: AuthThrottle,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
    private readonly secondSteps: readonly SecondStep[],
    private readonly pendingLogins: PendingLogins,
  ) {}

  async execute(input: LogInWithCodeInput): Promise<LogInWithCodeResult> {
    const email = Email.parse(input.email);
    const code = input.code.replace(/\s/g, '');
    if (!isWellFormedLoginCode(code) || !email) {
      this.refused(input.request, email, null, 'malformed');
      return { kind: 'malformed-code' };
    }
    const verdict = await this.throttle.attemptLogin(email.value, input.request.ip);
    if (verdict.kind === 'throttled') {
      this.refused(input.request, email, null, 'throttled');
      return verdict;
    }
    const user = await this.users.findByEmail(email);
    if (!user) return this.refused(input.request, email, null, 'unknown');
    if (user.lockedAt !== null) return this.refused(input.request, email, user, 'locked');

    const now = this.clock.now();
    const live = await this.liveCode(user.id, now);
    if (!live) return this.refused(input.request, email, user, 'no-code');
    const tries = await this.throttle.attemptLoginCodeTry(user.id, LOGIN_CODE_MAX_TRIES, LOGIN_CODE_LIFETIME_MS);
    if (tries.kind === 'throttled') {
      await this.tokens.deleteAllOfUser(user.id, 'login-code');
      return this.refused(input.request, email, user, 'too-many-tries');
    }
    const used = await this.tokens.consume('login-code', this.secrets.hashOf(user.id, code), now);
    if (!used || used.newEmail !== user.email.value) return this.refused(input.request, email, user, 'wrong-code');
    return this.loggedIn(user, input);
  }

  private async loggedIn(user: User, input: LogInWithCodeInput): Promise<LogInWithCodeResult> {
    // Refused also when a lock landed meanwhile (or the user went).
    if (!(await this.users.recordLogin(user.id))) return this.refused(input.request, user.email, user, 'locked');
    if (!user.emailVerified) await this.users.markEmailVerified(user.id);
    await this.throttle.loginSucceeded(user.email.value, input.request.ip);
    await this.events.record({ type: 'login-code.used', userId: user.id, request: input.request });
    for (const step of this.secondSteps) {
      if (!(await step.needed(user.id))) continue;
      return { kind: 'second-step', pending: this.pendingLogins.start(user, input.remember ?? false) };
    }
    await this.events.record({ type: 'login.succeeded', userId: user.id, method: 'email-code', request: input.request });
    return { kind: 'ok', userId: user.id };
  }

  /** The account's newest live code: unused and unexpired (an older one was superseded and removed). */
  private async liveCode(userId: UserId, now: number): Promise<TokenRecord | null> {
    const codes = (await this.tokens.listOfUser(userId)).filter(
      (token) => token.purpose === 'login-code' && token.usedAt === null && token.expiresAt > now,
    );
    return codes.at(-1) ?? null;
  }

  /** Records a refusal without waiting for it (as LogIn does), and answers as for any wrong code. */
  private refused(request: RequestContext, email: Email | null, user: User | null, reason: string): LogInWithCodeResult {
    void this.events.record({
      type: 'login-code.refused',
      reason,
      request,
      ...(user && { userId: user.id }),
      ...(email && { email }),
    });
    return INVALID;
  }
}
