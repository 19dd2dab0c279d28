import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { IdentityProviders, ProviderRefusal } from './ports/identity-provider.js';
import type { LinkedIdentities } from './ports/linked-identities.js';
import { livePendingSignIn } from './provider-sign-in.js';

/** The callback of a confirmation: the logged-in user, its query, and what the session kept (already taken out of it). */
export interface FinishProviderConfirmInput {
  readonly userId: UserId;
  readonly provider: string;
  readonly query: Readonly<Record<string, string>>;
  readonly pending: unknown;
  readonly request: RequestContext;
}

/** The outcome: `ok` confirms the session (sudo mode) from `at`. */
export type FinishProviderConfirmResult =
  | { readonly kind: 'ok'; readonly at: number }
  // The provider's account that signed in is not one linked to this user.
  | { readonly kind: 'not-linked' }
  | { readonly kind: 'unknown-provider' }
  | { readonly kind: 'expired' }
  | { readonly kind: ProviderRefusal['kind'] };

/**
 * Sudo mode by a fresh sign-in (prompt=login, max_age=0, checked by the library) with a
 * provider linked to the logged-in user, for the account that has no password to type
 * (or a user who prefers it). `sudo.confirmed` names the provider.
 */
export class FinishProviderConfirm {
  constructor(
    private readonly providers: IdentityProviders,
    private readonly identities: LinkedIdentities,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: FinishProviderConfirmInput): Promise<FinishProviderConfirmResult> {
    const provider = this.providers.get(input.provider);
    if (!provider) return { kind: 'unknown-provider' };
    const { userId, request } = input;
    const refused = async (reason: string, result: FinishProviderConfirmResult) => {
      await this.events.record({ type: 'sudo.refused', userId, provider: provider.name, reason, request });
      return result;
    };
    const now = this.clock.now();
    const pending = livePendingSignIn(input.pending, provider.name, now);
    if (!pending || pending.purpose !== 'confirm' || pending.userId !== userId) return refused('no-sign-in-under-way', { kind: 'expired' });
    const answer = await provider.finish(input.query, pending, { fresh: true });
    if (answer.kind !== 'ok') return refused(`${answer.kind}: ${answer.detail}`, { kind: answer.kind });
    const linked = await this.identities.find(provider.name, answer.identity.subject);
    if (!linked || linked.userId !== userId) return refused('not-linked', { kind: 'not-linked' });
    await this.events.record({ type: 'sudo.confirmed', userId, provider: provider.name, request });
    return { kind: 'ok', at: now };
  }
}
