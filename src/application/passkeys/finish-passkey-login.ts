import type { UserId } from '../../domain/shared/user.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Passkeys } from './ports/passkeys.js';
import type { RequestContext, SecurityEvent, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { WebAuthn } from './ports/web-authn.js';
import { liveChallenge, type PasskeyChallenge } from './passkey-challenge.js';

/** The browser's answer to a passkey login, and what the session kept for it. */
export interface FinishPasskeyLoginInput {
  /** The challenge the session kept, already taken out of it; null when it had none. */
  readonly pending: PasskeyChallenge | null;
  /** The authentication response as the browser sent it: untrusted JSON. */
  readonly response: unknown;
  /**
   * The user a pending login (after the password) is for: a passkey of anyone else is
   * refused. Null for a passwordless login, which any user's passkey completes.
   */
  readonly expectedUserId: UserId | null;
  readonly request: RequestContext;
}

/** The outcome. Every refusal must be answered alike: none tells which accounts exist. */
export type FinishPasskeyLoginResult =
  | { readonly kind: 'ok'; readonly userId: UserId }
  | { readonly kind: 'challenge-expired' }
  // Malformed, or not signed by the passkey's key for this challenge, origin and RP ID.
  | { readonly kind: 'invalid-response' }
  // No passkey has this credential id (or its account is gone).
  | { readonly kind: 'unknown-credential' }
  // A pending login's second factor, answered with another user's passkey.
  | { readonly kind: 'other-user' }
  // A valid signature whose counter did not grow: a cloned authenticator, or a replay.
  | { readonly kind: 'counter-replayed'; readonly userId: UserId }
  // A valid passkey of a locked account.
  | { readonly kind: 'locked'; readonly userId: UserId };

/**
 * Checks a passkey login: a live challenge, a known credential (of the expected user,
 * when one is expected), a valid signature with the user handle it was registered with,
 * a counter that grew (or an authenticator that does not count), an account that is not
 * locked. Success records the use (counter, last use) and the user's last login, and
 * is `login.succeeded` with method `passkey` (a passwordless login, or the second factor
 * of a pending one); the caller starts the session. Refusals are logged; those of a
 * valid passkey (locked, counter) are `login.failed` on the owner's activity, the rest
 * `passkey.refused`.
 */
export class FinishPasskeyLogin {
  constructor(
    private readonly users: UserRepository,
    private readonly passkeys: Passkeys,
    private readonly webAuthn: WebAuthn,
    private readonly throttle: AuthThrottle,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: FinishPasskeyLoginInput): Promise<FinishPasskeyLoginResult> {
    const { result, ownerId } = await this.check(input);
    if (result.kind === 'ok') {
      await this.attemptBack(input);
      await this.events.record({ type: 'login.succeeded', userId: result.userId, method: 'passkey', request: input.request });
    } else {
      await this.events.record(refusal(result, ownerId, input.request));
    }
    return result;
  }

  /**
   * A success gives its attempt back to the budget it was counted against: a passwordless
   * login's to the address's login budget, a second factor's to the user's and address's
   * second-factor budget (FinishPasskeySecondFactor counted it there).
   */
  private async attemptBack(input: FinishPasskeyLoginInput): Promise<void> {
    if (input.expectedUserId === null) await this.throttle.passkeyLoginSucceeded(input.request.ip);
    else await this.throttle.secondFactorSucceeded(input.expectedUserId, input.request.ip);
  }

  private async check(input: FinishPasskeyLoginInput): Promise<{ result: FinishPasskeyLoginResult; ownerId?: UserId }> {
    const now = this.clock.now();
    const pending = liveChallenge(input.pending, now);
    if (!pending) return { result: { kind: 'challenge-expired' } };
    const claims = this.webAuthn.readAssertion(input.response);
    if (!claims) return { result: { kind: 'invalid-response' } };
    const passkey = await this.passkeys.findByCredentialId(claims.credentialId);
    if (!passkey) return { result: { kind: 'unknown-credential' } };
    const ownerId = passkey.userId;
    if (input.expectedUserId !== null && ownerId !== input.expectedUserId) return { result: { kind: 'other-user' }, ownerId };
    if (claims.userHandle !== null && claims.userHandle !== passkey.userHandle) {
      return { result: { kind: 'invalid-response' }, ownerId };
    }
    const verified = await this.webAuthn.verifyAuthentication(input.response, pending.challenge, passkey);
    if (!verified) return { result: { kind: 'invalid-response' }, ownerId };

    const user = await this.users.findById(ownerId);
    if (!user) return { result: { kind: 'unknown-credential' } };
    if (user.lockedAt !== null) return { result: { kind: 'locked', userId: ownerId }, ownerId };
    if (!(await this.passkeys.recordUse(passkey.id, verified.counter, now))) {
      return { result: { kind: 'counter-replayed', userId: ownerId }, ownerId };
    }
    // False when a lock landed meanwhile, or the account went.
    if (!(await this.users.recordLogin(ownerId))) return { result: { kind: 'locked', userId: ownerId }, ownerId };
    return { result: { kind: 'ok', userId: ownerId } };
  }
}

/** The event of a refusal: on the owner's activity only when their own valid passkey was refused. */
function refusal(result: FinishPasskeyLoginResult, ownerId: UserId | undefined, request: RequestContext): SecurityEvent {
  const ownersOwn = result.kind === 'locked' || result.kind === 'counter-replayed';
  return {
    type: ownersOwn ? 'login.failed' : 'passkey.refused',
    ...(ownerId !== undefined && { userId: ownerId }),
    reason: `passkey-${result.kind}`,
    request,
  };
}
