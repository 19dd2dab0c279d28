import type { Knex } from 'knex';

/** The part of a better-sqlite3 connection a direct read uses. */
export interface ReadableConnection {
  readonly open: boolean;
  prepare(sql: string): { all(values: readonly unknown[]): unknown[] };
}

/** The part of knex's (tarn) pool that says whether its connection is in use. */
interface PoolState {
  numUsed(): number;
  numPendingAcquires(): number;
}

/**
 * SELECTs run at once on the single connection of an SQLite pool while nothing holds
 * it, instead of through knex's runner and pool. better-sqlite3 answers a read by
 * primary key in a few microseconds, but the way through knex (a pool acquire with
 * its timer, the runner, a release, four promises) cost about 30 µs more per query
 * on this machine, and a logged-in page makes two (issue 7).
 *
 * Why it is safe: the pool holds one connection, better-sqlite3 is synchronous and
 * JavaScript runs one thing at a time, so a connection that no one has acquired
 * cannot be inside a transaction or a query at that instant (a knex transaction
 * keeps its connection acquired until it commits or rolls back). When it is held,
 * or others wait for it, the read goes through knex and waits its turn.
 */
export class IdleConnectionReads {
  private connection: ReadableConnection | null = null;
  private client: { readonly pool?: PoolState } | null = null;

  /** The pool's connection, from its afterCreate hook. */
  adopt(connection: ReadableConnection): void {
    this.connection = connection;
  }

  /** The knex instance the connection belongs to (its pool is read on each call: knex may make a new one). */
  watch(db: Knex): void {
    this.client = db.client as { readonly pool?: PoolState };
  }

  /** The rows of a SELECT, or `undefined` when it must go through knex (connection held, closed, or not yet made). */
  tryAll(sql: string, values: readonly unknown[]): unknown[] | undefined {
    const { connection } = this;
    const pool = this.client?.pool;
    if (!connection?.open || !pool || pool.numUsed() !== 0 || pool.numPendingAcquires() !== 0) return undefined;
    return connection.prepare(sql).all(values.map(asSqliteValue));
  }
}

/** What knex's better-sqlite3 client does to each binding: dates as epoch ms, booleans as 0/1. */
function asSqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'boolean') return Number(value);
  return value;
}

const registry = new WeakMap<Knex, IdleConnectionReads>();

/** Makes `db`'s SELECTs compiled by `compiledSelect` use `reads` when its connection is idle. */
export function registerIdleConnectionReads(db: Knex, reads: IdleConnectionReads): void {
  reads.watch(db);
  registry.set(db, reads);
}

/** The direct reads of a knex instance opened by `openDatabase` on SQLite; undefined otherwise. */
export function idleConnectionReadsOf(db: Knex): IdleConnectionReads | undefined {
  return registry.get(db);
}
