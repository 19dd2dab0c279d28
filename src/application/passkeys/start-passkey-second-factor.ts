import { type PendingLogin, type PendingLogins, providerOf } from '../accounts/pending-login.js';
import type { AuthThrottle, ThrottleVerdict } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Passkeys } from './ports/passkeys.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { WebAuthn } from './ports/web-authn.js';
import { PASSKEY_CHALLENGE_LIFETIME_MS, type PasskeyChallenge } from './passkey-challenge.js';

/** A passkey asked for as the second factor of the user whose password was right. */
export interface StartPasskeySecondFactorInput {
  /** The pending login whose second step this is. */
  readonly login: PendingLogin;
  readonly request: RequestContext;
}

/** The outcome: options naming the user's passkeys, and the challenge to keep until the answer. */
export type StartPasskeySecondFactorResult =
  | {
      readonly kind: 'ok';
      readonly optionsJSON: Readonly<Record<string, unknown>>;
      readonly challenge: PasskeyChallenge;
    }
  | Extract<ThrottleVerdict, { kind: 'throttled' }>
  // The pending login is over: past its time, or the password changed since its first step.
  | { readonly kind: 'expired' }
  // The user was deleted or locked, or has no passkey (any more): the login cannot complete this way.
  | { readonly kind: 'unavailable' };

/**
 * Begins a passkey ceremony as the second factor of a pending login. Only the address's
 * options are counted here (a cancelled prompt costs the user nothing); the answer counts
 * as a typed code does (FinishPasskeySecondFactor). Its options list the user's own
 * passkeys, so the browser offers only those. Too many options from the address, or a
 * user who cannot complete this way, is `two-factor.failed` on the user's activity.
 */
export class StartPasskeySecondFactor {
  constructor(
    private readonly users: UserRepository,
    private readonly passkeys: Passkeys,
    private readonly webAuthn: WebAuthn,
    private readonly throttle: AuthThrottle,
    private readonly pendingLogins: PendingLogins,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: StartPasskeySecondFactorInput): Promise<StartPasskeySecondFactorResult> {
    const { login, request } = input;
    const { userId } = login;
    const failed = (reason: string) => this.events.record({ type: 'two-factor.failed', userId, reason, request, ...providerOf(login) });
    const user = await this.users.findById(userId);
    if (!this.pendingLogins.isLive(login, user)) return { kind: 'expired' };
    const verdict = await this.throttle.attemptSecondFactorPasskeyOptions(request.ip);
    if (verdict.kind === 'throttled') {
      await failed('passkey-throttled');
      return verdict;
    }
    const passkeys = await this.passkeys.listOfUser(userId);
    if (!user || user.lockedAt !== null || passkeys.length === 0) {
      await failed('passkey-unavailable');
      return { kind: 'unavailable' };
    }
    const options = await this.webAuthn.authenticationOptions(passkeys);
    return {
      kind: 'ok',
      optionsJSON: options.optionsJSON,
      challenge: { challenge: options.challenge, expiresAt: this.clock.now() + PASSKEY_CHALLENGE_LIFETIME_MS },
    };
  }
}
