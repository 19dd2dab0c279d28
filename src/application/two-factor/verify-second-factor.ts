import { parseSecondFactorCode } from '../../domain/two-factor/second-factor-code.js';
import { type PendingLogin, type PendingLogins, providerOf } from '../accounts/pending-login.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { SecondFactorMethods } from './second-factor-methods.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { recoveryCodeStore, type RecoveryCodeSecrets } from './ports/recovery-codes.js';
import type { SecretBox } from './ports/secret-box.js';
import type { TotpAlgorithm } from './ports/totp-algorithm.js';
import type { TotpCredentials } from './ports/totp-credentials.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { unhandled } from '../shared/unhandled.js';
import { openTotpSecret } from './totp-secret.js';

/** A code typed on /login/two-factor for the pending login of the user whose password was right. */
export interface VerifySecondFactorInput {
  readonly pending: PendingLogin;
  readonly code: string;
  /** Its address keys the per-address throttle; all of it goes with the code's event. */
  readonly request: RequestContext;
}

/** The outcome; on `ok` the login may complete. */
export type VerifySecondFactorResult =
  | { readonly kind: 'ok'; readonly via: 'totp' | 'recovery-code' }
  // The pending login is over: past its time, or the password changed since its first step.
  | { readonly kind: 'expired' }
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
 * address before it is checked. A right code completes the login: `login.succeeded`
 * with the method (after `two-factor.recovery-code-used` for a recovery code); a code
 * refused once checked or counted is `two-factor.failed` with the reason, on the user's
 * activity. A malformed code, or a pending login that is over, records nothing. A
 * recovery code used queues a notice to the owner (how many codes are left) on the
 * transaction that marks it used.
 */
export class VerifySecondFactor {
  constructor(
    private readonly users: UserRepository,
    private readonly totp: TotpCredentials,
    private readonly transactions: Transactions,
    private readonly methods: SecondFactorMethods,
    private readonly box: SecretBox,
    private readonly algorithm: TotpAlgorithm,
    private readonly codeSecrets: RecoveryCodeSecrets,
    private readonly throttle: AuthThrottle,
    private readonly pendingLogins: PendingLogins,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: VerifySecondFactorInput): Promise<VerifySecondFactorResult> {
    const result = await this.verify(input);
    const { userId } = input.pending;
    const { request } = input;
    switch (result.kind) {
      case 'ok':
        if (result.via === 'recovery-code') await this.events.record({ type: 'two-factor.recovery-code-used', userId, request });
        await this.events.record({ type: 'login.succeeded', userId, method: result.via, request, ...providerOf(input.pending) });
        break;
      case 'expired':
      case 'malformed':
        break;
      case 'wrong-code':
      case 'no-app':
      case 'replayed':
      case 'wrong-recovery-code':
      case 'throttled':
      case 'unreadable':
      case 'unavailable':
        await this.events.record({ type: 'two-factor.failed', userId, reason: result.kind, request, ...providerOf(input.pending) });
        break;
      default:
        return unhandled(result);
    }
    return result;
  }

  private async verify(input: VerifySecondFactorInput): Promise<VerifySecondFactorResult> {
    const { pending } = input;
    const clientAddress = input.request.ip;
    const { userId } = pending;
    const user = await this.users.findById(userId);
    if (!this.pendingLogins.isLive(pending, user)) return { kind: 'expired' };
    const code = parseSecondFactorCode(input.code);
    if (code.kind === 'malformed') return code;
    const verdict = await this.throttle.attemptSecondFactor(userId, clientAddress);
    if (verdict.kind === 'throttled') return verdict;
    const credential = await this.totp.find(userId);
    if (!user || user.lockedAt !== null) return { kind: 'unavailable' };
    const appOn = credential?.enabledAt != null;
    // Recovery codes stand in for any second factor: with none left, the login cannot complete.
    if (!appOn && (await this.methods.countOfKind('passkey', userId)) === 0) return { kind: 'unavailable' };

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
      const hash = this.codeSecrets.hashOf(code.code);
      const used = await this.transactions.run(async (tx) => {
        const codes = tx.get(recoveryCodeStore);
        if (!(await codes.use(userId, hash, now))) return false;
        const codesLeft = await codes.countUnused(userId);
        await tx.get(outboxStore).enqueue({ kind: 'recovery-code-used', to: user.email.value, codesLeft }, now);
        return true;
      });
      result = used ? { kind: 'ok', via: 'recovery-code' } : { kind: 'wrong-recovery-code' };
    }
    if (result.kind === 'ok') await this.throttle.secondFactorSucceeded(userId, clientAddress);
    return result;
  }
}
