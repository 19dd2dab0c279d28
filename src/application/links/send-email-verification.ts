import type { UserId } from '../../domain/shared/user.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { LinkTokens } from './link-tokens.js';
import type { Clock } from '../shared/ports/clock.js';
import { userStore, type Transactions } from '../shared/ports/transactions.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { tokenStore } from '../links/ports/one-time-tokens.js';

/** The outcome of asking for the verification link again. */
export type SendEmailVerificationResult =
  | { readonly kind: 'sent'; readonly email: string }
  | { readonly kind: 'already-verified' }
  // The account was removed while the session lived.
  | { readonly kind: 'not-found' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

/**
 * Sends the logged-in user a new email verification link (from the profile); the new
 * link supersedes the one sent before. Limited per user, so the button cannot be used
 * to flood a mailbox.
 */
export class SendEmailVerification {
  constructor(
    private readonly transactions: Transactions,
    private readonly linkTokens: LinkTokens,
    private readonly clock: Clock,
    private readonly throttle: AuthThrottle,
  ) {}

  /** `askedIn`: the language of the request the user asks in, for a user who saved none. */
  async execute(userId: UserId, askedIn?: string): Promise<SendEmailVerificationResult> {
    const verdict = await this.throttle.attemptVerificationEmail(userId);
    if (verdict.kind === 'throttled') return verdict;
    const now = this.clock.now();
    return this.transactions.run(async (tx): Promise<SendEmailVerificationResult> => {
      const stores = { outbox: tx.get(outboxStore), tokens: tx.get(tokenStore), users: tx.get(userStore) };
      const user = await stores.users.findById(userId);
      if (!user) return { kind: 'not-found' };
      if (user.emailVerified) return { kind: 'already-verified' };
      const { link, expiresInMinutes } = await this.linkTokens.issue(stores.tokens, 'email-verification', user, now);
      await stores.outbox.enqueue({ kind: 'email-verification', to: user.email.value, link, expiresInMinutes, ...(askedIn !== undefined && { askedIn }) }, now);
      return { kind: 'sent', email: user.email.value };
    });
  }
}
