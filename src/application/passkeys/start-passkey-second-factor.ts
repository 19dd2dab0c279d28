import type { UserId } from '../../domain/shared/user.js';
import type { AuthThrottle, ThrottleVerdict } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Passkeys } from './ports/passkeys.js';
import type { RequestContext } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { WebAuthn } from './ports/web-authn.js';
import { PASSKEY_CHALLENGE_LIFETIME_MS, type PasskeyChallenge } from './passkey-challenge.js';

/** A passkey asked for as the second factor of the user whose password was right. */
export interface StartPasskeySecondFactorInput {
  readonly userId: UserId;
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
  // The user was deleted or locked, or has no passkey (any more): the login cannot complete this way.
  | { readonly kind: 'unavailable' };

/**
 * Begins a passkey ceremony as the second factor of a pending login. Only the address's
 * options are counted here (a cancelled prompt costs the user nothing); the answer counts
 * as a typed code does (FinishPasskeySecondFactor). Its options list the user's own
 * passkeys, so the browser offers only those.
 */
export class StartPasskeySecondFactor {
  constructor(
    private readonly users: UserRepository,
    private readonly passkeys: Passkeys,
    private readonly webAuthn: WebAuthn,
    private readonly throttle: AuthThrottle,
    private readonly clock: Clock,
  ) {}

  async execute(input: StartPasskeySecondFactorInput): Promise<StartPasskeySecondFactorResult> {
    const { userId, request } = input;
    const verdict = await this.throttle.attemptSecondFactorPasskeyOptions(request.ip);
    if (verdict.kind === 'throttled') return verdict;
    const user = await this.users.findById(userId);
    const passkeys = await this.passkeys.listOfUser(userId);
    if (!user || user.lockedAt !== null || passkeys.length === 0) return { kind: 'unavailable' };
    const options = await this.webAuthn.authenticationOptions(passkeys);
    return {
      kind: 'ok',
      optionsJSON: options.optionsJSON,
      challenge: { challenge: options.challenge, expiresAt: this.clock.now() + PASSKEY_CHALLENGE_LIFETIME_MS },
    };
  }
}
