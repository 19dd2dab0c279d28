import { Email } from '../../domain/shared/email.js';
import type { LinkTokens } from './link-tokens.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Transactions } from '../shared/ports/transactions.js';

/** The outcome; `link` is for the operator to hand over, and supersedes any link sent before. */
export type CreatePasswordResetLinkResult =
  | { readonly kind: 'ok'; readonly email: string; readonly link: string; readonly expiresAt: number }
  | { readonly kind: 'invalid-email' }
  | { readonly kind: 'unknown-email' };

/**
 * Makes a password reset link for an operator helping a user without mail
 * (`npm run cli -- user reset-link`): the token is stored as for an emailed link, and
 * no message is sent.
 */
export class CreatePasswordResetLink {
  constructor(
    private readonly transactions: Transactions,
    private readonly linkTokens: LinkTokens,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly email: string }): Promise<CreatePasswordResetLinkResult> {
    const email = Email.parse(input.email);
    if (!email) return { kind: 'invalid-email' };
    const now = this.clock.now();
    return this.transactions.run(async (stores): Promise<CreatePasswordResetLinkResult> => {
      const user = await stores.users.findByEmail(email);
      if (!user) return { kind: 'unknown-email' };
      const { link, expiresAt } = await this.linkTokens.issue(stores.tokens, 'password-reset', user, now);
      return { kind: 'ok', email: user.email.value, link, expiresAt };
    });
  }
}
