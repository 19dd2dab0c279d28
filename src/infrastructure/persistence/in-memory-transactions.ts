import type { AccountStores, Transactions } from '../../application/ports/transactions.js';
import { InMemoryMailOutbox } from '../mail/in-memory-mail-outbox.js';
import { InMemoryAuditEvents } from './in-memory-audit-events.js';
import { InMemoryOneTimeTokens } from './in-memory-one-time-tokens.js';
import { InMemoryPasskeys } from './in-memory-passkeys.js';
import { InMemoryUserRepository } from './in-memory-user-repository.js';

/**
 * Transactions over the in-memory stores, for tests: one at a time, and a rejected
 * work puts every store back as it was.
 */
export class InMemoryTransactions implements Transactions {
  private queue: Promise<unknown> = Promise.resolve();

  readonly stores: {
    readonly users: InMemoryUserRepository;
    readonly tokens: InMemoryOneTimeTokens;
    readonly outbox: InMemoryMailOutbox;
    readonly audit: InMemoryAuditEvents;
    readonly passkeys: InMemoryPasskeys;
  };

  /** Over these stores; passkeys in a store of their own unless given. */
  constructor(
    stores: {
      readonly users: InMemoryUserRepository;
      readonly tokens: InMemoryOneTimeTokens;
      readonly outbox: InMemoryMailOutbox;
      readonly audit: InMemoryAuditEvents;
      readonly passkeys?: InMemoryPasskeys;
    } = {
      users: new InMemoryUserRepository(),
      tokens: new InMemoryOneTimeTokens(),
      outbox: new InMemoryMailOutbox(),
      audit: new InMemoryAuditEvents(),
    },
  ) {
    this.stores = { ...stores, passkeys: stores.passkeys ?? new InMemoryPasskeys() };
  }

  run<T>(work: (stores: AccountStores) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      const { users, tokens, outbox, audit, passkeys } = this.stores;
      const restores = [users.snapshot(), tokens.snapshot(), outbox.snapshot(), audit.snapshot(), passkeys.snapshot()];
      try {
        return await work(this.stores);
      } catch (error) {
        for (const restore of restores) restore();
        throw error;
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }
}
