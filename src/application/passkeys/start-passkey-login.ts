import type { AuthThrottle, ThrottleVerdict } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { WebAuthn } from './ports/web-authn.js';
import { PASSKEY_CHALLENGE_LIFETIME_MS, type PasskeyChallenge } from './passkey-challenge.js';

/** The outcome: options for the browser, and the challenge to keep until its answer; or too many from this address. */
export type StartPasskeyLoginResult =
  | {
      readonly kind: 'ok';
      readonly optionsJSON: Readonly<Record<string, unknown>>;
      readonly challenge: PasskeyChallenge;
    }
  | Extract<ThrottleVerdict, { kind: 'throttled' }>;

/**
 * Begins a login with a discoverable passkey: no email, no credential list. Each one
 * counts against the address's login budget (a success gives it back), which also bounds
 * the anonymous sessions an address can make the store keep.
 */
export class StartPasskeyLogin {
  constructor(
    private readonly webAuthn: WebAuthn,
    private readonly throttle: AuthThrottle,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: { readonly request: RequestContext }): Promise<StartPasskeyLoginResult> {
    const verdict = await this.throttle.attemptPasskeyLogin(input.request.ip);
    if (verdict.kind === 'throttled') {
      await this.events.record({ type: 'passkey.refused', reason: 'passkey-throttled', request: input.request });
      return verdict;
    }
    const options = await this.webAuthn.authenticationOptions();
    return {
      kind: 'ok',
      optionsJSON: options.optionsJSON,
      challenge: { challenge: options.challenge, expiresAt: this.clock.now() + PASSKEY_CHALLENGE_LIFETIME_MS },
    };
  }
}
