import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from '../devices/end-sessions.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';

/** The outcome: how many sessions ended (none on a second try). */
export type RevokeUserSessionsResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly email: string; readonly sessionsEnded: number }
  | UserNotFound;

/** Logs a user out everywhere: every session (and remembered login) of theirs ends; they may log in again. */
export class RevokeUserSessions {
  constructor(
    private readonly users: UserRepository,
    private readonly endSessions: EndSessions,
  ) {}

  async execute(input: { readonly user: UserRef }): Promise<RevokeUserSessionsResult> {
    const found = await findUser(this.users, input.user);
    if (found.kind !== 'found') return found;
    const { user } = found;
    return { kind: 'ok', userId: user.id, email: user.email.value, sessionsEnded: await this.endSessions.ofUser(user.id) };
  }
}
