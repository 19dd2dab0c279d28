import type { UserId } from '../../domain/shared/user.js';
import type { AuthThrottle, ThrottleVerdict } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { IdentityProviders } from './ports/identity-provider.js';
import { PROVIDER_SIGN_IN_MS, type PendingProviderSignIn, type ProviderPurpose } from './provider-sign-in.js';

/** Which provider, what for, and from where. */
export interface StartProviderSignInInput {
  readonly provider: string;
  readonly purpose: ProviderPurpose;
  /** The logged-in user, for a link or a confirmation; null for a login. */
  readonly userId: UserId | null;
  readonly remember: boolean;
  readonly request: RequestContext;
}

/** Where to send the visitor and what to keep until they return; or why not. */
export type StartProviderSignInResult =
  | { readonly kind: 'ok'; readonly url: string; readonly pending: PendingProviderSignIn }
  | { readonly kind: 'unknown-provider' }
  // Its discovery failed (down, slow, garbage): nothing kept, the visitor stays here.
  | { readonly kind: 'unavailable' }
  // Too many logins begun from this address: nothing kept.
  | Extract<ThrottleVerdict, { kind: 'throttled' }>;

/**
 * Begins a trip to a provider: state, nonce and a PKCE verifier made for it alone, kept
 * for PROVIDER_SIGN_IN_MS. A link or a confirmation asks the visitor to sign in at the
 * provider again, so a provider session left open on a shared computer does not answer.
 * A login's trip counts against the address's login budget, as a passkey login's does (a
 * completed login gives it back): each one is an anonymous session the store keeps.
 */
export class StartProviderSignIn {
  constructor(
    private readonly providers: IdentityProviders,
    private readonly throttle: AuthThrottle,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: StartProviderSignInInput): Promise<StartProviderSignInResult> {
    const provider = this.providers.get(input.provider);
    if (!provider) return { kind: 'unknown-provider' };
    if (input.purpose === 'login') {
      const verdict = await this.throttle.attemptPasskeyLogin(input.request.ip);
      if (verdict.kind === 'throttled') {
        await this.events.record({ type: 'provider.refused', provider: provider.name, reason: 'throttled', request: input.request });
        return verdict;
      }
    }
    const started = await provider.start({ fresh: input.purpose !== 'login' });
    if (started.kind !== 'ok') {
      await this.events.record({
        type: 'provider.refused',
        provider: provider.name,
        reason: `unavailable: ${started.detail}`,
        ...(input.userId !== null && { userId: input.userId }),
        request: input.request,
      });
      return { kind: 'unavailable' };
    }
    return {
      kind: 'ok',
      url: started.url,
      pending: {
        provider: provider.name,
        purpose: input.purpose,
        userId: input.userId,
        remember: input.remember,
        ...started.request,
        expiresAt: this.clock.now() + PROVIDER_SIGN_IN_MS,
      },
    };
  }
}
