import { parseSecondFactorCode } from '../../domain/second-factor-code.js';
import type { UserId } from '../../domain/user.js';
import type { Clock } from '../ports/clock.js';
import type { RecoveryCodeSecrets } from '../ports/recovery-codes.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { TotpAlgorithm } from '../ports/totp-algorithm.js';
import type { TotpCredentials } from '../ports/totp-credentials.js';
import type { Transactions } from '../ports/transactions.js';
import { newRecoveryCodes } from './new-recovery-codes.js';
import { totpContext } from './totp-secret.js';

/** The first code of a user setting up an authenticator app. */
export interface ConfirmTotpEnrolmentInput {
  readonly userId: UserId;
  readonly code: string;
}

/** The outcome; on `ok` the app is on, and these recovery codes are to be shown once. */
export type ConfirmTotpEnrolmentResult =
  | { readonly kind: 'ok'; readonly recoveryCodes: readonly string[] }
  // Not six digits once spaces are dropped.
  | { readonly kind: 'malformed' }
  | { readonly kind: 'wrong-code' }
  // Nothing is being set up: never started, or replaced or finished by another request.
  | { readonly kind: 'not-enrolling' }
  | { readonly kind: 'already-on' }
  // No configured key opens the secret: set it up again.
  | { readonly kind: 'unreadable' };

/**
 * Switches the authenticator app on with a first right code, and makes the first set of
 * recovery codes, on one transaction: the app is never on without its codes. The code's
 * time step counts as used, so the same code cannot log in after.
 */
export class ConfirmTotpEnrolment {
  constructor(
    private readonly transactions: Transactions,
    private readonly totp: TotpCredentials,
    private readonly box: SecretBox,
    private readonly algorithm: TotpAlgorithm,
    private readonly codeSecrets: RecoveryCodeSecrets,
    private readonly clock: Clock,
  ) {}

  async execute(input: ConfirmTotpEnrolmentInput): Promise<ConfirmTotpEnrolmentResult> {
    const { userId } = input;
    const credential = await this.totp.find(userId);
    if (!credential) return { kind: 'not-enrolling' };
    if (credential.enabledAt !== null) return { kind: 'already-on' };
    const code = parseSecondFactorCode(input.code);
    if (code.kind !== 'totp') return { kind: 'malformed' };
    const opened = this.box.open(credential.sealedSecret, totpContext(userId));
    if (!opened) return { kind: 'unreadable' };
    const now = this.clock.now();
    const step = this.algorithm.matchStep(opened.plain, code.code, now);
    if (step === null) return { kind: 'wrong-code' };
    const { codes, hashes } = newRecoveryCodes(this.codeSecrets);
    return this.transactions.run(async ({ totp, recoveryCodes }): Promise<ConfirmTotpEnrolmentResult> => {
      if (!(await totp.enable(userId, credential.sealedSecret, step, now))) return { kind: 'not-enrolling' };
      await recoveryCodes.replace(userId, hashes);
      return { kind: 'ok', recoveryCodes: codes };
    });
  }
}
