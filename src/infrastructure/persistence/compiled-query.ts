import type { Knex } from 'knex';
import { databaseClientOf } from './database.js';
import { sqliteStatementsOf } from './sqlite-statements.js';

/** Stands for the n-th argument while the query is built; never reaches the database. */
const placeholder = (n: number) => `\u0000gatehouse-argument-${n}\u0000`;

/**
 * Pass to `.limit(n, LITERAL)` (knex's documented `skipBinding` option): the row limit
 * is written into the SQL text instead of bound, so every run of a compiled statement
 * sends the same text and the same kind of values. knex has already made the value an
 * integer, so nothing else reaches the text.
 */
export const LITERAL = { skipBinding: true } as const;

/** A query built by knex's query builder from stand-ins for its arguments. */
type Build = (...args: string[]) => Knex.QueryBuilder;

/**
 * A statement built once with knex's query builder (`toSQL()`) and then run through
 * `knex.raw` with each call's values: the same SQL text, driver, pool and query events
 * as the builder's own run, without building and compiling the query again on every
 * call of a hot path (a page view, a login). `build` receives stand-ins for the
 * arguments and must use each as a bound value (a `where`, an inserted or updated
 * value), never as an identifier, and must write a row limit literally (`LITERAL`).
 * Resolves with the driver's raw result. On SQLite, once knex has made its connection,
 * it runs through `SqliteStatements` instead of `knex.raw`. On PostgreSQL it runs as a
 * named prepared statement (knex's documented `.options()` hands pg its `name`): each
 * connection parses and plans it once, not on every run.
 */
function compiledStatement<Args extends unknown[]>(
  db: Knex,
  arity: Args['length'],
  build: Build,
): (...args: Args) => Promise<unknown> {
  const stand = Array.from({ length: arity }, (_, n) => placeholder(n));
  const { sql, bindings } = build(...stand).toSQL();
  if (/\b(limit|offset)\s+\?/i.test(sql)) {
    throw new Error(`compiled query: write the row limit literally (.limit(n, LITERAL), not .first()): ${sql}`);
  }
  const slots = bindings.map((value) => stand.indexOf(value as string));
  for (let n = 0; n < arity; n += 1) {
    if (!slots.includes(n)) throw new Error(`compiled query: argument ${n} is not a bound value of: ${sql}`);
  }
  const direct = sqliteStatementsOf(db);
  const options = databaseClientOf(db) === 'postgres' ? { name: statementName(sql) } : null;
  return (...args) => {
    const values = bindings.map((value, i) => {
      const slot = slots[i] ?? -1;
      return slot >= 0 ? args[slot] : value;
    });
    if (direct?.ready) {
      try {
        return Promise.resolve(direct.run(sql, values));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    const query = db.raw(sql, values as Knex.RawBinding[]);
    return (options ? query.options(options) : query).then((result: unknown) => result);
  };
}

/** The name of each distinct SQL text prepared on PostgreSQL: one text per name, as pg requires. */
const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `gatehouse_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** A SELECT compiled once (see `compiledStatement`); resolves with its rows. */
export function compiledSelect<Row, Args extends unknown[]>(
  db: Knex,
  arity: Args['length'],
  build: Build,
): (...args: Args) => Promise<Row[]> {
  const run = compiledStatement<Args>(db, arity, build);
  return async (...args) => rowsOf<Row>(await run(...args));
}

/** An INSERT, UPDATE or DELETE compiled once (see `compiledStatement`); resolves with the rows it changed. */
export function compiledWrite<Args extends unknown[]>(
  db: Knex,
  arity: Args['length'],
  build: Build,
): (...args: Args) => Promise<number> {
  const run = compiledStatement<Args>(db, arity, build);
  return async (...args) => affectedRows(await run(...args));
}

/** The rows of a raw SELECT: better-sqlite3 gives the rows, mysql2 `[rows, fields]`, pg `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  if (Array.isArray(result)) return (Array.isArray(result[0]) ? result[0] : result) as Row[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('compiled query: the driver returned no rows');
  return rows as Row[];
}

/**
 * The changed rows of a raw write: better-sqlite3 gives `{ changes }`, mysql2
 * `[{ affectedRows }]`, pg `{ rowCount }`.
 */
function affectedRows(result: unknown): number {
  const header = (Array.isArray(result) ? result[0] : result) as {
    changes?: unknown;
    affectedRows?: unknown;
    rowCount?: unknown;
  } | null;
  const count = header?.changes ?? header?.affectedRows ?? header?.rowCount;
  if (typeof count !== 'number' && typeof count !== 'bigint') throw new Error('compiled query: the driver returned no row count');
  return Number(count);
}
