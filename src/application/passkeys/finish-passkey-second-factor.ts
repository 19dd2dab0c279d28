import { type PendingLogin, type PendingLogins, providerOf } from '../accounts/pending-login.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { AuthThrottle, ThrottleVerdict } from '../shared/auth-throttle.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import { unhandled } from '../shared/unhandled.js';
import type { FinishPasskeyLogin, FinishPasskeyLoginResult } from './finish-passkey-login.js';
import type { PasskeyChallenge } from './passkey-challenge.js';

/** The browser's answer to a passkey asked for as the second factor of a pending login. */
export interface FinishPasskeySecondFactorInput {
  /** The challenge the session kept, already taken out of it; null when it had none. */
  readonly pending: PasskeyChallenge | null;
  /** The authentication response as the browser sent it: untrusted JSON. */
  readonly response: unknown;
  /** The pending login of the user whose password was right: only their passkeys pass. */
  readonly login: PendingLogin;
  readonly request: RequestContext;
}

/** FinishPasskeyLogin's outcome, or too many second-factor tries for the user or the address. */
export type FinishPasskeySecondFactorResult =
  | FinishPasskeyLoginResult
  | Extract<ThrottleVerdict, { kind: 'throttled' }>
  // The pending login is over: past its time, or the password changed since its first step.
  | { readonly kind: 'expired' };

/**
 * Checks a passkey answered as the second factor: it counts against the same budget as
 * a typed code (per user and per address) before it is checked, and a right one gives
 * it back (FinishPasskeyLogin). Counted here, at the answer, not when the options were
 * asked for: a prompt the user cancelled is no try. A passkey refused as the user's own
 * (a bad signature, an unknown credential, another user's) or too many tries is
 * `two-factor.failed` on the user's activity, after FinishPasskeyLogin's own event; a
 * success is FinishPasskeyLogin's `login.succeeded`.
 */
export class FinishPasskeySecondFactor {
  constructor(
    private readonly users: UserRepository,
    private readonly pendingLogins: PendingLogins,
    private readonly throttle: AuthThrottle,
    private readonly finishLogin: FinishPasskeyLogin,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: FinishPasskeySecondFactorInput): Promise<FinishPasskeySecondFactorResult> {
    const result = await this.finish(input);
    const failed = (reason: string) =>
      this.events.record({ type: 'two-factor.failed', userId: input.login.userId, reason, request: input.request, ...providerOf(input.login) });
    switch (result.kind) {
      case 'invalid-response':
      case 'unknown-credential':
      case 'other-user':
        await failed(`passkey-${result.kind}`);
        break;
      case 'throttled':
        await failed('passkey-throttled');
        break;
      // FinishPasskeyLogin recorded these: a success, or the owner's valid passkey refused (`login.failed`).
      case 'ok':
      case 'counter-replayed':
      case 'locked':
      case 'challenge-expired':
      case 'expired':
        break;
      default:
        return unhandled(result);
    }
    return result;
  }

  private async finish(input: FinishPasskeySecondFactorInput): Promise<FinishPasskeySecondFactorResult> {
    const { pending, response, login, request } = input;
    const { userId } = login;
    if (!this.pendingLogins.isLive(login, await this.users.findById(userId))) return { kind: 'expired' };
    const verdict = await this.throttle.attemptSecondFactor(userId, request.ip);
    if (verdict.kind === 'throttled') return verdict;
    return this.finishLogin.execute({ pending, response, expectedUserId: userId, request });
  }
}
