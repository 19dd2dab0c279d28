import type { Knex } from 'knex';
import type { AccountStores, Transactions } from '../../application/shared/ports/transactions.js';
import type { SqlTransactionalStore } from './transactional-stores.js';

/**
 * Transactions of the app's database through knex's `transaction()`: commit when the
 * work resolves, rollback when it rejects. The work receives every feature's stores
 * opened on the transaction. On SQLite the compiled statements wait while it is open
 * (SqliteStatements), so nothing runs outside it on its connection.
 */
export class KnexTransactions implements Transactions {
  constructor(
    private readonly db: Knex,
    private readonly stores: readonly SqlTransactionalStore[],
  ) {}

  run<T>(work: (stores: AccountStores) => Promise<T>): Promise<T> {
    return this.db.transaction((trx) => {
      const opened: Record<string, unknown> = {};
      for (const store of this.stores) opened[store.name] = store.open(trx);
      return work(opened as unknown as AccountStores);
    });
  }
}
