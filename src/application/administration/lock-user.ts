import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from '../devices/end-sessions.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import type { Clock } from '../shared/ports/clock.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { findUser, isLastAdministrator, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { userStore } from '../shared/ports/transactions.js';
import { actDone, type ActedBy, actingAs, actOnNobody, actRefused } from './admin-act.js';

/** The outcome; `changed` is false when the account was locked already. */
export type LockUserResult =
  | {
      readonly kind: 'ok';
      readonly userId: UserId;
      readonly email: string;
      readonly changed: boolean;
      readonly sessionsEnded: number;
    }
  // The user is the only administrator who can log in: the account stays open.
  | { readonly kind: 'last-admin'; readonly userId: UserId; readonly email: string }
  | UserNotFound;

/**
 * Locks an account (one under attack, say): the user can no longer log in, and every
 * session (and remembered login) of theirs ends. Locking a locked account changes
 * nothing but ends the sessions again, so it also ends one that a login racing the
 * first lock may have opened. The only administrator who can log in is never locked.
 * A lock that changes the account queues a notice to its owner (saying who locked it)
 * on the lock's transaction; locking it again sends none.
 * Recorded as `admin.user-locked` on the user's activity (`reason: unchanged` when it was
 * locked already), naming who did it; a refusal as `admin.action-refused`.
 */
export class LockUser {
  constructor(
    private readonly transactions: Transactions,
    private readonly endSessions: EndSessions,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: { readonly user: UserRef } & ActedBy): Promise<LockUserResult> {
    const result = await this.transactions.run(async (tx): Promise<LockUserResult> => {
      const users = tx.get(userStore);
      const found = await findUser(users, input.user);
      if (found.kind !== 'found') return found;
      const { user } = found;
      const summary = { userId: user.id, email: user.email.value };
      if (await isLastAdministrator(users, user)) return { kind: 'last-admin', ...summary };
      const changed = user.lockedAt === null;
      if (changed) {
        await users.setLocked(user.id, true);
        const notice = { kind: 'acted-on-by-admin', to: user.email.value, act: 'locked', by: actingAs(input) } as const;
        await tx.get(outboxStore).enqueue(notice, this.clock.now());
      }
      return { kind: 'ok', ...summary, changed, sessionsEnded: 0 };
    });
    switch (result.kind) {
      case 'ok': {
        const locked = { ...result, sessionsEnded: await this.endSessions.ofUser(result.userId) };
        await this.events.record(actDone('admin.user-locked', input, result, { unchanged: !result.changed }));
        return locked;
      }
      case 'last-admin':
        await this.events.record(actRefused('lock', input, result.userId, 'last-admin'));
        return result;
      default:
        await this.events.record(actOnNobody('lock', input, input.user, result));
        return result;
    }
  }
}
