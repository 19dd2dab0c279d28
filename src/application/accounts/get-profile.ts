import type { UserId } from '../../domain/shared/user.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { toUserView, type UserView } from '../shared/user-view.js';

/** The logged-in user's own record, or `not-found` when it was deleted meanwhile. */
export type GetProfileResult = { readonly kind: 'ok'; readonly profile: UserView } | { readonly kind: 'not-found' };

/** Reads the profile of one user. */
export class GetProfile {
  constructor(private readonly users: UserRepository) {}

  async execute(userId: UserId): Promise<GetProfileResult> {
    const user = await this.users.findById(userId);
    return user ? { kind: 'ok', profile: toUserView(user) } : { kind: 'not-found' };
  }
}
