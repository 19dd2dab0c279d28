import type { UserId } from '../../domain/shared/user.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { LinkTokens } from '../links/link-tokens.js';
import type { Clock } from '../shared/ports/clock.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import { userStore, type Transactions } from '../shared/ports/transactions.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { tokenStore } from '../links/ports/one-time-tokens.js';
import { actDone, type ActedBy, actOnNobody } from './admin-act.js';

/** The outcome; `recently-sent` when a link went out moments ago and no second one was sent. */
export type SendPasswordResetResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly email: string }
  | { readonly kind: 'recently-sent'; readonly userId: UserId; readonly email: string }
  | UserNotFound;

/**
 * Sends a user the password reset message that "Forgot your password?" sends, on an
 * administrator's behalf: a new link (superseding older ones) and the message queued in
 * one transaction. One a minute at most per user (`AuthThrottle`), so a double click
 * does not send a second link that voids the first. Recorded as `admin.reset-sent` on
 * the user's activity (`reason: unchanged` when none was sent again), naming who did it.
 */
export class SendPasswordReset {
  constructor(
    private readonly users: UserRepository,
    private readonly transactions: Transactions,
    private readonly linkTokens: LinkTokens,
    private readonly clock: Clock,
    private readonly throttle: AuthThrottle,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: { readonly user: UserRef } & ActedBy): Promise<SendPasswordResetResult> {
    const result = await this.send(input.user);
    await this.events.record(
      result.kind === 'not-found' || result.kind === 'invalid-email'
        ? actOnNobody('send-password-reset', input, input.user, result)
        : actDone('admin.reset-sent', input, result, { unchanged: result.kind === 'recently-sent' }),
    );
    return result;
  }

  private async send(ref: UserRef): Promise<SendPasswordResetResult> {
    const found = await findUser(this.users, ref);
    if (found.kind !== 'found') return found;
    const summary = { userId: found.user.id, email: found.user.email.value };
    // Counted outside the transaction: on SQLite the counter shares its one connection.
    const verdict = await this.throttle.attemptAdminPasswordReset(summary.userId);
    if (verdict.kind === 'throttled') return { kind: 'recently-sent', ...summary };
    const now = this.clock.now();
    return this.transactions.run(async (tx): Promise<SendPasswordResetResult> => {
      const stores = { outbox: tx.get(outboxStore), tokens: tx.get(tokenStore), users: tx.get(userStore) };
      // Read again inside: the address the link is bound to must be the one it goes to.
      const user = await stores.users.findById(summary.userId);
      if (!user) return { kind: 'not-found' };
      const { link, expiresInMinutes } = await this.linkTokens.issue(stores.tokens, 'password-reset', user, now);
      await stores.outbox.enqueue({ kind: 'password-reset', to: user.email.value, link, expiresInMinutes }, now);
      return { kind: 'ok', userId: user.id, email: user.email.value };
    });
  }
}
