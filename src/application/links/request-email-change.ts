import { Email } from '../../domain/shared/email.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { CurrentPasswordCheck, CurrentPasswordRefusal, CurrentPasswordInput } from '../shared/current-password-check.js';
import type { AccountLinks } from './ports/account-links.js';
import type { Clock } from '../shared/ports/clock.js';
import type { SecretTokens } from '../shared/ports/secret-tokens.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import { recordPasswordRefusal } from '../shared/password-refusal-event.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { tokenStore } from '../links/ports/one-time-tokens.js';
import { userStore } from '../shared/ports/transactions.js';
import { askedIn } from '../mail/outgoing-mail.js';

/** The change-email form of a logged-in user, and where it came from. */
export interface RequestEmailChangeInput extends CurrentPasswordInput {
  readonly newEmail: string;
}

/**
 * The outcome of asking for a new email address. `ok` says a link is on its way to
 * `newEmail`, whether or not another account has that address: the answer must not
 * tell which addresses are registered.
 */
export type RequestEmailChangeResult =
  | { readonly kind: 'ok'; readonly newEmail: string }
  | { readonly kind: 'invalid-email' }
  | { readonly kind: 'same-email' }
  // Too many links asked for lately (each mails an address of the user's choosing).
  | { readonly kind: 'too-many-requests'; readonly retryAfterSeconds: number }
  | CurrentPasswordRefusal;

/**
 * Starts a change of email address: nothing changes until the owner of the new
 * address follows the link sent there (ConfirmEmailChange). A newer request
 * supersedes an older link. An address another account has gets no message (its
 * owner asked for nothing) but the same answer and the same writes as a free one.
 * A request is an `account.email-change-requested` event on the user's activity; too
 * many requests, a wrong current password, or one the throttle kept from being checked,
 * an `account.refused`.
 */
export class RequestEmailChange {
  constructor(
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly throttle: AuthThrottle,
    private readonly secrets: SecretTokens,
    private readonly links: AccountLinks,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: RequestEmailChangeInput): Promise<RequestEmailChangeResult> {
    const newEmail = Email.parse(input.newEmail);
    if (!newEmail) return { kind: 'invalid-email' };
    const { userId, request } = input;
    const checked = await this.currentPassword.checkChange(userId, input.currentPassword, request.ip, input.confirmedAt ?? null);
    if (checked.kind !== 'ok') {
      await recordPasswordRefusal(this.events, 'account.refused', userId, checked, request);
      return checked;
    }
    if (checked.user.email.equals(newEmail)) return { kind: 'same-email' };
    const verdict = await this.throttle.attemptEmailChange(userId);
    if (verdict.kind === 'throttled') {
      await this.events.record({ type: 'account.refused', userId, reason: 'too-many-requests', request });
      return { kind: 'too-many-requests', retryAfterSeconds: verdict.retryAfterSeconds };
    }

    const secret = this.secrets.create();
    const now = this.clock.now();
    const expiresAt = now + this.ttlMs;
    await this.transactions.run(async (tx) => {
      const users = tx.get(userStore);
      const tokens = tx.get(tokenStore);
      const outbox = tx.get(outboxStore);
      await tokens.issue({
        tokenHash: secret.hash,
        purpose: 'email-change',
        userId,
        newEmail: newEmail.value,
        expiresAt,
      });
      if (await users.findByEmail(newEmail)) return;
      const link = this.links.emailChange(secret.token);
      const expiresInMinutes = Math.round(this.ttlMs / 60_000);
      await outbox.enqueue({ kind: 'email-change-confirmation', to: newEmail.value, link, expiresInMinutes, ...askedIn(request) }, now);
    });
    await this.events.record({ type: 'account.email-change-requested', userId, request });
    return { kind: 'ok', newEmail: newEmail.value };
  }
}
