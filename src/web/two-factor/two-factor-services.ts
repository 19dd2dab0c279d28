import type { PendingLogins } from '../../application/accounts/pending-login.js';
import type { ConfirmSudo } from '../../application/shared/confirm-sudo.js';
import type { AuthorizeSecondFactor } from '../../application/two-factor/authorize-second-factor.js';
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
  /** The rules of the pending login whose second step this is. */
  readonly pendingLogins: PendingLogins;
  /** Sudo mode, before the setup's sensitive forms. */
  readonly confirmSudo: ConfirmSudo;
  /** REQUIRE_2FA=all: whether a logged-in user may open a page beyond the setup's. */
  readonly authorizeSecondFactor: AuthorizeSecondFactor;
}
