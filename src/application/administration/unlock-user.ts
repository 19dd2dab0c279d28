import type { UserId } from '../../domain/shared/user.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';

/** The outcome; `changed` is false when the account was not locked. */
export type UnlockUserResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly email: string; readonly changed: boolean }
  | UserNotFound;

/** Lets a locked user log in again. */
export class UnlockUser {
  constructor(private readonly users: UserRepository) {}

  async execute(input: { readonly user: UserRef }): Promise<UnlockUserResult> {
    const found = await findUser(this.users, input.user);
    if (found.kind !== 'found') return found;
    const { user } = found;
    const changed = user.lockedAt !== null;
    // Gone since it was read: the next look at the user says so.
    if (changed && !(await this.users.setLocked(user.id, false))) return { kind: 'not-found' };
    return { kind: 'ok', userId: user.id, email: user.email.value, changed };
  }
}
