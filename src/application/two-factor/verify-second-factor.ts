import { parseSecondFactorCode } from '../../domain/two-factor/second-factor-code.js';
import type { UserId } from '../../domain/shared/user.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Passkeys } from '../passkeys/ports/passkeys.js';
import type { RecoveryCodes, RecoveryCodeSecrets } from './ports/recovery-codes.js';
import type { SecretBox } from './ports/secret-box.js';
import type { TotpAlgorithm } from './ports/totp-algorithm.js';
import type { TotpCredentials } from './ports/totp-credentials.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { openTotpSecret } from './totp-secret.js';

/** A code typed on /login/two-factor for the user whose password was right. */
export interface VerifySecondFactorInput {
  readonly userId: UserId;
  readonly code: string;
  /** Keys the per-address throttle. */
  readonly clientAddress: string;
}

/** The outcome; on `ok` the login may complete. */
export type VerifySecondFactorResult =
  | { readonly kind: 'ok'; readonly via: 'totp' | 'recovery-code' }
  // Neither six digits nor the shape of a recovery code: refused unchecked and uncounted.
  | { readonly kind: 'malformed' }
  // Six digits that are not the code of now (or of one step either side).
  | { readonly kind: 'wrong-code' }
  // Six digits from a user whose second factor is passkeys alone: no app to check them against.
  | { readonly kind: 'no-app' }
  // The code of a step already used to log in (a replay, or the same code twice).
  | { readonly kind: 'replayed' }
  // No unused recovery code of the user is this one.
  | { readonly kind: 'wrong-recovery-code' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number }
  // Six digits, but no configured key opens the user's sealed secret: a recovery code still works.
  | { readonly kind: 'unreadable' }
  // The user was deleted or locked, or no longer has this second factor: the login cannot complete.
  | { readonly kind: 'unavailable' };

/**
 * Checks the second factor of a login: an authenticator code, accepted once per time
 * step (compare-and-set on the stored last step, so of two requests with one code only
 * one passes), or a recovery code, used once (a conditional update). A recovery code
 * stands in for any second factor, so a user whose only one is a passkey can use it
 * too. Every well-formed code counts against the throttle of the user and of the
 * address before it is checked.
 */
export class VerifySecondFactor {
  constructor(
    private readonly users: UserRepository,
    private readonly totp: TotpCredentials,
    private readonly recoveryCodes: RecoveryCodes,
    private readonly passkeys: Passkeys,
    private readonly box: SecretBox,
    private readonly algorithm: TotpAlgorithm,
    private readonly codeSecrets: RecoveryCodeSecrets,
    private readonly throttle: AuthThrottle,
    private readonly clock: Clock,
  ) {}

  async execute(input: VerifySecondFactorInput): Promise<VerifySecondFactorResult> {
    const { userId, clientAddress } = input;
    const code = parseSecondFactorCode(input.code);
    if (code.kind === 'malformed') return code;
    const verdict = await this.throttle.attemptSecondFactor(userId, clientAddress);
    if (verdict.kind === 'throttled') return verdict;
    const user = await this.users.findById(userId);
    const credential = await this.totp.find(userId);
    if (!user || user.lockedAt !== null) return { kind: 'unavailable' };
    const appOn = credential?.enabledAt != null;
    // Recovery codes stand in for any second factor: with none left, the login cannot complete.
    if (!appOn && (await this.passkeys.countOfUser(userId)) === 0) return { kind: 'unavailable' };

    const now = this.clock.now();
    let result: VerifySecondFactorResult;
    if (code.kind === 'totp') {
      if (credential?.enabledAt == null) return { kind: 'no-app' };
      const secret = await openTotpSecret(this.box, this.totp, credential);
      if (secret === null) return { kind: 'unreadable' };
      const step = this.algorithm.matchStep(secret, code.code, now);
      if (step === null) result = { kind: 'wrong-code' };
      else result = (await this.totp.acceptStep(userId, step)) ? { kind: 'ok', via: 'totp' } : { kind: 'replayed' };
    } else {
      const used = await this.recoveryCodes.use(userId, this.codeSecrets.hashOf(code.code), now);
      result = used ? { kind: 'ok', via: 'recovery-code' } : { kind: 'wrong-recovery-code' };
    }
    if (result.kind === 'ok') await this.throttle.secondFactorSucceeded(userId, clientAddress);
    return result;
  }
}
