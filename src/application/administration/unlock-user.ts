import type { UserId } from '../../domain/shared/user.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { actDone, type ActedBy, actOnNobody } from './admin-act.js';

/** The outcome; `changed` is false when the account was not locked. */
export type UnlockUserResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly email: string; readonly changed: boolean }
  | UserNotFound;

/**
 * Lets a locked user log in again. Recorded as `admin.user-unlocked` on the user's
 * activity (`reason: unchanged` when it was not locked), naming who did it.
 */
export class UnlockUser {
  constructor(
    private readonly users: UserRepository,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: { readonly user: UserRef } & ActedBy): Promise<UnlockUserResult> {
    const result = await this.unlock(input.user);
    await this.events.record(
      result.kind === 'ok'
        ? actDone('admin.user-unlocked', input, result, { unchanged: !result.changed })
        : actOnNobody('unlock', input, input.user, result),
    );
    return result;
  }

  private async unlock(ref: UserRef): Promise<UnlockUserResult> {
    const found = await findUser(this.users, ref);
    if (found.kind !== 'found') return found;
    const { user } = found;
    const changed = user.lockedAt !== null;
    // Gone since it was read: the next look at the user says so.
    if (changed && !(await this.users.setLocked(user.id, false))) return { kind: 'not-found' };
    return { kind: 'ok', userId: user.id, email: user.email.value, changed };
  }
}
