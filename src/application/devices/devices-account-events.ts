import type { AccountEvent } from '../shared/account-events.js';
import type { AccountEventSubscriber } from '../shared/account-event-subscriber.js';
import type { SessionStorage } from '../shared/ports/session-storage.js';
import type { Transaction } from '../shared/ports/transactions.js';
import { knownDeviceStore } from './ports/known-devices.js';
import { rememberTokenStore } from './ports/remember-tokens.js';

/**
 * What keeps a user logged in ends with a new password and with the account: the
 * remembered devices on the change's transaction (but the one that changed the
 * password), the sessions once it has committed (they may live outside the database).
 * The devices the account logged in on are forgotten with the account only: a new
 * password does not make a known device new.
 */
export class DevicesAccountEvents implements AccountEventSubscriber {
  readonly name = 'devices: end the sessions and forget the remembered devices';

  constructor(private readonly sessions: SessionStorage) {}

  async handle(event: AccountEvent, tx: Transaction): Promise<void> {
    const keep = event.kind === 'password-changed' ? (event.keepDevice ?? undefined) : undefined;
    await tx.get(rememberTokenStore).deleteAllOfUser(event.userId, keep);
    if (event.kind === 'account-deleted') await tx.get(knownDeviceStore).deleteAllOfUser(event.userId);
    tx.afterCommit(async () => {
      await this.sessions.destroyAllOfUser(event.userId);
    });
  }
}
