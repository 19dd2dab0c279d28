import type { AccountEvent } from '../shared/account-events.js';
import type { AccountEventSubscriber } from '../shared/account-event-subscriber.js';
import type { Transaction } from '../shared/ports/transactions.js';
import { passkeyStore } from './ports/passkeys.js';

/**
 * Passkeys go with the account, and with a reset that first proves the mailbox (one
 * planted before it would log its holder in with no password); a reset reports them, by
 * name, for its notice either way.
 */
export class PasskeysAccountEvents implements AccountEventSubscriber {
  readonly name = 'passkeys: report, and remove where the event says, the passkeys';

  async handle(event: AccountEvent, tx: Transaction): Promise<void> {
    const passkeys = tx.get(passkeyStore);
    if (event.kind === 'password-reset') {
      event.report.add({ passkeyNames: (await passkeys.listOfUser(event.userId)).map((passkey) => passkey.name) });
      if (!event.firstProofOfMailbox) return;
    } else if (event.kind !== 'account-deleted') return;
    await passkeys.deleteAllOfUser(event.userId);
  }
}
