import type { LinkTokens, OwnAddressPurpose } from './link-tokens.js';
import type { Clock } from '../shared/ports/clock.js';
import type { OneTimeTokens } from './ports/one-time-tokens.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** Which link, and the token it carried, as sent. */
export interface CheckLinkTokenInput {
  readonly purpose: OwnAddressPurpose;
  /** Anything the query string carried; only a well-formed token is looked up. */
  readonly token: unknown;
}

/** Whether the link still works; `invalid` tells nothing of why (malformed, unknown, used, expired). */
export type CheckLinkTokenResult = { readonly kind: 'valid' } | { readonly kind: 'invalid' };

/**
 * Tells whether the token of a link still works, without using it or changing anything:
 * for the page a link opens (mail scanners and link previews open links too), which
 * shows a form only for a link that works.
 */
export class CheckLinkToken {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: OneTimeTokens,
    private readonly linkTokens: LinkTokens,
    private readonly clock: Clock,
  ) {}

  async execute(input: CheckLinkTokenInput): Promise<CheckLinkTokenResult> {
    const stores = { users: this.users, tokens: this.tokens };
    const live = await this.linkTokens.find(stores, input.purpose, input.token, this.clock.now());
    return live ? { kind: 'valid' } : { kind: 'invalid' };
  }
}
