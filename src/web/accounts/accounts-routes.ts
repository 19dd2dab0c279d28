import { changeLanguage, savedLanguageHooks } from './language-controller.js';
import { message } from '../shared/message.js';
import { loginRequired, signupRequired } from '../shared/gates.js';
import { postOnly, readOrPost } from '../shared/post-only.js';
import { sudoRequired } from '../shared/sudo-required.js';
import { readOnly } from '../shared/read-only.js';
import type { WebFeature } from '../shared/web-feature.js';
import { verifiedEmailRequired } from '../links/verified-email-gate.js';
import * as account from './account-controller.js';
import type { AccountServices } from './account-services.js';
import * as auth from './auth-controller.js';
import { accountData } from './data-controller.js';
import * as loginCode from './login-code-controller.js';
import { useLocalStrategies } from './local-strategies.js';
import * as pages from './page-controller.js';

/**
 * The specified pages and forms (docs/behaviour.md), each with its gates in the
 * specified order: home, sign-up, login, logout, /special and the profile; and the
 * account page with its password, phone and delete forms. Gated pages answer every
 * method through their gates first (`router.all`), so a POST or PUT learns no more than
 * a GET would; only a visitor who passes the gates is told 405 for a method other
 * than GET or HEAD.
 */
export function accountsWeb(services: AccountServices): WebFeature {
  return {
    name: 'accounts',
    loginHooks: () => savedLanguageHooks(services.getProfile),
    routes(router, kit) {
      useLocalStrategies(kit.passport, services);
      const { withPassport, loginHooks, rememberCookie } = kit;
      // After the contract's gates (docs/behaviour.md §4): EMAIL_VERIFICATION=required only adds a check behind them.
      const verified = verifiedEmailRequired(services.authorizeVerifiedEmail);

      router.get('/', pages.home);
      router.get('/login', auth.showLogin(services.emailCode !== undefined));
      router.post('/login', withPassport, auth.logIn(kit.passport, loginHooks));
      if (services.emailCode) {
        router.post('/login/code/send', loginCode.requestCode(services.emailCode));
        router.get('/login/code', loginCode.showCodeForm);
        router.post('/login/code', withPassport, loginCode.logInWithCode(services.emailCode, loginHooks));
      }
      router.get('/signup', auth.showSignUp);
      router.post('/signup', withPassport, auth.signUp(kit.passport, loginHooks));
      router.get('/logout', withPassport, auth.logOut(services.logOut, loginHooks));
      router.all('/special', signupRequired, verified, readOnly, pages.special);
      router.all('/users/profile', loginRequired, readOnly, pages.profile(services.getProfile));

      // Account settings: each form behind loginRequired, like the pages.
      router.all('/account', loginRequired, readOnly, account.showAccount(services.getProfile));
      router.all(
        '/account/password',
        loginRequired,
        postOnly,
        withPassport,
        account.changePassword(services.changePassword, rememberCookie),
      );
      router.all('/account/phone', loginRequired, postOnly, account.changePhone(services.changePhone));
      router.all('/account/language', loginRequired, postOnly, changeLanguage(services.changeLanguage));
      router.all(
        '/account/delete',
        loginRequired,
        postOnly,
        withPassport,
        account.deleteAccount(services.deleteAccount, rememberCookie),
      );
      const sudoToExport = sudoRequired(services.confirmSudo, {
        label: message('accounts:sudo.downloadCopyYourData'),
        cancel: () => '/account/data',
        admin: false,
      });
      router.all('/account/data', loginRequired, readOrPost, accountData(services.exportPersonalData, sudoToExport));
    },
  };
}
