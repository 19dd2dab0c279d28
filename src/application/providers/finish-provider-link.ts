import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { IdentityProviders, ProviderRefusal } from './ports/identity-provider.js';
import { type LinkedIdentities, SUBJECT_MAX_LENGTH } from './ports/linked-identities.js';
import { livePendingSignIn } from './provider-sign-in.js';

/** The callback of a link: the logged-in user, its query, and what the session kept (already taken out of it). */
export interface FinishProviderLinkInput {
  readonly userId: UserId;
  readonly provider: string;
  readonly query: Readonly<Record<string, string>>;
  readonly pending: unknown;
  readonly request: RequestContext;
}

/** The outcome; every refusal leaves storage untouched. */
export type FinishProviderLinkResult =
  | { readonly kind: 'ok'; readonly label: string }
  // That account at the provider is linked to this user already.
  | { readonly kind: 'already-linked'; readonly label: string }
  // That account at the provider is linked to another user.
  | { readonly kind: 'linked-elsewhere'; readonly label: string }
  // The user has another account of this provider linked: unlink it first.
  | { readonly kind: 'provider-taken'; readonly label: string }
  | { readonly kind: 'unknown-provider' }
  | { readonly kind: 'expired' }
  | { readonly kind: ProviderRefusal['kind'] };

/**
 * Links the account the logged-in user just signed in to at a provider (asked afresh,
 * behind sudo) to their account, whatever address the provider gives: the user proved
 * both accounts. Recorded as `provider.linked`, or a `provider.refused` with the reason.
 */
export class FinishProviderLink {
  constructor(
    private readonly providers: IdentityProviders,
    private readonly identities: LinkedIdentities,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: FinishProviderLinkInput): Promise<FinishProviderLinkResult> {
    const provider = this.providers.get(input.provider);
    if (!provider) return { kind: 'unknown-provider' };
    const { userId, request } = input;
    const refused = async (reason: string, result: FinishProviderLinkResult) => {
      await this.events.record({ type: 'provider.refused', userId, provider: provider.name, reason, request });
      return result;
    };
    const now = this.clock.now();
    const pending = livePendingSignIn(input.pending, provider.name, now);
    if (!pending || pending.purpose !== 'link' || pending.userId !== userId) return refused('no-sign-in-under-way', { kind: 'expired' });
    const answer = await provider.finish(input.query, pending, { fresh: true });
    if (answer.kind !== 'ok') return refused(`${answer.kind}: ${answer.detail}`, { kind: answer.kind });
    const { subject, email } = answer.identity;
    if (subject === '' || subject.length > SUBJECT_MAX_LENGTH) return refused('invalid-response: subject', { kind: 'invalid-response' });
    const label = provider.label;
    const linked = await this.identities.find(provider.name, subject);
    if (linked) return refused(linked.userId === userId ? 'already-linked' : 'linked-elsewhere', {
      kind: linked.userId === userId ? 'already-linked' : 'linked-elsewhere',
      label,
    });
    const added = await this.identities.add({ userId, provider: provider.name, subject, email: email ?? '', linkedAt: now });
    if (!added) {
      // The unique keys decided: another identity of this provider, or this one linked meanwhile.
      const mine = (await this.identities.listOfUser(userId)).some((identity) => identity.provider === provider.name);
      return refused(mine ? 'provider-taken' : 'linked-elsewhere', { kind: mine ? 'provider-taken' : 'linked-elsewhere', label });
    }
    await this.events.record({ type: 'provider.linked', userId, provider: provider.name, request });
    return { kind: 'ok', label };
  }
}
