import { Email } from '../domain/email.js';
import { PASSWORD_MAX_BYTES, passwordByteLength } from '../domain/password-policy.js';
import type { UserId } from '../domain/user.js';
import type { PasswordHasher } from './ports/password-hasher.js';
import type { UserRepository } from './ports/user-repository.js';

/** The login form, as plain strings. */
export interface LogInInput {
  readonly email: string;
  readonly password: string;
}

/** The outcome of a login attempt. */
export type LogInResult =
  | { readonly kind: 'ok'; readonly userId: UserId }
  // Unknown email and wrong password alike, so the answer reveals no account.
  | { readonly kind: 'invalid-credentials' };

const INVALID: LogInResult = { kind: 'invalid-credentials' };

/**
 * Checks an email and password against the stored hash. A stored hash made at a
 * lower cost than configured is replaced after a successful check.
 */
export class LogIn {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(input: LogInInput): Promise<LogInResult> {
    // No password that long can have been accepted at sign-up; refuse it unhashed.
    if (passwordByteLength(input.password) > PASSWORD_MAX_BYTES) return INVALID;
    const email = Email.parse(input.email);
    const user = email ? await this.users.findByEmail(email) : null;
    const matches = await this.hasher.verify(input.password, user?.passwordHash ?? null);
    if (!user || !matches) return INVALID;

    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.updatePasswordHash(user.id, await this.hasher.hash(input.password));
    }
    return { kind: 'ok', userId: user.id };
  }
}
