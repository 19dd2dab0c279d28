import type { AccountEvent } from '../../application/shared/account-events.js';
import { type AccountEventSubscriber, tellSubscribers } from '../../application/shared/account-event-subscriber.js';
import type { StoreKey, Transaction } from '../../application/shared/ports/transactions.js';

/**
 * One transaction as its work sees it: each store opened when first asked for, the
 * account events told to every subscriber on it, and the work left for after the commit.
 */
export class OpenTransaction implements Transaction {
  private readonly opened = new Map<string, unknown>();
  private readonly afterCommitted: (() => Promise<void>)[] = [];

  constructor(
    private readonly open: (name: string) => unknown,
    private readonly subscribers: readonly AccountEventSubscriber[],
  ) {}

  get<Store>(key: StoreKey<Store>): Store {
    if (!this.opened.has(key.name)) this.opened.set(key.name, this.open(key.name));
    return this.opened.get(key.name) as Store;
  }

  publish(event: AccountEvent): Promise<void> {
    return tellSubscribers(this.subscribers, event, this);
  }

  afterCommit(work: () => Promise<void>): void {
    this.afterCommitted.push(work);
  }

  /** Runs the work left for after the commit, in the order it was left. */
  async committed(): Promise<void> {
    for (const work of this.afterCommitted) await work();
  }
}

/** The error of a store no loaded feature registered: a feature module missing from the composition. */
export function unknownStore(name: string): Error {
  return new Error(`no feature adds a "${name}" store to the unit of work`);
}
