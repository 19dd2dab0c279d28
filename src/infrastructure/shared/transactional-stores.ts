import type { Knex } from 'knex';

/**
 * A store a feature adds to every transaction of the unit of work: the name it has in
 * the stores a transaction's work receives, and how to open it on a knex transaction.
 * Each feature binds its own (`sharedIds.sqlTransactionalStores`), so the unit of work
 * names no feature's table.
 */
export interface SqlTransactionalStore {
  readonly name: string;
  open(trx: Knex.Transaction): unknown;
}

/** An in-memory store's way back to an earlier state, for a rolled-back transaction. */
export interface Snapshotting {
  /** Copies the state now; the function it returns puts it back. */
  snapshot(): () => void;
}

/** The in-memory twin of SqlTransactionalStore: the store itself, put back when a transaction rolls back. */
export interface MemoryTransactionalStore {
  readonly name: string;
  readonly store: Snapshotting;
}

/**
 * The store bound under a feature's id, as a transactional store: it must be an
 * in-memory one (a test that swaps in a store of its own swaps in one that snapshots).
 */
export function memoryStore(name: string, store: unknown): MemoryTransactionalStore {
  if (typeof (store as Partial<Snapshotting> | null)?.snapshot !== 'function') {
    throw new Error(`the in-memory unit of work needs an in-memory ${name} store`);
  }
  return { name, store: store as Snapshotting };
}
