import type { LogInWithCode } from '../../application/accounts/log-in-with-code.js';
import type { RequestLoginCode } from '../../application/accounts/request-login-code.js';
import type { ChangePassword } from '../../application/accounts/change-password.js';
import type { ChangePhone } from '../../application/accounts/change-phone.js';
import type { ExportPersonalData } from '../../application/accounts/export-personal-data.js';
import type { DeleteAccount } from '../../application/accounts/delete-account.js';
import type { GetProfile } from '../../application/accounts/get-profile.js';
import type { LogIn } from '../../application/accounts/log-in.js';
import type { LogOut } from '../../application/accounts/log-out.js';
import type { SignUp } from '../../application/accounts/sign-up.js';
import type { PendingLogins } from '../../application/accounts/pending-login.js';
import type { LoginCodeSecrets } from '../../application/accounts/ports/login-codes.js';
import type { SecondStep } from '../../application/accounts/ports/second-step.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`accounts.${name}`);

/** The service identifiers of accounts: sign-up, login, the profile and the account settings. */
export const accountsIds = {
  signUp: id<SignUp>('SignUp'),
  logIn: id<LogIn>('LogIn'),
  requestLoginCode: id<RequestLoginCode>('RequestLoginCode'),
  logInWithCode: id<LogInWithCode>('LogInWithCode'),
  /** How login codes are made and hashed: keyed by the newest session signing key. */
  loginCodeSecrets: id<LoginCodeSecrets>('LoginCodeSecrets'),
  logOut: id<LogOut>('LogOut'),
  getProfile: id<GetProfile>('GetProfile'),
  changePassword: id<ChangePassword>('ChangePassword'),
  changePhone: id<ChangePhone>('ChangePhone'),
  deleteAccount: id<DeleteAccount>('DeleteAccount'),
  /** "Download my data": every feature's section (`sharedIds.personalDataSections`) in one document. */
  exportPersonalData: id<ExportPersonalData>('ExportPersonalData'),
  /** The rules of a login that waits for its second step. */
  pendingLogins: id<PendingLogins>('PendingLogins'),
  /** The steps a login may need after the password (multiple bindings: two-factor login's). */
  secondSteps: id<SecondStep>('SecondSteps'),
};
