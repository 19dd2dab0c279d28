import type { UserId } from '../../domain/shared/user.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** Whose session asks for an administrator page, and in which request. */
export interface AuthorizeAdminInput {
  /** The session's user; none for an anonymous session, which is denied. */
  readonly userId: UserId | undefined;
  readonly request?: RequestContext;
}

/** Whether the user may see administrator pages. */
export type AuthorizeAdminResult = { readonly kind: 'allowed' } | { readonly kind: 'denied' };

/**
 * Reads the user record afresh on every call, so that granting or revoking the
 * flag takes effect on the very next request of an existing session. A locked
 * administrator is refused too, should a session of theirs have outlived the lock.
 * A refusal is recorded as `admin.refused`.
 */
export class AuthorizeAdmin {
  constructor(
    private readonly users: UserRepository,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: AuthorizeAdminInput): Promise<AuthorizeAdminResult> {
    const { userId } = input;
    const user = userId === undefined ? null : await this.users.findById(userId);
    if (user?.admin === true && user.lockedAt === null) return { kind: 'allowed' };
    await this.events.record({
      type: 'admin.refused',
      ...(userId !== undefined && { userId }),
      ...(input.request && { request: input.request }),
    });
    return { kind: 'denied' };
  }
}
