import type { AccountEvent } from '../shared/account-events.js';
import type { AccountEventSubscriber } from '../shared/account-event-subscriber.js';
import type { Transaction } from '../shared/ports/transactions.js';
import { auditStore } from './ports/audit-events.js';

/**
 * An account's activity (addresses, browsers) goes with the account; the log keeps its
 * lines, and the administrators' audit trail its acts on the account (naming it by its
 * address), until the retention.
 */
export class AuditAccountEvents implements AccountEventSubscriber {
  readonly name = 'audit: delete the activity of a deleted account';

  async handle(event: AccountEvent, tx: Transaction): Promise<void> {
    if (event.kind === 'account-deleted') await tx.get(auditStore).deleteActivityOfUser(event.userId);
  }
}
