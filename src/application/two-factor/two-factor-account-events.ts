import type { AccountEvent } from '../shared/account-events.js';
import type { AccountEventSubscriber } from '../shared/account-event-subscriber.js';
import type { Transaction } from '../shared/ports/transactions.js';
import { recoveryCodeStore } from './ports/recovery-codes.js';
import { totpStore } from './ports/totp-credentials.js';

/**
 * The authenticator app and the recovery codes go with the account, and with a reset
 * that first proves the mailbox (whoever held the account before proved nothing); a
 * reset reports them for its notice either way.
 */
export class TwoFactorAccountEvents implements AccountEventSubscriber {
  readonly name = 'two-factor: report, and remove where the event says, the authenticator app and recovery codes';

  async handle(event: AccountEvent, tx: Transaction): Promise<void> {
    const [totp, recoveryCodes] = [tx.get(totpStore), tx.get(recoveryCodeStore)];
    if (event.kind === 'password-reset') {
      event.report.add({
        authenticatorApp: (await totp.find(event.userId))?.enabledAt != null,
        recoveryCodes: await recoveryCodes.countUnused(event.userId),
      });
      if (!event.firstProofOfMailbox) return;
    } else if (event.kind !== 'account-deleted') return;
    // An app still being set up goes too.
    await totp.deleteOfUser(event.userId);
    await recoveryCodes.deleteAllOfUser(event.userId);
  }
}
