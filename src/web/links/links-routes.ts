import { loginRequired } from '../shared/gates.js';
import { postOnly } from '../shared/post-only.js';
import type { WebFeature } from '../shared/web-feature.js';
import * as emailChange from './email-change-controller.js';
import * as emailVerification from './email-verification-controller.js';
import type { LinkServices } from './link-services.js';
import * as password from './password-controller.js';

/**
 * The pages emailed links open, open to anyone holding a link (password reset, email
 * verification, the new address's confirmation), and the forms that send them.
 */
export function linksWeb(services: LinkServices): WebFeature {
  return {
    name: 'links',
    routes(router, kit) {
      router.all('/account/email', loginRequired, postOnly, emailChange.requestEmailChange(services.requestEmailChange));
      // The link sent to a new address; it works logged in or not.
      router.get('/email/change', emailChange.showEmailChange(services.previewEmailChange));
      router.post('/email/change', emailChange.confirmEmailChange(services.confirmEmailChange));
      router.get('/password/forgot', password.showForgot);
      router.post('/password/forgot', password.requestReset(services.requestPasswordReset));
      router.get('/password/reset', password.showReset(services.checkLinkToken));
      router.post('/password/reset', password.reset(services.resetPassword, kit.rememberCookie));
      router.get('/email/verify', emailVerification.showVerify(services.checkLinkToken));
      router.post('/email/verify', emailVerification.verify(services.verifyEmail));
      router.all(
        '/email/verify/resend',
        loginRequired,
        postOnly,
        emailVerification.resend(services.sendEmailVerification),
      );
    },
  };
}
