import type { Clock } from '../shared/ports/clock.js';
import type { OneTimeTokens } from './ports/one-time-tokens.js';
import { isWellFormedToken, type SecretTokens } from '../shared/ports/secret-tokens.js';

/** What an email-change link would do, or that it does nothing any more. */
export type PreviewEmailChangeResult =
  | { readonly kind: 'ok'; readonly newEmail: string }
  // Malformed, unknown, used or expired alike.
  | { readonly kind: 'invalid-token' };

/**
 * Reads an email-change link without using it, for the page that asks to confirm:
 * mail scanners and link previews open links, so opening one changes nothing.
 */
export class PreviewEmailChange {
  constructor(
    private readonly secrets: SecretTokens,
    private readonly tokens: OneTimeTokens,
    private readonly clock: Clock,
  ) {}

  /** `token` is what the visitor sent, of any shape. */
  async execute(token: unknown): Promise<PreviewEmailChangeResult> {
    if (!isWellFormedToken(token)) return { kind: 'invalid-token' };
    const stored = await this.tokens.find('email-change', this.secrets.hashOf(token), this.clock.now());
    return stored?.newEmail ? { kind: 'ok', newEmail: stored.newEmail } : { kind: 'invalid-token' };
  }
}
