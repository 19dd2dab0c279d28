import type { Knex } from 'knex';
import type { AccountEventSubscriber } from '../../application/shared/account-event-subscriber.js';
import type { Transaction, Transactions } from '../../application/shared/ports/transactions.js';
import { OpenTransaction, unknownStore } from './open-transaction.js';
import type { SqlTransactionalStore } from './transactional-stores.js';

/**
 * Transactions of the app's database through knex's `transaction()`: commit when the
 * work resolves, rollback when it rejects. The work reaches every feature's stores on
 * the transaction, and its account events run on it too; what they leave for after the
 * commit runs before `run` resolves. On SQLite the compiled statements wait while it is
 * open (SqliteStatements), so nothing runs outside it on its connection.
 */
export class KnexTransactions implements Transactions {
  private readonly stores: ReadonlyMap<string, SqlTransactionalStore>;

  constructor(
    private readonly db: Knex,
    stores: readonly SqlTransactionalStore[],
    private readonly subscribers: readonly AccountEventSubscriber[],
  ) {
    this.stores = new Map(stores.map((store) => [store.key.name, store]));
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let transaction: OpenTransaction | undefined;
    const result = await this.db.transaction((trx) => {
      transaction = new OpenTransaction((name) => {
        const store = this.stores.get(name);
        if (!store) throw unknownStore(name);
        return store.open(trx);
      }, this.subscribers);
      return work(transaction);
    });
    await transaction?.committed();
    return result;
  }
}
