import type { ChangePassword } from '../../application/accounts/change-password.js';
import type { ChangePhone } from '../../application/accounts/change-phone.js';
import type { DeleteAccount } from '../../application/accounts/delete-account.js';
import type { GetProfile } from '../../application/accounts/get-profile.js';
import type { LogIn } from '../../application/accounts/log-in.js';
import type { LogOut } from '../../application/accounts/log-out.js';
import type { SignUp } from '../../application/accounts/sign-up.js';
import type { AuthorizeVerifiedEmail } from '../../application/links/authorize-verified-email.js';

/** The use cases of the accounts' pages: sign-up, login, the profile and the account settings. */
export interface AccountServices {
  readonly signUp: SignUp;
  readonly logIn: LogIn;
  readonly logOut: LogOut;
  readonly getProfile: GetProfile;
  readonly changePassword: ChangePassword;
  readonly changePhone: ChangePhone;
  readonly deleteAccount: DeleteAccount;
  /** The EMAIL_VERIFICATION gate, behind the contract's gate of /special (docs/behaviour.md §4). */
  readonly authorizeVerifiedEmail: AuthorizeVerifiedEmail;
}
