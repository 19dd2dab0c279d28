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
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

const INVALID: LogInResult = { kind: 'invalid-credentials' };

/**
 * Checks an email and password against the stored hash, unless the throttle says
 * this email or address has failed too often. A stored hash of another algorithm
 * than the configured one, or of a lower cost, is replaced after a successful check.
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

    const userId = await this.check(email, input.password);
    if (userId === null) return INVALID;
    await this.throttle.loginSucceeded(emailKey, input.clientAddress);
    return { kind: 'ok', userId };
  }

  private async check(email: Email | null, password: string): Promise<UserId | null> {
    // No password that long can have been accepted at sign-up; refuse it unhashed.
    if (passwordByteLength(password) > PASSWORD_MAX_BYTES) return null;
    const user = email ? await this.users.findByEmail(email) : null;
    const matches = await this.hasher.verify(password, user?.passwordHash ?? null);
    if (!user || !matches) return null;

    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.updatePasswordHash(user.id, await this.hasher.hash(password));
    }
    return user.id;
  }
}
