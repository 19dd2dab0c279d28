import type { ChangePassword } from '../../application/accounts/change-password.js';
import type { ChangePhone } from '../../application/accounts/change-phone.js';
import type { DeleteAccount } from '../../application/accounts/delete-account.js';
import type { GetProfile } from '../../application/accounts/get-profile.js';
import type { LogIn } from '../../application/accounts/log-in.js';
import type { SignUp } from '../../application/accounts/sign-up.js';
import type { StampCredentials } from '../../application/accounts/stamp-credentials.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`accounts.${name}`);

/** The service identifiers of accounts: sign-up, login, the profile and the account settings. */
export const accountsIds = {
  signUp: id<SignUp>('SignUp'),
  logIn: id<LogIn>('LogIn'),
  getProfile: id<GetProfile>('GetProfile'),
  changePassword: id<ChangePassword>('ChangePassword'),
  changePhone: id<ChangePhone>('ChangePhone'),
  deleteAccount: id<DeleteAccount>('DeleteAccount'),
  stampCredentials: id<StampCredentials>('StampCredentials'),
};
