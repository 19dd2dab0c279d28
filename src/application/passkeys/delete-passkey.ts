import type { UserId } from '../../domain/user.js';
import type { Clock } from '../ports/clock.js';
import type { RequestContext, SecurityEvents } from '../ports/security-events.js';
import type { Transactions } from '../ports/transactions.js';

/** Which passkey a user removes, and from where. */
export interface DeletePasskeyInput {
  readonly userId: UserId;
  readonly passkeyId: number;
  readonly request: RequestContext;
}

/** The outcome: `not-found` also for another user's passkey, which stays. */
export type DeletePasskeyResult = { readonly kind: 'ok' } | { readonly kind: 'not-found' };

/**
 * Removes one of the user's own passkeys and queues the notice to the owner (which
 * names it), on one transaction; recorded as `passkey.removed` on their activity.
 * Asking for the password before the last second factor goes is the web layer's sudo
 * mode, in front of this.
 */
export class DeletePasskey {
  constructor(
    private readonly transactions: Transactions,
    private readonly events: SecurityEvents,
    private readonly clock: Clock,
  ) {}

  async execute(input: DeletePasskeyInput): Promise<DeletePasskeyResult> {
    const { userId, passkeyId } = input;
    const removed = await this.transactions.run(async ({ users, passkeys, outbox }) => {
      const owner = await users.findById(userId);
      const passkey = (await passkeys.listOfUser(userId)).find((candidate) => candidate.id === passkeyId);
      if (!owner || !passkey || !(await passkeys.delete(userId, passkeyId))) return false;
      const change = { kind: 'passkey-removed', passkeyName: passkey.name } as const;
      await outbox.enqueue({ kind: 'second-factor-changed', to: owner.email.value, change }, this.clock.now());
      return true;
    });
    if (!removed) return { kind: 'not-found' };
    await this.events.record({ type: 'passkey.removed', userId, request: input.request });
    return { kind: 'ok' };
  }
}
