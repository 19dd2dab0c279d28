import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from '../devices/end-sessions.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { actDone, type ActedBy, actOnNobody } from './admin-act.js';

/** The outcome: how many sessions ended (none on a second try). */
export type RevokeUserSessionsResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly email: string; readonly sessionsEnded: number }
  | UserNotFound;

/**
 * Logs a user out everywhere: every session (and remembered login) of theirs ends; they
 * may log in again. Recorded as `admin.sessions-revoked` on the user's activity, naming who did it.
 */
export class RevokeUserSessions {
  constructor(
    private readonly users: UserRepository,
    private readonly endSessions: EndSessions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: { readonly user: UserRef } & ActedBy): Promise<RevokeUserSessionsResult> {
    const found = await findUser(this.users, input.user);
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
