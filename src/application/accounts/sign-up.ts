import { Email } from '../../domain/shared/email.js';
import { EmailTakenError } from '../../domain/shared/errors.js';
import type { PasswordLimits } from '../../domain/shared/password-policy.js';
import { parsePhone } from '../../domain/shared/phone.js';
import type { UserId } from '../../domain/shared/user.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { LinkTokens } from '../links/link-tokens.js';
import type { Clock } from '../shared/ports/clock.js';
import type { CommonPasswords } from '../shared/ports/common-passwords.js';
import { type BreachedPasswords, NO_BREACHED_PASSWORDS } from '../shared/ports/breached-passwords.js';
import { checkNewPasswordWith } from '../shared/new-password-check.js';
import type { PasswordHasher } from '../shared/ports/password-hasher.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import { userStore, type Transactions } from '../shared/ports/transactions.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { tokenStore } from '../links/ports/one-time-tokens.js';
import { askedIn } from '../mail/outgoing-mail.js';

/** The sign-up form, as plain strings, and where it came from. */
export interface SignUpInput {
  readonly email: string;
  readonly password: string;
  readonly phone?: string | undefined;
  /** Its address keys the per-address throttle; all of it goes with the sign-up's event. */
  readonly request: RequestContext;
}

/** The outcome of a sign-up; every failure leaves storage untouched. */
export type SignUpResult =
  | { readonly kind: 'ok'; readonly userId: UserId }
  | { readonly kind: 'email-taken' }
  | { readonly kind: 'invalid-email' }
  | { readonly kind: 'password-too-short' }
  | { readonly kind: 'password-too-long' }
  | { readonly kind: 'password-too-common' }
  | { readonly kind: 'password-context-word' }
  | { readonly kind: 'password-breached' }
  | { readonly kind: 'invalid-phone' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

/**
 * Registers a new user with a hashed password. Never sets the admin flag. Sign-ups
 * that reach the user store are limited per client address, which also slows down
 * probing for registered emails through "Email already taken.". The user is created
 * unverified, and the email verification link is queued in the same transaction, so
 * there is never an account whose link was lost, nor a link to an account not created.
 * Every answer is a security event: `signup.succeeded` on the new account's activity,
 * or a logged `signup.refused` with the reason (and the typed email, when it is one).
 */
export class SignUp {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly commonPasswords: CommonPasswords,
    private readonly throttle: AuthThrottle,
    private readonly transactions: Transactions,
    private readonly linkTokens: LinkTokens,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
    /** The hasher's limits on a new password's length (PASSWORD_HASHER). */
    private readonly passwordLimits: PasswordLimits,
    /** Passwords known from breaches (BREACHED_PASSWORDS); none when off. */
    private readonly breachedPasswords: BreachedPasswords = NO_BREACHED_PASSWORDS,
    /** The host of APP_URL, whose words a new password must not contain; null: none. */
    private readonly deploymentHost: string | null = null,
  ) {}

  async execute(input: SignUpInput): Promise<SignUpResult> {
    const email = Email.parse(input.email);
    const result = await this.register(input, email);
    const { request } = input;
    if (result.kind === 'ok') await this.events.record({ type: 'signup.succeeded', userId: result.userId, request });
    else await this.events.record({ type: 'signup.refused', reason: result.kind, ...(email && { email }), request });
    return result;
  }

  private async register(input: SignUpInput, email: Email | null): Promise<SignUpResult> {
    if (!email) return { kind: 'invalid-email' };
    const verdict = await this.throttle.attemptSignUp(input.request.ip);
    if (verdict.kind === 'throttled') return verdict;
    // docs/behaviour.md: look the email up first; a taken email fails whatever else was typed.
    if (await this.users.findByEmail(email)) return { kind: 'email-taken' };

    const phone = parsePhone(input.phone);
    const owner = { email: email.value, phone: phone.ok ? phone.phone : null };
    const passwordProblem = await checkNewPasswordWith(input.password, this.passwordLimits, this.commonPasswords, this.breachedPasswords, {
      host: this.deploymentHost,
      owner,
    });
    if (passwordProblem) return { kind: passwordProblem };
    if (!phone.ok) return { kind: 'invalid-phone' };
    const passwordHash = await this.hasher.hash(input.password);
    try {
      const now = this.clock.now();
      const userId = await this.transactions.run(async (tx) => {
        const stores = { outbox: tx.get(outboxStore), tokens: tx.get(tokenStore), users: tx.get(userStore) };
        const user = await stores.users.create({ email, passwordHash, phone: phone.phone });
        const { link, expiresInMinutes } = await this.linkTokens.issue(stores.tokens, 'email-verification', user, now);
        await stores.outbox.enqueue({ kind: 'email-verification', to: user.email.value, link, expiresInMinutes, ...askedIn(input.request) }, now);
        return user.id;
      });
      return { kind: 'ok', userId };
    } catch (error) {
      // Two sign-ups raced past the look-up; the unique index decided.
      if (error instanceof EmailTakenError) return { kind: 'email-taken' };
      throw error;
    }
  }
}
