import type { AccountStores, Transactions } from '../../application/shared/ports/transactions.js';
import type { Snapshotting } from './transactional-stores.js';

/**
 * Transactions over in-memory stores, for tests: one at a time, and a rejected work puts
 * every store back as it was. Each feature hands in its stores by the name its work
 * reads them by (`MemoryTransactionalStore`), as the Knex unit of work opens them.
 */
export class InMemoryTransactions<Stores extends Readonly<Record<string, Snapshotting>> = Readonly<Record<string, Snapshotting>>>
  implements Transactions
{
  private queue: Promise<unknown> = Promise.resolve();

  /** The stores, by name, as a transaction's work receives them. */
  constructor(readonly stores: Stores) {}

  run<T>(work: (stores: AccountStores) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      const restores = Object.values(this.stores).map((store) => store.snapshot());
      try {
        return await work(this.stores as unknown as AccountStores);
      } catch (error) {
        for (const restore of restores) restore();
        throw error;
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }
}
