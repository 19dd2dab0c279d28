import type { Database, Statement } from 'better-sqlite3';
import type { Knex } from 'knex';

/** Distinct SQL texts kept prepared; the app's compiled statements are a few dozen. */
const PREPARED_LIMIT = 200;

/**
 * The app's compiled statements on SQLite, run straight through better-sqlite3's
 * public API on the connection knex made (handed over by knex's documented
 * `pool.afterCreate` hook): each distinct SQL text is prepared once, and a run is a
 * synchronous call with no pool acquire, runner or promise chain in between. That way
 * is several times cheaper than `knex.raw` for the one-row reads and writes of every
 * page view and login (bench/RESULTS.md has the side-by-side figures).
 *
 * The contract it relies on, and keeps:
 * - The pool holds exactly one connection (min 1, max 1), for the life of the knex
 *   instance; `:memory:` needs that anyway.
 * - A statement runs whole, synchronously, in its own implicit transaction, so it
 *   cannot interleave with a knex query, which is also one synchronous call.
 * - While a knex transaction is open on the connection (better-sqlite3's public
 *   `inTransaction`), a statement goes through knex instead, and so waits for the
 *   pool's one connection until the transaction ends: it never runs inside another
 *   caller's transaction, and never sees rows that were not committed.
 * - Values are bound as knex's better-sqlite3 client binds them: a Date as epoch
 *   milliseconds, a boolean as 0/1, and `undefined` refused, so rows written either
 *   way read the same (the contract suites run every adapter on SQLite).
 * - Each run emits knex's documented `query` event, when anyone listens, so that
 *   tracing sees these statements as it sees knex's own.
 */
export class SqliteStatements {
  private connection: Database | null = null;
  private readonly prepared = new Map<string, Statement>();
  private events: Pick<Knex, 'emit' | 'listenerCount'> | null = null;

  /** Takes the connection knex has just made (from `pool.afterCreate`). */
  adopt(connection: Database): void {
    this.connection = connection;
    this.prepared.clear();
  }

  /** Where the `query` events go: the knex instance the statements belong to. */
  reportTo(events: Pick<Knex, 'emit' | 'listenerCount'>): void {
    this.events = events;
  }

  /**
   * False until knex has made the connection, after it is closed, and while a
   * transaction is open on it: then statements go through knex.
   */
  get ready(): boolean {
    const { connection } = this;
    return connection?.open === true && !connection.inTransaction;
  }

  /**
   * Runs one statement: a SELECT gives its rows, a write `{ changes }`, as knex's
   * better-sqlite3 client does. Throws what better-sqlite3 throws.
   */
  run(sql: string, values: readonly unknown[]): unknown[] | { changes: number } {
    const { connection } = this;
    if (!connection?.open) throw new Error('SQLite statements: the connection is not open');
    if (values.includes(undefined)) {
      throw new Error(`Undefined binding(s) detected when compiling a SQLite statement: ${sql}`);
    }
    const bound = values.map(asSqliteValue);
    const { events } = this;
    if (events && events.listenerCount('query') > 0) events.emit('query', { sql, bindings: bound, method: 'raw' });
    const statement = this.statement(connection, sql);
    return statement.reader ? statement.all(bound) : { changes: statement.run(bound).changes };
  }

  private statement(connection: Database, sql: string): Statement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      if (this.prepared.size >= PREPARED_LIMIT) this.prepared.clear();
      this.prepared.set(sql, statement);
    }
    return statement;
  }
}

/** A value as knex's better-sqlite3 client binds it: dates as epoch ms, booleans as 0/1. */
function asSqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'boolean') return Number(value);
  return value;
}

const registry = new WeakMap<Knex, SqliteStatements>();

/** Makes `db`'s compiled statements run through `statements` once its connection is made. */
export function registerSqliteStatements(db: Knex, statements: SqliteStatements): void {
  statements.reportTo(db);
  registry.set(db, statements);
}

/** The direct statements of a knex instance that `openDatabase` opened on SQLite; undefined otherwise. */
export function sqliteStatementsOf(db: Knex): SqliteStatements | undefined {
  return registry.get(db);
}
