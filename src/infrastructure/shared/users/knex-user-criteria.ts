import type { Knex } from 'knex';
import type { EmailSearch, UserCriteria } from '../../../application/shared/ports/user-repository.js';
import { unhandled } from '../../../application/shared/unhandled.js';
import type { DatabaseUrl } from '../../persistence/database-url.js';

/** LIKE's escape character: not one an address may hold. */
const ESCAPE = '\\';

/** The email as a search compares and orders it, and how a prefix is found in it. */
export interface SearchedEmail {
  /** The column, or on PostgreSQL the column in byte order (`COLLATE "C"`). */
  readonly column: Knex.Raw;
  /** A range of the index when it compares bytes; MySQL's LIKE otherwise. */
  readonly prefixByRange: boolean;
}

/**
 * How each database searches the email through an index, in one order that the keyset
 * pagination follows:
 * - SQLite: the unique index compares bytes, so a prefix is a range of it
 *   (`email >= 'abc' AND email < 'abc\x7f'`; addresses hold printable ASCII only, all
 *   below `\x7f`, so the range holds exactly the addresses that start with the text).
 *   Its LIKE ignores case and so cannot use that index.
 * - PostgreSQL: the same range on `email COLLATE "C"`, through
 *   `users_email_bytes_index`: the unique index follows the database's collation.
 * - MySQL: `LIKE 'abc%'`, which uses the unique index in the column's collation.
 */
export function searchedEmail(db: Knex, client: DatabaseUrl['client']): SearchedEmail {
  if (client === 'postgres') return { column: db.raw('?? collate "C"', ['email']), prefixByRange: true };
  return { column: db.raw('??', ['email']), prefixByRange: client === 'sqlite' };
}

/**
 * Narrows a query of `users` to the users that meet the criteria: the filters are plain
 * column tests; a substring is `LIKE '%abc%'` everywhere, a scan of the email index or
 * of the table, measured and explained in docs/administration.md.
 */
export function whereCriteria(query: Knex.QueryBuilder, criteria: UserCriteria, email: SearchedEmail): Knex.QueryBuilder {
  const { filter, search } = criteria;
  if (search) whereSearch(query, search, email);
  switch (filter) {
    case null:
      return query;
    case 'admins':
      return query.where('admin', true);
    case 'unverified':
      return query.whereNull('email_verified_at');
    case 'locked':
      return query.whereNotNull('locked_at');
    default:
      return unhandled(filter);
  }
}

function whereSearch(query: Knex.QueryBuilder, search: EmailSearch, email: SearchedEmail): void {
  const { text } = search;
  if (search.match === 'prefix' && email.prefixByRange) {
    query.where(email.column, '>=', text).andWhere(email.column, '<', `${text}\u007f`);
    return;
  }
  const pattern = search.match === 'prefix' ? `${escapeLike(text)}%` : `%${escapeLike(text)}%`;
  query.whereRaw('?? like ? escape ?', ['email', pattern, ESCAPE]);
}

/** The text with LIKE's wildcards (`%`, `_`) and the escape character itself taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `${ESCAPE}${character}`);
}
