import { EMAIL_MAX_LENGTH, isEmailFragment } from '../../domain/shared/email.js';
import type { UserId } from '../../domain/shared/user.js';
import type { EmailSearch, UserFilter, UserRepository } from '../shared/ports/user-repository.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Logger } from '../shared/ports/logger.js';
import { UserTotals } from './user-totals.js';
import { toUserView, type UserView } from '../shared/user-view.js';

/** Users shown on one page of the list. */
export const USERS_PAGE_SIZE = 50;

/** Which page of which users: all, or those a filter keeps, or those a search finds. */
export interface ListUsersInput {
  /** Without a search: the users after this id (in id order), or the first page when null. */
  readonly afterId: UserId | null;
  /** What was typed into the search box, as typed; absent or blank: no search. */
  readonly query?: string;
  /** How the query meets an address: at its start (the default) or anywhere. */
  readonly match?: EmailSearch['match'];
  readonly filter?: UserFilter | null;
  /** With a search: the users after this email (in email order), or the first page when null. */
  readonly afterEmail?: string | null;
}

/** One page of users, how many there are in all, and the cursor of the next page when there is one. */
export type ListUsersResult =
  | {
      readonly kind: 'ok';
      readonly users: readonly UserView[];
      /** Every user the filter and search select, on this page or another. */
      readonly total: number;
      /** Without a search: the next page starts after this id. */
      readonly nextAfterId: UserId | null;
      /** With a search: the next page starts after this email. */
      readonly nextAfterEmail: string | null;
    }
  // Longer than any address: refused, not searched.
  | { readonly kind: 'query-too-long' };

/**
 * Lists users a page at a time, by keyset (never by offset): all of them or a filter's
 * in id order, the users a search finds in email order (the order of the email index).
 * The search ignores case (addresses are stored lower-case); text that no address can
 * hold finds nobody without a query.
 */
export class ListUsers {
  private readonly totals: UserTotals;

  constructor(
    private readonly users: UserRepository,
    clock: Clock,
    logger: Logger,
  ) {
    this.totals = new UserTotals(users, clock, logger);
  }

  async execute(input: ListUsersInput): Promise<ListUsersResult> {
    const text = (input.query ?? '').trim().toLowerCase();
    if (text.length > EMAIL_MAX_LENGTH) return { kind: 'query-too-long' };
    const filter = input.filter ?? null;
    if (text === '') {
      const rows = await this.users.list({ afterId: input.afterId, limit: USERS_PAGE_SIZE + 1, filter });
      const total = await this.totals.of({ filter, search: null });
      const { page, last } = pageOf(rows);
      return { kind: 'ok', users: page.map(toUserView), total, nextAfterId: last?.id ?? null, nextAfterEmail: null };
    }
    if (!isEmailFragment(text)) return { kind: 'ok', users: [], total: 0, nextAfterId: null, nextAfterEmail: null };
    const search: EmailSearch = { text, match: input.match ?? 'prefix' };
    const afterEmail = input.afterEmail ?? null;
    const rows = await this.users.search({ search, filter, afterEmail, limit: USERS_PAGE_SIZE + 1 });
    const total = await this.totals.of({ filter, search });
    const { page, last } = pageOf(rows);
    return { kind: 'ok', users: page.map(toUserView), total, nextAfterId: null, nextAfterEmail: last?.email.value ?? null };
  }
}

/** A page of at most USERS_PAGE_SIZE rows, and its last row when another page follows. */
function pageOf<Row>(rows: readonly Row[]): { page: readonly Row[]; last: Row | undefined } {
  // One extra row tells whether another page follows.
  const page = rows.slice(0, USERS_PAGE_SIZE);
  return { page, last: rows.length > USERS_PAGE_SIZE ? page.at(-1) : undefined };
}
