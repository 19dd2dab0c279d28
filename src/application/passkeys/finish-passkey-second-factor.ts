import type { UserId } from '../../domain/shared/user.js';
import type { AuthThrottle, ThrottleVerdict } from '../shared/auth-throttle.js';
import type { RequestContext } from '../shared/ports/security-events.js';
import type { FinishPasskeyLogin, FinishPasskeyLoginResult } from './finish-passkey-login.js';
import type { PasskeyChallenge } from './passkey-challenge.js';

/** The browser's answer to a passkey asked for as the second factor of `userId`'s pending login. */
export interface FinishPasskeySecondFactorInput {
  /** The challenge the session kept, already taken out of it; null when it had none. */
  readonly pending: PasskeyChallenge | null;
  /** The authentication response as the browser sent it: untrusted JSON. */
  readonly response: unknown;
  /** The user whose password was right: only their passkeys pass. */
  readonly userId: UserId;
  readonly request: RequestContext;
}

/** FinishPasskeyLogin's outcome, or too many second-factor tries for the user or the address. */
export type FinishPasskeySecondFactorResult = FinishPasskeyLoginResult | Extract<ThrottleVerdict, { kind: 'throttled' }>;

/**
 * Checks a passkey answered as the second factor: it counts against the same budget as
 * a typed code (per user and per address) before it is checked, and a right one gives
 * it back (FinishPasskeyLogin). Counted here, at the answer, not when the options were
 * asked for: a prompt the user cancelled is no try.
 */
export class FinishPasskeySecondFactor {
  constructor(
    private readonly throttle: AuthThrottle,
    private readonly finishLogin: FinishPasskeyLogin,
  ) {}

  async execute(input: FinishPasskeySecondFactorInput): Promise<FinishPasskeySecondFactorResult> {
    const { pending, response, userId, request } = input;
    const verdict = await this.throttle.attemptSecondFactor(userId, request.ip);
    if (verdict.kind === 'throttled') return verdict;
    return this.finishLogin.execute({ pending, response, expectedUserId: userId, request });
  }
}
