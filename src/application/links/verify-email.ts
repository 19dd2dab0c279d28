import type { UserId } from '../../domain/shared/user.js';
import type { LinkTokens } from './link-tokens.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import { userStore, type Transactions } from '../shared/ports/transactions.js';
import { tokenStore } from '../links/ports/one-time-tokens.js';

/** The verification form: the token of the link, as sent. */
export interface VerifyEmailInput {
  /** Anything the form carried; only a well-formed token is looked up. */
  readonly token: unknown;
  /** The request it came in, for the event. */
  readonly request: RequestContext;
}

/** The outcome; `invalid-token` tells nothing of why (malformed, unknown, used, expired, superseded). */
export type VerifyEmailResult = { readonly kind: 'ok'; readonly userId: UserId } | { readonly kind: 'invalid-token' };

/**
 * Marks an address verified with the token of the link sent to it: the owner opened
 * the mailbox. The token is used in the same transaction, so it works once. A
 * verification is an `email.verified` event on the user's activity.
 */
export class VerifyEmail {
  constructor(
    private readonly transactions: Transactions,
    private readonly linkTokens: LinkTokens,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: VerifyEmailInput): Promise<VerifyEmailResult> {
    const now = this.clock.now();
    const userId = await this.transactions.run(async (tx) => {
      const stores = { tokens: tx.get(tokenStore), users: tx.get(userStore) };
      const used = await this.linkTokens.consume(stores, 'email-verification', input.token, now);
      if (!used) return null;
      if (!used.user.emailVerified) await stores.users.markEmailVerified(used.user.id);
      return used.user.id;
    });
    if (userId === null) return { kind: 'invalid-token' };
    await this.events.record({ type: 'email.verified', userId, request: input.request });
    return { kind: 'ok', userId };
  }
}
