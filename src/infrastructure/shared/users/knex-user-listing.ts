import type { Knex } from 'knex';
import {
  assertPageSize,
  type UserCriteria,
  type UserPageQuery,
  type UserSearchQuery,
} from '../../../application/shared/ports/user-repository.js';
import type { User } from '../../../domain/shared/user.js';
import { compiledSelect, LITERAL } from '../../persistence/compiled-query.js';
import type { DatabaseUrl } from '../../persistence/database-url.js';
import { type SearchedEmail, searchedEmail, whereCriteria } from './knex-user-criteria.js';
import { toUser, USER_COLUMNS as COLUMNS, type UserRow } from './knex-user-rows.js';

/** The compiled queries of a page of the user list: the first page, and the page after an id. */
interface Page {
  readonly first: () => Promise<UserRow[]>;
  readonly after: (afterId: number) => Promise<UserRow[]>;
}

/**
 * The queries of `KnexUserRepository` that read many users: the pages of the list (the
 * unfiltered ones compiled once, the specification's `/users`), the searches and the
 * counts of the administration pages.
 */
export class KnexUserListing {
  /** The two page queries of each page size asked for (the app asks for one). */
  private readonly pages = new Map<number, Page>();
  /** How searches compare and order the email on this database. */
  private readonly email: SearchedEmail;

  constructor(
    private readonly db: Knex,
    client: DatabaseUrl['client'],
    /** No stored id is larger. */
    private readonly maxId: number,
  ) {
    this.email = searchedEmail(db, client);
  }

  async list(query: UserPageQuery): Promise<User[]> {
    const page = this.page(query.limit);
    const { afterId, filter = null } = query;
    if (afterId !== null && afterId >= this.maxId) return [];
    if (filter !== null) {
      const filtered = this.where({ filter, search: null }).orderBy('id', 'asc').limit(query.limit);
      const rows: UserRow[] = await (afterId === null ? filtered : filtered.where('id', '>', afterId));
      return rows.map(toUser);
    }
    const rows = afterId === null ? await page.first() : await page.after(afterId);
    return rows.map(toUser);
  }

  async search(query: UserSearchQuery): Promise<User[]> {
    assertPageSize(query.limit);
    const { column } = this.email;
    const found = this.where(query).orderBy(column, 'asc').limit(query.limit);
    const rows: UserRow[] = await (query.afterEmail === null ? found : found.where(column, '>', query.afterEmail));
    return rows.map(toUser);
  }

  async count(criteria: UserCriteria): Promise<number> {
    const [row] = await whereCriteria(this.db('users').count({ n: '*' }), criteria, this.email);
    // pg counts in a bigint, which it returns as a string.
    return Number((row as { n: number | string } | undefined)?.n ?? 0);
  }

  /** The users' columns, narrowed to the criteria. */
  private where(criteria: UserCriteria): Knex.QueryBuilder {
    return whereCriteria(this.db('users').select(COLUMNS), criteria, this.email);
  }

  private page(limit: number): Page {
    assertPageSize(limit);
    let page = this.pages.get(limit);
    if (!page) {
      const { db } = this;
      const ordered = () => db('users').select(COLUMNS).orderBy('id', 'asc').limit(limit, LITERAL);
      page = {
        first: compiledSelect(db, 0, () => ordered()),
        after: compiledSelect(db, 1, (afterId) => ordered().where('id', '>', afterId)),
      };
      // A handful at most: the page size is the caller's constant, not a visitor's input.
      if (this.pages.size >= 8) this.pages.clear();
      this.pages.set(limit, page);
    }
    return page;
  }
}
