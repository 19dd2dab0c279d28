import { ChangeLanguage } from '../../application/accounts/change-language.js';
import { ChangePassword } from '../../application/accounts/change-password.js';
import { ChangePhone } from '../../application/accounts/change-phone.js';
import { DeleteAccount } from '../../application/accounts/delete-account.js';
import { ExportPersonalData } from '../../application/accounts/export-personal-data.js';
import { GetProfile } from '../../application/accounts/get-profile.js';
import { LogInWithCode } from '../../application/accounts/log-in-with-code.js';
import { RequestLoginCode } from '../../application/accounts/request-login-code.js';
import { LogIn } from '../../application/accounts/log-in.js';
import { LogOut } from '../../application/accounts/log-out.js';
import { SignUp } from '../../application/accounts/sign-up.js';
import { PendingLogins } from '../../application/accounts/pending-login.js';
import { accountsWeb } from '../../web/accounts/accounts-routes.js';
import { linksIds } from '../links/links-ids.js';
import { typedModule } from '../shared/binding.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds as shared } from '../shared/shared-ids.js';
import { keyedLoginCodes } from './keyed-login-codes.js';
import { cryptoCredentialStamps } from './crypto-credential-stamps.js';
import { accountsIds as ids } from './accounts-ids.js';

/** Accounts: sign-up, login and logout, the profile, and the account settings. Its stores are the shared users. */
export const accounts: Feature = {
  name: 'accounts',
  module: (config) =>
    typedModule((provide) => {
      // Rotating the newest session key ends the login codes sent before (they live ten minutes).
      provide(ids.loginCodeSecrets, () => keyedLoginCodes(newestKey(config.session.keys)));
      provide(
        ids.signUp,
        (get) =>
          new SignUp(
            get(shared.users),
            get(shared.hasher),
            get(shared.commonPasswords),
            get(shared.throttle),
            get(shared.transactions),
            get(linksIds.linkTokens),
            get(shared.clock),
            get(shared.securityEvents),
            get(shared.passwordLimits),
            get(shared.breachedPasswords),
            get(shared.deploymentHost),
          ),
      );
      provide(
        ids.logIn,
        (get) =>
          new LogIn(
            get(shared.users),
            get(shared.hasher),
            get(shared.throttle),
            get(shared.securityEvents),
            get.all(ids.secondSteps),
            get(ids.pendingLogins),
            get(shared.passwordLimits),
          ),
      );
      provide(
        ids.requestLoginCode,
        (get) =>
          new RequestLoginCode(
            get(shared.transactions),
            get(ids.loginCodeSecrets),
            get(shared.clock),
            get(shared.throttle),
            get(shared.logger),
            get(shared.securityEvents),
          ),
      );
      provide(
        ids.logInWithCode,
        (get) =>
          new LogInWithCode(
            get(shared.users),
            get(linksIds.oneTimeTokens),
            get(ids.loginCodeSecrets),
            get(shared.throttle),
            get(shared.clock),
            get(shared.securityEvents),
            get.all(ids.secondSteps),
            get(ids.pendingLogins),
          ),
      );
      provide(ids.logOut, (get) => new LogOut(get(shared.securityEvents)));
      provide(ids.getProfile, (get) => new GetProfile(get(shared.users)));
      provide(
        ids.changePassword,
        (get) =>
          new ChangePassword(
            get(shared.currentPasswordCheck),
            get(shared.hasher),
            get(shared.commonPasswords),
            get(shared.transactions),
            get(shared.clock),
            get(shared.securityEvents),
            get(shared.passwordLimits),
            get(shared.breachedPasswords),
            get(shared.deploymentHost),
          ),
      );
      provide(
        ids.changePhone,
        (get) => new ChangePhone(get(shared.currentPasswordCheck), get(shared.users), get(shared.securityEvents)),
      );
      provide(ids.changeLanguage, (get) => new ChangeLanguage(get(shared.users), get(shared.translations).locales));
      provide(
        ids.deleteAccount,
        (get) => new DeleteAccount(get(shared.currentPasswordCheck), get(shared.transactions), get(shared.securityEvents)),
      );
      provide(
        ids.exportPersonalData,
        (get) =>
          new ExportPersonalData(get(shared.users), get.all(shared.personalDataSections), get(shared.clock), get(shared.securityEvents)),
      );
      provide(ids.pendingLogins, (get) => new PendingLogins(cryptoCredentialStamps, get(shared.clock)));
      provide(shared.webFeatures, (get) =>
        accountsWeb({
          signUp: get(ids.signUp),
          logIn: get(ids.logIn),
          ...(config.accounts.emailCodeLogin && {
            emailCode: { request: get(ids.requestLoginCode), logIn: get(ids.logInWithCode) },
          }),
          logOut: get(ids.logOut),
          getProfile: get(ids.getProfile),
          changePassword: get(ids.changePassword),
          changePhone: get(ids.changePhone),
          changeLanguage: get(ids.changeLanguage),
          deleteAccount: get(ids.deleteAccount),
          exportPersonalData: get(ids.exportPersonalData),
          confirmSudo: get(shared.confirmSudo),
          authorizeVerifiedEmail: get(linksIds.authorizeVerifiedEmail),
        }),
      );
    }),
  storage: {
    sql: () => typedModule(() => {}),
    memory: () => typedModule(() => {}),
  },
};

function newestKey(keys: readonly string[]): string {
  const [newest] = keys;
  if (newest === undefined) throw new Error('no session signing key to derive the login codes\' key from');
  return newest;
}
