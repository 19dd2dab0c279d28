import type { UserId } from '../../domain/shared/user.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** Whether the user may see administrator pages. */
export type AuthorizeAdminResult = { readonly kind: 'allowed' } | { readonly kind: 'denied' };

/**
 * Reads the user record afresh on every call, so that granting or revoking the
 * flag takes effect on the very next request of an existing session. A locked
 * administrator is refused too, should a session of theirs have outlived the lock.
 */
export class AuthorizeAdmin {
  constructor(private readonly users: UserRepository) {}

  async execute(userId: UserId): Promise<AuthorizeAdminResult> {
    const user = await this.users.findById(userId);
    return user?.admin === true && user.lockedAt === null ? { kind: 'allowed' } : { kind: 'denied' };
  }
}
