import type { UserId } from '../domain/user.js';
import type { UserRepository } from './ports/user-repository.js';
import { toUserView, type UserView } from './user-view.js';

/** Users shown on one page of the list. */
export const USERS_PAGE_SIZE = 50;

/** Which page: the users after this id, or the first page when null. */
export interface ListUsersInput {
  readonly afterId: UserId | null;
}

/** One page of users, and the cursor of the next page when there is one. */
export interface ListUsersResult {
  readonly kind: 'ok';
  readonly users: readonly UserView[];
  readonly nextAfterId: UserId | null;
}

/** Lists users in id order, a page at a time, by keyset (never by offset). */
export class ListUsers {
  constructor(private readonly users: UserRepository) {}

  async execute(input: ListUsersInput): Promise<ListUsersResult> {
    // One extra row tells whether another page follows, without a count query.
    const rows = await this.users.list({ afterId: input.afterId, limit: USERS_PAGE_SIZE + 1 });
    const page = rows.slice(0, USERS_PAGE_SIZE);
    const last = page.at(-1);
    const nextAfterId = rows.length > USERS_PAGE_SIZE && last ? last.id : null;
    return { kind: 'ok', users: page.map(toUserView), nextAfterId };
  }
}
