import { Email } from '../domain/email.js';
import { PASSWORD_MAX_BYTES, passwordByteLength } from '../domain/password-policy.js';
import type { UserId } from '../domain/user.js';
import type { AuthThrottle } from './auth-throttle.js';
import type { PasswordHasher } from './ports/password-hasher.js';
import type { UserRepository } from './ports/user-repository.js';

/** The login form, as plain strings, and where it came from. */
export interface LogInInput {
  readonly email: string;
  readonly password: string;
  /** The client's address, for the per-address throttle. */
  readonly clientAddress: string;
}

/** The outcome of a login attempt. */
export type LogInResult =
  | { readonly kind: 'ok'; readonly userId: UserId }
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
 * work as a wrong password, and counts as a failure for the throttle.
 */
export class LogIn {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: AuthThrottle,
  ) {}

  async execute(input: LogInInput): Promise<LogInResult> {
    const email = Email.parse(input.email);
    // Malformed emails are throttled too, under the text as typed, normalised alike.
    const emailKey = email?.value ?? input.email.trim().toLowerCase();
    const verdict = await this.throttle.attemptLogin(emailKey, input.clientAddress);
    if (verdict.kind === 'throttled') return verdict;

    const result = await this.check(email, input.password);
    if (result.kind === 'ok') await this.throttle.loginSucceeded(emailKey, input.clientAddress);
    return result;
  }

  private async check(email: Email | null, password: string): Promise<LogInResult> {
    // No password that long can have been accepted at sign-up; refuse it unhashed.
    if (passwordByteLength(password) > PASSWORD_MAX_BYTES) return INVALID;
    const user = email ? await this.users.findByEmail(email) : null;
    const matches = await this.hasher.verify(password, user?.passwordHash ?? null);
    if (!user || !matches) return INVALID;
    // Refused also when a lock landed during the hash comparison (or the user went).
    if (user.lockedAt !== null || !(await this.users.recordLogin(user.id))) return { kind: 'locked', userId: user.id };

    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.updatePasswordHash(user.id, await this.hasher.hash(password));
    }
    return { kind: 'ok', userId: user.id };
  }
}
