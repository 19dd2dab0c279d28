import type { ChangeLanguage } from '../../application/accounts/change-language.js';
import type { ChangePassword } from '../../application/accounts/change-password.js';
import type { ChangePhone } from '../../application/accounts/change-phone.js';
import type { ExportPersonalData } from '../../application/accounts/export-personal-data.js';
import type { DeleteAccount } from '../../application/accounts/delete-account.js';
import type { GetProfile } from '../../application/accounts/get-profile.js';
import type { LogInWithCode } from '../../application/accounts/log-in-with-code.js';
import type { RequestLoginCode } from '../../application/accounts/request-login-code.js';
import type { LogIn } from '../../application/accounts/log-in.js';
import type { LogOut } from '../../application/accounts/log-out.js';
import type { SignUp } from '../../application/accounts/sign-up.js';
import type { AuthorizeVerifiedEmail } from '../../application/links/authorize-verified-email.js';
import type { ConfirmSudo } from '../../application/shared/confirm-sudo.js';

/** The use cases of the accounts' pages: sign-up, login, the profile and the account settings. */
export interface AccountServices {
  readonly signUp: SignUp;
  readonly logIn: LogIn;
  /** Login by a code sent by email: present only with EMAIL_CODE_LOGIN=on. */
  readonly emailCode?: EmailCodeServices;
  readonly logOut: LogOut;
  readonly getProfile: GetProfile;
  readonly changePassword: ChangePassword;
  readonly changePhone: ChangePhone;
  readonly changeLanguage: ChangeLanguage;
  readonly deleteAccount: DeleteAccount;
  /** "Download my data" (/account/data), behind sudo. */
  readonly exportPersonalData: ExportPersonalData;
  readonly confirmSudo: ConfirmSudo;
  /** The EMAIL_VERIFICATION gate, behind the contract's gate of /special (docs/behaviour.md §4). */
  readonly authorizeVerifiedEmail: AuthorizeVerifiedEmail;
}

/** The use cases of login by an emailed code: asking for one, and logging in with it. */
export interface EmailCodeServices {
  readonly request: RequestLoginCode;
  readonly logIn: LogInWithCode;
}
