import type { Knex } from 'knex';
import type { StoreKey } from '../../application/shared/ports/transactions.js';

/**
 * A store a feature adds to every transaction of the unit of work: its key, and how to
 * open it on a knex transaction. Each feature binds its own
 * (`sharedIds.sqlTransactionalStores`), so the unit of work names no feature's table.
 */
export interface SqlTransactionalStore<Store = unknown> {
  readonly key: StoreKey<Store>;
  open(trx: Knex.Transaction): Store;
}

/** The store of `key`, opened on each transaction by `open`. */
export function sqlStore<Store>(key: StoreKey<Store>, open: (trx: Knex.Transaction) => Store): SqlTransactionalStore<Store> {
  return { key, open };
}

/** An in-memory store's way back to an earlier state, for a rolled-back transaction. */
export interface Snapshotting {
  /** Copies the state now; the function it returns puts it back. */
  snapshot(): () => void;
}

/** The in-memory twin of SqlTransactionalStore: the store itself, put back when a transaction rolls back. */
export interface MemoryTransactionalStore {
  readonly key: StoreKey<unknown>;
  readonly store: Snapshotting;
}

/**
 * The store bound under a feature's id, as a transactional store: it must be an
 * in-memory one (a test that swaps in a store of its own swaps in one that snapshots).
 */
export function memoryStore<Store>(key: StoreKey<Store>, store: Store): MemoryTransactionalStore {
  if (typeof (store as Partial<Snapshotting> | null)?.snapshot !== 'function') {
    throw new Error(`the in-memory unit of work needs an in-memory ${key.name} store`);
  }
  return { key, store: store as Snapshotting };
}
