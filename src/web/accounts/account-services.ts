import type { ChangePassword } from '../../application/accounts/change-password.js';
import type { ChangePhone } from '../../application/accounts/change-phone.js';
import type { DeleteAccount } from '../../application/accounts/delete-account.js';
import type { GetProfile } from '../../application/accounts/get-profile.js';
import type { LogIn } from '../../application/accounts/log-in.js';
import type { SignUp } from '../../application/accounts/sign-up.js';
import type { StampCredentials } from '../../application/accounts/stamp-credentials.js';
import type { AuthorizeVerifiedEmail } from '../../application/links/authorize-verified-email.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import type { GetSecondFactors } from '../../application/two-factor/get-second-factors.js';

/** The use cases of the accounts' pages: sign-up, login, the profile and the account settings. */
export interface AccountServices {
  readonly signUp: SignUp;
  readonly logIn: LogIn;
  readonly getProfile: GetProfile;
  readonly changePassword: ChangePassword;
  readonly changePhone: ChangePhone;
  readonly deleteAccount: DeleteAccount;
  /** Whether a login needs a second factor after the password. */
  readonly getSecondFactors: GetSecondFactors;
  /** The stamp a pending login keeps of the password step. */
  readonly stampCredentials: StampCredentials;
  /** The clock a pending login's five minutes run on. */
  readonly clock: Clock;
  /** The EMAIL_VERIFICATION gate, behind SPEC's gate of /special. */
  readonly authorizeVerifiedEmail: AuthorizeVerifiedEmail;
}
