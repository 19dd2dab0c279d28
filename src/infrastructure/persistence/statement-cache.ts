/** The part of a better-sqlite3 `Database` the cache wraps. */
export interface PreparesStatements<Statement> {
  prepare(sql: string): Statement;
}

/** Distinct SQL texts kept prepared per connection; the app issues about a dozen. */
export const STATEMENT_CACHE_LIMIT = 200;

/**
 * Makes a better-sqlite3 connection prepare each distinct SQL text once. Knex's
 * better-sqlite3 client calls `prepare` for every query, and compiling the statement
 * was the largest single cost of a logged-in page view (issue 7: two queries per page,
 * the session and the user). A prepared statement holds no state between runs that
 * knex relies on (it binds its values on every run), and SQLite re-prepares it by
 * itself after a schema change. The cache forgets its oldest entry when full. One
 * setting does stay with a statement: knex calls `statement.safeIntegers(x)` when a
 * query passes `.options({ safeIntegers })`, and a cached statement keeps it for later
 * runs of the same SQL; nothing here passes that option.
 */
export function cacheStatements<Statement>(
  connection: PreparesStatements<Statement>,
  limit = STATEMENT_CACHE_LIMIT,
): void {
  const prepare = connection.prepare.bind(connection);
  const prepared = new Map<string, Statement>();
  connection.prepare = (sql: string) => {
    let statement = prepared.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (prepared.size >= limit) prepared.delete(prepared.keys().next().value as string);
      prepared.set(sql, statement);
    }
    return statement;
  };
}
