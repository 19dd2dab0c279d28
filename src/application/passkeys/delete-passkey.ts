import type { UserId } from '../../domain/user.js';
import type { Passkeys } from '../ports/passkeys.js';
import type { RequestContext, SecurityEvents } from '../ports/security-events.js';

/** Which passkey a user removes, and from where. */
export interface DeletePasskeyInput {
  readonly userId: UserId;
  readonly passkeyId: number;
  readonly request: RequestContext;
}

/** The outcome: `not-found` also for another user's passkey, which stays. */
export type DeletePasskeyResult = { readonly kind: 'ok' } | { readonly kind: 'not-found' };

/**
 * Removes one of the user's own passkeys, recorded as `passkey.removed` on their
 * activity. Asking for the password before the last second factor goes is the web
 * layer's sudo mode, in front of this.
 */
export class DeletePasskey {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: DeletePasskeyInput): Promise<DeletePasskeyResult> {
    if (!(await this.passkeys.delete(input.userId, input.passkeyId))) return { kind: 'not-found' };
    await this.events.record({ type: 'passkey.removed', userId: input.userId, request: input.request });
    return { kind: 'ok' };
  }
}
