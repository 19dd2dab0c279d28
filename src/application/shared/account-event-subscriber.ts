import type { AccountEvent } from './account-events.js';
import type { Transaction } from './ports/transactions.js';

/** One feature's part in the account events, on the caller's transaction. */
export interface AccountEventSubscriber {
  /** `<feature>: what it does`, as the test of the subscribers' order lists them. */
  readonly name: string;
  handle(event: AccountEvent, tx: Transaction): Promise<void>;
}

/** Tells each subscriber in turn: the `publish` of a unit of work. */
export async function tellSubscribers(
  subscribers: readonly AccountEventSubscriber[],
  event: AccountEvent,
  tx: Transaction,
): Promise<void> {
  for (const subscriber of subscribers) await subscriber.handle(event, tx);
}
