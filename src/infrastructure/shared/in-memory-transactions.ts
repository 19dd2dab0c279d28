import type { AccountEventSubscriber } from '../../application/shared/account-event-subscriber.js';
import type { Transaction, Transactions } from '../../application/shared/ports/transactions.js';
import { OpenTransaction, unknownStore } from './open-transaction.js';
import type { Snapshotting } from './transactional-stores.js';

/**
 * Transactions over in-memory stores, for tests: one at a time, and a rejected work puts
 * every store back as it was. `stores` holds each feature's store by its key's name, as
 * the Knex unit of work opens them; the account events run as they do there.
 */
export class InMemoryTransactions<Stores extends Readonly<Record<string, Snapshotting>> = Readonly<Record<string, Snapshotting>>>
  implements Transactions
{
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly stores: Stores,
    private readonly subscribers: readonly AccountEventSubscriber[] = [],
  ) {}

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      const restores = Object.values(this.stores).map((store) => store.snapshot());
      const transaction = new OpenTransaction((name) => {
        const store = this.stores[name];
        if (!store) throw unknownStore(name);
        return store;
      }, this.subscribers);
      let value: T;
      try {
        value = await work(transaction);
      } catch (error) {
        for (const restore of restores) restore();
        throw error;
      }
      await transaction.committed();
      return value;
    });
    this.queue = result.catch(() => undefined);
    return result;
  }
}
