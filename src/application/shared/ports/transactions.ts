import type { AccountEvent } from '../account-events.js';
import type { UserRepository } from './user-repository.js';

declare const storeType: unique symbol;

/**
 * The name of one feature's store on a transaction, carrying the store's type: each
 * feature declares its own beside its port (`passkeyStore`, `outboxStore`), so this
 * port names none of them.
 */
export interface StoreKey<Store> {
  readonly name: string;
  readonly [storeType]?: Store;
}

/** The key of a feature's store named `name`. */
export function storeKey<Store>(name: string): StoreKey<Store> {
  return { name };
}

/** The users, on a transaction. */
export const userStore = storeKey<UserRepository>('users');

/** One transaction, as its work sees it. */
export interface Transaction {
  /** The store of `key`, writing on this transaction. */
  get<Store>(key: StoreKey<Store>): Store;
  /**
   * Tells every subscriber of account events (account-events.ts), in order, on this
   * transaction: what they write is kept or undone with it. Work outside the database
   * (ending sessions, which may live in Redis) they leave for `afterCommit`.
   */
  publish(event: AccountEvent): Promise<void>;
  /** Work to run once this transaction has committed, before `run` resolves; none if it rolls back. */
  afterCommit(work: () => Promise<void>): void;
}

/**
 * Runs work on one database transaction: everything it wrote is kept when it resolves,
 * and nothing when it rejects (the rejection is passed on). Every feature adds its
 * stores to it. Keep the work short and free of slow calls (no hashing inside): it
 * holds the database's write lock.
 */
export interface Transactions {
  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}
