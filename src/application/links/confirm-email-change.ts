import { Email } from '../../domain/shared/email.js';
import { EmailTakenError } from '../../domain/shared/errors.js';
import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import { isWellFormedToken, type SecretTokens } from '../shared/ports/secret-tokens.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { tokenStore } from '../links/ports/one-time-tokens.js';
import { userStore } from '../shared/ports/transactions.js';

/** The button of the page an email-change link opens. */
export interface ConfirmEmailChangeInput {
  /** What the visitor sent, of any shape; only a well-formed token is looked up. */
  readonly token: unknown;
  /** The request it came in, for the event. */
  readonly request: RequestContext;
}

/** The outcome of following an email-change link. */
export type ConfirmEmailChangeResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly newEmail: string }
  // Malformed, unknown, used or expired alike: the page says no more than that.
  | { readonly kind: 'invalid-token' }
  // Another account took the address after the link was sent; nothing changed.
  | { readonly kind: 'email-taken' };

const INVALID: ConfirmEmailChangeResult = { kind: 'invalid-token' };
const TAKEN: ConfirmEmailChangeResult = { kind: 'email-taken' };

/**
 * Makes the change of email address that a link sent to the new address proves: the
 * address becomes the login name and counts as verified. Using the token, changing
 * the address, voiding every other link of the user (they went to the old address)
 * and telling the old address are one transaction. When another account took the
 * address meanwhile, nothing changes, the link included (it stays usable until it expires).
 * A change is an `account.email-changed` event on the user's activity.
 */
export class ConfirmEmailChange {
  constructor(
    private readonly secrets: SecretTokens,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: ConfirmEmailChangeInput): Promise<ConfirmEmailChangeResult> {
    const result = await this.change(input.token);
    if (result.kind === 'ok') await this.events.record({ type: 'account.email-changed', userId: result.userId, request: input.request });
    return result;
  }

  private async change(token: unknown): Promise<ConfirmEmailChangeResult> {
    if (!isWellFormedToken(token)) return INVALID;
    const tokenHash = this.secrets.hashOf(token);
    const now = this.clock.now();
    try {
      return await this.transactions.run(async (tx) => {
        const users = tx.get(userStore);
        const tokens = tx.get(tokenStore);
        const outbox = tx.get(outboxStore);
        const stored = await tokens.consume('email-change', tokenHash, now);
        const user = stored?.newEmail ? await users.findById(stored.userId) : null;
        if (!stored?.newEmail || !user) return INVALID;
        const newEmail = Email.fromTrusted(stored.newEmail);
        const holder = await users.findByEmail(newEmail);
        // Thrown, so the transaction rolls back the use of the token too.
        if (holder && holder.id !== user.id) throw new EmailTakenError();
        await users.changeEmail(user.id, newEmail);
        await tokens.deleteAllOfUser(user.id);
        await outbox.enqueue({ kind: 'email-changed', to: user.email.value, newEmail: newEmail.value }, now);
        return { kind: 'ok', userId: user.id, newEmail: newEmail.value };
      });
    } catch (error) {
      // Found taken, or taken between the look-up and the write (the unique index decided;
      // on PostgreSQL the transaction is unusable after the violation): all rolled back.
      if (error instanceof EmailTakenError) return TAKEN;
      throw error;
    }
  }
}
