import { loginRequired } from '../shared/gates.js';
import { postOnly, readOrPost } from '../shared/post-only.js';
import { sudoRequired } from '../shared/sudo-required.js';
import type { WebFeature } from '../shared/web-feature.js';
import { secondFactorRequired } from './second-factor-gate.js';
import * as twoFactorSetup from './two-factor-controller.js';
import * as twoFactorLogin from './two-factor-login-controller.js';
import type { TwoFactorServices } from './two-factor-services.js';

/**
 * The second step of a login (/login/two-factor): open to anyone, since the visitor is
 * anonymous until it passes; without a pending login it sends them to /login. The POST
 * that completes a login needs passport's request methods (`withPassport`).
 *
 * The authenticator app's setup (/account/two-factor): the page and its first code, a
 * new secret, and behind sudo mode (the password again) starting a setup, new recovery
 * codes (for the app or the passkeys) and turning it off.
 *
 * On every request, REQUIRE_2FA=all's gate: a logged-in user without a second factor is
 * kept to the setup, the passkeys, the account's security pages and logout. Under `off`
 * or `admins` the gate could refuse no page, so it is not in the chain at all.
 */
export function twoFactorWeb(services: TwoFactorServices): WebFeature {
  return {
    name: 'two-factor',
    ...(services.authorizeSecondFactor.holdsPagesBack() && {
      middleware: () => secondFactorRequired(services.authorizeSecondFactor),
    }),
    routes(router, kit) {
      router.get('/login/two-factor', twoFactorLogin.showCodeForm(services));
      router.post('/login/two-factor', kit.withPassport, twoFactorLogin.checkCode(services, kit.loginHooks));

      const sudo = (label: string) =>
        sudoRequired(services.confirmSudo, { label, cancel: () => '/account/two-factor', admin: false });
      const [show, confirm] = [twoFactorSetup.showTwoFactor(services), twoFactorSetup.confirm(services, kit.rememberCookie)];
      router.all('/account/two-factor', loginRequired, readOrPost, (ctx, next) =>
        ctx.method === 'POST' ? confirm(ctx, next) : show(ctx, next),
      );
      router.all(
        '/account/two-factor/setup',
        loginRequired,
        postOnly,
        sudo('set up an authenticator app'),
        twoFactorSetup.setUp(services),
      );
      router.all(
        '/account/two-factor/recovery-codes',
        loginRequired,
        postOnly,
        sudo('make new recovery codes'),
        twoFactorSetup.regenerateRecoveryCodes(services),
      );
      router.all(
        '/account/two-factor/disable',
        loginRequired,
        postOnly,
        sudo('turn off two-factor authentication'),
        twoFactorSetup.turnOff(services),
      );
    },
  };
}
