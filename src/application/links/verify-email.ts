import type { UserId } from '../../domain/shared/user.js';
import type { LinkTokens } from './link-tokens.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Transactions } from '../shared/ports/transactions.js';

/** The verification form: the token of the link, as sent. */
export interface VerifyEmailInput {
  /** Anything the form carried; only a well-formed token is looked up. */
  readonly token: unknown;
}

/** The outcome; `invalid-token` tells nothing of why (malformed, unknown, used, expired, superseded). */
export type VerifyEmailResult = { readonly kind: 'ok'; readonly userId: UserId } | { readonly kind: 'invalid-token' };

/**
 * Marks an address verified with the token of the link sent to it: the owner opened
 * the mailbox. The token is used in the same transaction, so it works once.
 */
export class VerifyEmail {
  constructor(
    private readonly transactions: Transactions,
    private readonly linkTokens: LinkTokens,
    private readonly clock: Clock,
  ) {}

  async execute(input: VerifyEmailInput): Promise<VerifyEmailResult> {
    const now = this.clock.now();
    const userId = await this.transactions.run(async (stores) => {
      const used = await this.linkTokens.consume(stores, 'email-verification', input.token, now);
      if (!used) return null;
      if (!used.user.emailVerified) await stores.users.markEmailVerified(used.user.id);
      return used.user.id;
    });
    return userId === null ? { kind: 'invalid-token' } : { kind: 'ok', userId };
  }
}
