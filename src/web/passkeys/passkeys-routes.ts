import { message } from '../shared/message.js';
import type { Middleware } from 'koa';
import type { WebFeature } from '../shared/web-feature.js';
import * as twoFactorPasskey from './two-factor-passkey-controller.js';
import { PASSKEY_CHALLENGE_LIFETIME_MS } from '../../application/passkeys/passkey-challenge.js';
import * as passkeyLogin from './passkey-login-controller.js';
import * as passkeys from './passkeys-controller.js';
import { loginRequired } from '../shared/gates.js';
import { jsonRefusal } from '../middleware/json-body.js';
import { postOnly } from '../shared/post-only.js';
import { freshSudoRequired, sudoRequired } from '../shared/sudo-required.js';
import { passkeyMessages } from './passkey-messages.js';
import { isLoggedIn } from '../shared/passport.js';
import type { PasskeyServices } from './passkey-services.js';

/** loginRequired for the JSON endpoints: a 401 with a message the page shows, not a redirect. */
const jsonLoginRequired: Middleware = (ctx, next) => {
  if (isLoggedIn(ctx)) return next();
  return jsonRefusal(ctx, 401, passkeyMessages.mustBeLoggedIn);
};

/**
 * The passkey routes: the account's passkeys page, its "Add a passkey" form (sudo mode,
 * then the page ready to register), its two JSON endpoints (options only within the
 * sudo window), its delete and rename forms; the passwordless login's two JSON endpoints; and a
 * passkey as the second step of a login (/login/two-factor/passkey). The JSON bodies
 * are read by the app's JSON reader (`jsonPaths`), behind the same cross-origin check as forms.
 */
export function passkeysWeb(services: PasskeyServices): WebFeature {
  return {
    name: 'passkeys',
    jsonPaths: [
      '/account/passkeys',
      '/account/passkeys/options',
      '/login/passkey',
      '/login/passkey/options',
      '/login/two-factor/passkey',
      '/login/two-factor/passkey/options',
    ],
    routes(router, kit) {
      const { confirmSudo } = services;
      const sudoToAdd = sudoRequired(confirmSudo, { label: message('passkeys:sudo.addPasskey'), cancel: () => '/account/passkeys', admin: false });
      // At least a challenge's lifetime after the password, so SUDO_SECONDS=0 still lets the ready page register.
      const freshSudo = freshSudoRequired(confirmSudo, PASSKEY_CHALLENGE_LIFETIME_MS, (ctx) =>
        jsonRefusal(ctx, 403, passkeyMessages.sudoNeeded),
      );
      router.get('/account/passkeys', loginRequired, passkeys.showPasskeys(services.list));
      router.all('/account/passkeys/add', loginRequired, postOnly, sudoToAdd, passkeys.showPasskeys(services.list, true));
      router.post('/account/passkeys', jsonLoginRequired, passkeys.register(services, kit.rememberCookie));
      router.post('/account/passkeys/options', jsonLoginRequired, freshSudo, passkeys.registrationOptions(services));
      const sudo = sudoRequired(confirmSudo, {
        label: message('passkeys:sudo.removeYourLastPasskey'),
        cancel: () => '/account/passkeys',
        carry: ['id'],
        admin: false,
      });
      router.all('/account/passkeys/delete', loginRequired, postOnly, passkeys.deletePasskey(services, sudo));
      // No sudo: a name is a label, not a credential.
      router.all('/account/passkeys/rename', loginRequired, postOnly, passkeys.renamePasskey(services));

      router.post('/login/passkey/options', passkeyLogin.loginOptions(services));
      router.post('/login/passkey', kit.withPassport, passkeyLogin.logInWithPasskey(services, kit.loginHooks));
      router.post('/login/two-factor/passkey/options', twoFactorPasskey.secondFactorOptions(services));
      router.post(
        '/login/two-factor/passkey',
        kit.withPassport,
        twoFactorPasskey.verifySecondFactorPasskey(services, kit.loginHooks),
      );
    },
  };
}
