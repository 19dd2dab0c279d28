import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { dropRecoveryCodesWithoutSecondFactor } from '../two-factor/second-factor-left.js';

/** Which passkey a user removes, and from where. */
export interface DeletePasskeyInput {
  readonly userId: UserId;
  readonly passkeyId: number;
  readonly request: RequestContext;
  /** Whether this request confirmed the password (sudo mode): removing the last passkey needs it. */
  readonly passwordConfirmed: boolean;
}

/**
 * The outcome: `not-found` also for another user's passkey, which stays. On `ok`,
 * `lastSecondFactor` says the login now asks for the password only, and
 * `recoveryCodesRemoved` counts the unused codes that went with it.
 */
export type DeletePasskeyResult =
  | { readonly kind: 'ok'; readonly lastSecondFactor: boolean; readonly recoveryCodesRemoved: number }
  | { readonly kind: 'not-found' }
  // The user's last passkey, and the password was not confirmed: nothing removed.
  | { readonly kind: 'password-needed' };

/**
 * Removes one of the user's own passkeys and queues the notice to the owner (which
 * names it), on one transaction; recorded as `passkey.removed` on their activity. When
 * it was the last second factor (no other passkey, the authenticator app off), the
 * recovery codes go with it, on the same transaction. The last passkey goes only with
 * the password confirmed; that is decided on the transaction, with the user's row held,
 * so two removals at once cannot each see the other passkey and so skip the password.
 */
export class DeletePasskey {
  constructor(
    private readonly transactions: Transactions,
    private readonly events: SecurityEvents,
    private readonly clock: Clock,
  ) {}

  async execute(input: DeletePasskeyInput): Promise<DeletePasskeyResult> {
    const { userId, passkeyId } = input;
    const result = await this.transactions.run(async (stores): Promise<DeletePasskeyResult> => {
      const owner = await stores.users.findByIdForUpdate(userId);
      const passkeys = await stores.passkeys.listOfUser(userId);
      const passkey = passkeys.find((candidate) => candidate.id === passkeyId);
      if (!owner || !passkey) return { kind: 'not-found' };
      if (passkeys.length === 1 && !input.passwordConfirmed) return { kind: 'password-needed' };
      if (!(await stores.passkeys.delete(userId, passkeyId))) return { kind: 'not-found' };
      const { lastSecondFactor, unusedCodesRemoved } = await dropRecoveryCodesWithoutSecondFactor(stores, userId);
      const change = { kind: 'passkey-removed', passkeyName: passkey.name, lastSecondFactor } as const;
      await stores.outbox.enqueue({ kind: 'second-factor-changed', to: owner.email.value, change }, this.clock.now());
      return { kind: 'ok', lastSecondFactor, recoveryCodesRemoved: unusedCodesRemoved };
    });
    if (result.kind === 'ok') await this.events.record({ type: 'passkey.removed', userId, request: input.request });
    return result;
  }
}
