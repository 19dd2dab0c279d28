import type { AccountEvent } from '../shared/account-events.js';
import type { AccountEventSubscriber } from '../shared/account-event-subscriber.js';
import type { Transaction } from '../shared/ports/transactions.js';
import { tokenStore } from './ports/one-time-tokens.js';

/**
 * Open links die with the old password (a reset link, and an email change that whoever
 * knew the old password may have asked for), and with the account.
 */
export class LinksAccountEvents implements AccountEventSubscriber {
  readonly name = 'links: void the open links';

  async handle(event: AccountEvent, tx: Transaction): Promise<void> {
    // A reset voids the other links itself, with the one it used.
    if (event.kind === 'password-reset') return;
    await tx.get(tokenStore).deleteAllOfUser(event.userId);
  }
}
