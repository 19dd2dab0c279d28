import type { AccountEvent } from '../shared/account-events.js';
import type { AccountEventSubscriber } from '../shared/account-event-subscriber.js';
import type { Transaction } from '../shared/ports/transactions.js';
import { linkedIdentityStore } from './ports/linked-identities.js';

/**
 * Linked providers go with the account, and with a reset that first proves the mailbox
 * (a provider linked before it, by whoever signed up with the address, would log its
 * holder in with no password). A reset, or the account form's first password after a fresh
 * sign-in, sets a password: the account has one from then on.
 */
export class ProvidersAccountEvents implements AccountEventSubscriber {
  readonly name = 'providers: unlink the providers where the event says, and note a password set by a reset';

  async handle(event: AccountEvent, tx: Transaction): Promise<void> {
    const identities = tx.get(linkedIdentityStore);
    await identities.clearPasswordless(event.userId);
    if (event.kind === 'password-changed') return;
    if (event.kind === 'password-reset' && !event.firstProofOfMailbox) return;
    await identities.deleteAllOfUser(event.userId);
  }
}
