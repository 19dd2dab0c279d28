import type { UserId } from '../../domain/shared/user.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/**
 * Whether the admin gate would let this user in (the same rule as `AuthorizeAdmin`: the
 * flag, and not locked), read afresh, without recording anything: what every page's
 * navigation asks before it offers the Admin and Users links. A refusal here is no
 * event, since nobody asked for an administrator page. A user deleted meanwhile has no
 * access.
 */
export class CheckAdminAccess {
  constructor(private readonly users: UserRepository) {}

  async execute(userId: UserId): Promise<boolean> {
    const user = await this.users.findById(userId);
    return user?.admin === true && user.lockedAt === null;
  }
}
