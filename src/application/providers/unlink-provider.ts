import type { UserId } from '../../domain/shared/user.js';
import { passkeyStore } from '../passkeys/ports/passkeys.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import { userStore, type Transactions } from '../shared/ports/transactions.js';
import { linkedIdentityStore } from './ports/linked-identities.js';

/** Which linked provider a user unlinks, and from where. */
export interface UnlinkProviderInput {
  readonly userId: UserId;
  readonly identityId: number;
  readonly request: RequestContext;
}

/** The outcome: `not-found` also for another user's link, which stays. */
export type UnlinkProviderResult =
  | { readonly kind: 'ok'; readonly provider: string }
  | { readonly kind: 'not-found' }
  // No password, no passkey, no other provider: the account could not be logged in to again.
  | { readonly kind: 'last-way-in'; readonly provider: string };

/**
 * Unlinks one of the user's providers, unless it is their last way to log in. That is
 * decided on the transaction, with the user's row held, so two unlinks at once cannot
 * each see the other link and so leave none. Recorded as `provider.unlinked`.
 */
export class UnlinkProvider {
  constructor(
    private readonly transactions: Transactions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: UnlinkProviderInput): Promise<UnlinkProviderResult> {
    const { userId } = input;
    const result = await this.transactions.run(async (tx): Promise<UnlinkProviderResult> => {
      const identities = tx.get(linkedIdentityStore);
      const owner = await tx.get(userStore).findByIdForUpdate(userId);
      const linked = await identities.listOfUser(userId);
      const target = linked.find((identity) => identity.id === input.identityId);
      if (!owner || !target) return { kind: 'not-found' };
      const otherWays =
        linked.length > 1 || !(await identities.isPasswordless(userId)) || (await tx.get(passkeyStore).countOfUser(userId)) > 0;
      if (!otherWays) return { kind: 'last-way-in', provider: target.provider };
      if (!(await identities.delete(userId, target.id))) return { kind: 'not-found' };
      return { kind: 'ok', provider: target.provider };
    });
    if (result.kind === 'ok') {
      await this.events.record({ type: 'provider.unlinked', userId, provider: result.provider, request: input.request });
    }
    return result;
  }
}
