import type { StampCredentials } from '../../application/accounts/stamp-credentials.js';
import type { ConfirmSudo } from '../../application/shared/confirm-sudo.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import type { ConfirmTotpEnrolment } from '../../application/two-factor/confirm-totp-enrolment.js';
import type { DisableTwoFactor } from '../../application/two-factor/disable-two-factor.js';
import type { GetSecondFactors } from '../../application/two-factor/get-second-factors.js';
import type { RegenerateRecoveryCodes } from '../../application/two-factor/regenerate-recovery-codes.js';
import type { ShowTwoFactor } from '../../application/two-factor/show-two-factor.js';
import type { StartTotpEnrolment } from '../../application/two-factor/start-totp-enrolment.js';
import type { VerifySecondFactor } from '../../application/two-factor/verify-second-factor.js';

/** The use cases of two-factor login, and the clock its pending login's five minutes run on. */
export interface TwoFactorServices {
  /** Whether a user's login needs a second factor after the password. */
  readonly getSecondFactors: GetSecondFactors;
  readonly verifySecondFactor: VerifySecondFactor;
  readonly showTwoFactor: ShowTwoFactor;
  readonly startTotpEnrolment: StartTotpEnrolment;
  readonly confirmTotpEnrolment: ConfirmTotpEnrolment;
  readonly regenerateRecoveryCodes: RegenerateRecoveryCodes;
  readonly disableTwoFactor: DisableTwoFactor;
  /** The stamp a pending login keeps of the password step, and checks before it completes. */
  readonly stampCredentials: StampCredentials;
  readonly clock: Clock;
  /** Sudo mode, before the setup's sensitive forms. */
  readonly confirmSudo: ConfirmSudo;
}
