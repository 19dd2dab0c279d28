import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from '../devices/end-sessions.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import type { Clock } from '../shared/ports/clock.js';
import { type Transactions, userStore } from '../shared/ports/transactions.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { actDone, type ActedBy, actingAs, actOnNobody } from './admin-act.js';

/** The outcome: how many sessions ended (none on a second try). */
export type RevokeUserSessionsResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly email: string; readonly sessionsEnded: number }
  | UserNotFound;

/**
 * Logs a user out everywhere: every session (and remembered login) of theirs ends; they
 * may log in again. The notice to the owner (saying who did it) is queued on a
 * transaction before the sessions end, so no session ends unannounced; should ending
 * them fail, the act is refused (an error) and a second try ends them. Recorded as
 * `admin.sessions-revoked` on the user's activity, naming who did it.
 */
export class RevokeUserSessions {
  constructor(
    private readonly transactions: Transactions,
    private readonly endSessions: EndSessions,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: { readonly user: UserRef } & ActedBy): Promise<RevokeUserSessionsResult> {
    const found = await this.transactions.run(async (tx) => {
      const user = await findUser(tx.get(userStore), input.user);
      if (user.kind !== 'found') return user;
      const notice = { kind: 'acted-on-by-admin', to: user.user.email.value, act: 'logged-out-everywhere', by: actingAs(input) } as const;
      await tx.get(outboxStore).enqueue(notice, this.clock.now());
      return user;
    });
    if (found.kind !== 'found') {
      await this.events.record(actOnNobody('revoke-sessions', input, input.user, found));
      return found;
    }
    const { user } = found;
    const sessionsEnded = await this.endSessions.ofUser(user.id);
    await this.events.record(actDone('admin.sessions-revoked', input, { userId: user.id, email: user.email.value }));
    return { kind: 'ok', userId: user.id, email: user.email.value, sessionsEnded };
  }
}
