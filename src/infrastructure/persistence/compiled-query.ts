import type { Knex } from 'knex';

/** Stands for the n-th argument while the query is built; never reaches the database. */
const placeholder = (n: number) => `\u0000gatehouse-argument-${n}\u0000`;

/**
 * A SELECT built once with knex's query builder and then run through `knex.raw` with
 * each call's values: the same SQL text and the same driver, without rebuilding and
 * recompiling the query on every call. Knex's builder cost about 30 µs per query here,
 * more than SQLite spent answering it (issue 7), and the session and user lookups run
 * on every logged-in page. `build` receives stand-ins for the arguments and must use
 * each as a bound value (a `where`, a `limit`), never as an identifier.
 */
export function compiledSelect<Row, Args extends unknown[]>(
  db: Knex,
  arity: Args['length'],
  build: (...args: string[]) => Knex.QueryBuilder,
): (...args: Args) => Promise<Row[]> {
  const stand = Array.from({ length: arity }, (_, n) => placeholder(n));
  const { sql, bindings } = build(...stand).toSQL();
  const slots = bindings.map((value) => stand.indexOf(value as string));
  for (let n = 0; n < arity; n += 1) {
    if (!slots.includes(n)) throw new Error(`compiledSelect: argument ${n} is not a bound value of: ${sql}`);
  }
  return async (...args) => {
    const values = bindings.map((value, i) => {
      const slot = slots[i] ?? -1;
      return slot >= 0 ? args[slot] : value;
    });
    return rowsOf<Row>(await db.raw(sql, values as Knex.RawBinding[]));
  };
}

/** The rows of a raw SELECT: better-sqlite3 gives the rows, mysql2 `[rows, fields]`. */
function rowsOf<Row>(result: unknown): Row[] {
  if (!Array.isArray(result)) throw new Error('compiledSelect: the driver returned no rows');
  return (Array.isArray(result[0]) ? result[0] : result) as Row[];
}
