import type Router from '@koa/router';
import type { Middleware } from 'koa';
import * as twoFactorSetup from './two-factor-controller.js';
import * as twoFactorLogin from './two-factor-login-controller.js';
import * as twoFactorPasskey from '../passkeys/two-factor-passkey-controller.js';
import { loginRequired } from '../shared/gates.js';
import { postOnly, readOrPost } from '../shared/post-only.js';
import { sudoRequired } from '../shared/sudo-required.js';
import type { LoginCompletion } from '../accounts/pending-login.js';
import type { RememberMeCookie } from '../devices/remember-me-cookie.js';
import type { AppServices } from '../services.js';

/**
 * The second step of a login (/login/two-factor): open to anyone, since the visitor is
 * anonymous until it passes; without a pending login it sends them to /login. A code
 * is posted by the form; a passkey by the page's script, to the two JSON endpoints
 * (read by `jsonBody`, JSON_PATHS). The POSTs that complete a login need passport's
 * request methods (`withPassport`).
 */
export function addTwoFactorLogin(
  router: Router,
  services: AppServices,
  withPassport: Middleware,
  completion: LoginCompletion,
): void {
  const { twoFactor, passkeys } = services;
  router.get('/login/two-factor', twoFactorLogin.showCodeForm(twoFactor));
  router.post('/login/two-factor', withPassport, twoFactorLogin.checkCode(twoFactor, completion));
  router.post('/login/two-factor/passkey/options', twoFactorPasskey.secondFactorOptions(passkeys, twoFactor));
  router.post(
    '/login/two-factor/passkey',
    withPassport,
    twoFactorPasskey.verifySecondFactorPasskey(passkeys, twoFactor, completion),
  );
}

/**
 * The authenticator app's setup (/account/two-factor): the page and its first code, a new
 * secret, and behind sudo mode (the password again) starting a setup, new recovery codes
 * (for the app or the passkeys) and turning it off.
 */
export function addTwoFactorSetup(router: Router, services: AppServices, rememberCookie: RememberMeCookie): void {
  const { twoFactor } = services;
  const sudo = (label: string) =>
    sudoRequired(services.administration.confirmSudo, { label, cancel: () => '/account/two-factor', admin: false });
  const [show, confirm] = [twoFactorSetup.showTwoFactor(twoFactor), twoFactorSetup.confirm(twoFactor, rememberCookie)];
  router.all('/account/two-factor', loginRequired, readOrPost, (ctx, next) =>
    ctx.method === 'POST' ? confirm(ctx, next) : show(ctx, next),
  );
  router.all(
    '/account/two-factor/setup',
    loginRequired,
    postOnly,
    sudo('set up an authenticator app'),
    twoFactorSetup.setUp(twoFactor),
  );
  router.all(
    '/account/two-factor/recovery-codes',
    loginRequired,
    postOnly,
    sudo('make new recovery codes'),
    twoFactorSetup.regenerateRecoveryCodes(twoFactor),
  );
  router.all(
    '/account/two-factor/disable',
    loginRequired,
    postOnly,
    sudo('turn off two-factor authentication'),
    twoFactorSetup.turnOff(twoFactor),
  );
}
