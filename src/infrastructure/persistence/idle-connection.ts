import type { Knex } from 'knex';

/** The part of a better-sqlite3 connection a direct statement uses. */
export interface DirectConnection {
  readonly open: boolean;
  prepare(sql: string): {
    readonly reader: boolean;
    all(values: readonly unknown[]): unknown[];
    run(values: readonly unknown[]): { changes: number };
  };
}

/** The part of knex's (tarn) pool that says whether its connection is in use. */
interface PoolState {
  numUsed(): number;
  numPendingAcquires(): number;
}

/**
 * Compiled statements run at once on the single connection of an SQLite pool while
 * nothing holds it, instead of through knex's runner and pool. better-sqlite3 answers
 * a read by primary key in a few microseconds, but the way through knex (a pool
 * acquire with its timer, the runner, a release, four promises) cost about 30 µs
 * more per query on this machine; a logged-in page makes two reads, a login four
 * writes (issue 7).
 *
 * Why it is safe: the pool holds one connection, better-sqlite3 is synchronous and
 * JavaScript runs one thing at a time, so a connection that no one has acquired
 * cannot be inside a transaction or a query at that instant (a knex transaction
 * keeps its connection acquired until it commits or rolls back), and the statement
 * runs whole, in its own implicit transaction, before anything else can. When the
 * connection is held, or others wait for it, the statement goes through knex and
 * waits its turn.
 */
export class IdleConnection {
  private connection: DirectConnection | null = null;
  private client: { readonly pool?: PoolState } | null = null;

  /** The pool's connection, from its afterCreate hook. */
  adopt(connection: DirectConnection): void {
    this.connection = connection;
  }

  /** The knex instance the connection belongs to (its pool is read on each call: knex may make a new one). */
  watch(db: Knex): void {
    this.client = db.client as { readonly pool?: PoolState };
  }

  /**
   * Runs the statement now: a SELECT resolves with its rows, a write with
   * `{ changes }`, as knex's better-sqlite3 client would. `undefined` when it must go
   * through knex instead: connection held, closed, or not made yet, or an `undefined`
   * value, which better-sqlite3 would bind as NULL and knex refuses (so both ways agree).
   */
  tryRun(sql: string, values: readonly unknown[]): unknown {
    const { connection } = this;
    const pool = this.client?.pool;
    if (!connection?.open || !pool || pool.numUsed() !== 0 || pool.numPendingAcquires() !== 0) return undefined;
    if (values.includes(undefined)) return undefined;
    const statement = connection.prepare(sql);
    const bound = values.map(asSqliteValue);
    return statement.reader ? statement.all(bound) : statement.run(bound);
  }
}

/** What knex's better-sqlite3 client does to each binding: dates as epoch ms, booleans as 0/1. */
function asSqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'boolean') return Number(value);
  return value;
}

const registry = new WeakMap<Knex, IdleConnection>();

/** Makes `db`'s compiled statements (`compiledSelect`, `compiledWrite`) use `idle` when its connection is free. */
export function registerIdleConnection(db: Knex, idle: IdleConnection): void {
  idle.watch(db);
  registry.set(db, idle);
}

/** The idle connection of a knex instance opened by `openDatabase` on SQLite; undefined otherwise. */
export function idleConnectionOf(db: Knex): IdleConnection | undefined {
  return registry.get(db);
}
