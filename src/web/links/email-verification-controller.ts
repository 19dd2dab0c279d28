import { message } from '../shared/message.js';
import type { Middleware } from 'koa';
import type { CheckLinkToken } from '../../application/links/check-link-token.js';
import type { SendEmailVerification } from '../../application/links/send-email-verification.js';
import { unhandled } from '../../application/shared/unhandled.js';
import type { VerifyEmail } from '../../application/links/verify-email.js';
import { messages, verificationSent, verificationThrottled } from '../shared/messages.js';
import { setFlash } from '../shared/flash.js';
import { isLoggedIn } from '../shared/passport.js';
import { requestContext } from '../shared/security-events.js';
import { dropSession } from '../shared/sessions.js';
import { localeOf } from '../shared/locale.js';
import { renderPage } from '../shared/views.js';
import { bodyToken, queryToken, renderInvalidLink } from './link-pages.js';

/**
 * GET /email/verify?token=…: one button that posts the token. The GET verifies nothing,
 * because mail scanners and link previews open links without their owner.
 */
export function showVerify(checkLinkToken: CheckLinkToken): Middleware {
  return async (ctx) => {
    const token = queryToken(ctx);
    const result = await checkLinkToken.execute({ purpose: 'email-verification', token });
    switch (result.kind) {
      case 'valid':
        return renderPage(ctx, 'links/email-verify', { title: message('links:titles.verifyYourEmailAddress'), token });
      case 'invalid':
        return renderInvalidLink(ctx, 'email-verification');
      default:
        return unhandled(result);
    }
  };
}

/** POST /email/verify: marks the address verified; works whether or not this browser is logged in. */
export function verify(verifyEmail: VerifyEmail): Middleware {
  return async (ctx) => {
    const result = await verifyEmail.execute({ token: bodyToken(ctx), request: requestContext(ctx) });
    switch (result.kind) {
      case 'ok':
        setFlash(ctx, 'messageSuccess', messages.emailVerified);
        return ctx.redirect(isLoggedIn(ctx) ? '/users/profile' : '/login');
      case 'invalid-token':
        return renderInvalidLink(ctx, 'email-verification');
      default:
        return unhandled(result);
    }
  };
}

/** POST /email/verify/resend, behind loginRequired: the profile's "send the link again". */
export function resend(sendEmailVerification: SendEmailVerification): Middleware {
  return async (ctx) => {
    const result = await sendEmailVerification.execute(ctx.state.user.id, localeOf(ctx) ?? undefined);
    switch (result.kind) {
      case 'sent':
        setFlash(ctx, 'messageSuccess', verificationSent(result.email));
        break;
      case 'already-verified':
        setFlash(ctx, 'messageSuccess', messages.emailAlreadyVerified);
        break;
      case 'throttled':
        setFlash(ctx, 'messageFailure', verificationThrottled(result.retryAfterSeconds));
        break;
      case 'not-found':
        // The account was removed while the session lived: end the session.
        dropSession(ctx);
        setFlash(ctx, 'messageFailure', messages.mustBeLoggedIn);
        return ctx.redirect('/login');
      default:
        return unhandled(result);
    }
    ctx.redirect('/users/profile');
  };
}
