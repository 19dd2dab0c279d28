import type { UserId } from '../../domain/user.js';
import type { RequestContext, SecurityEvents } from '../ports/security-events.js';
import type { Transactions } from '../ports/transactions.js';
import { dropRecoveryCodesWithoutSecondFactor } from '../two-factor/second-factor-left.js';

/** Which passkey a user removes, and from where. */
export interface DeletePasskeyInput {
  readonly userId: UserId;
  readonly passkeyId: number;
  readonly request: RequestContext;
}

/**
 * The outcome: `not-found` also for another user's passkey, which stays. On `ok`,
 * `recoveryCodesRemoved` counts the codes that went with the last second factor.
 */
export type DeletePasskeyResult =
  | { readonly kind: 'ok'; readonly recoveryCodesRemoved: number }
  | { readonly kind: 'not-found' };

/**
 * Removes one of the user's own passkeys, recorded as `passkey.removed` on their
 * activity. When it was the last second factor (no other passkey, the authenticator app
 * off), the recovery codes go with it, on the same transaction. Asking for the password
 * before the last second factor goes is the web layer's sudo mode, in front of this.
 */
export class DeletePasskey {
  constructor(
    private readonly transactions: Transactions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: DeletePasskeyInput): Promise<DeletePasskeyResult> {
    const { userId, passkeyId } = input;
    const result = await this.transactions.run(async (stores): Promise<DeletePasskeyResult> => {
      if (!(await stores.passkeys.delete(userId, passkeyId))) return { kind: 'not-found' };
      return { kind: 'ok', recoveryCodesRemoved: await dropRecoveryCodesWithoutSecondFactor(stores, userId) };
    });
    if (result.kind === 'ok') await this.events.record({ type: 'passkey.removed', userId, request: input.request });
    return result;
  }
}
