import { message, type Message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import type { CheckLinkToken } from '../../application/links/check-link-token.js';
import type { RequestPasswordReset } from '../../application/links/request-password-reset.js';
import type { ResetPassword } from '../../application/links/reset-password.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { keepDraft, takeDraft } from '../shared/form-draft.js';
import { readStringFields } from '../shared/form.js';
import { passwordLimitsOf } from '../shared/password-rules.js';
import { messages, newPasswordRefusal, passwordResetThrottled } from '../shared/messages.js';
import { setFlash } from '../shared/flash.js';
import { requestContext } from '../shared/security-events.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import { dropSession } from '../shared/sessions.js';
import { renderPage } from '../shared/views.js';
import { bodyToken, queryToken, renderInvalidLink } from './link-pages.js';

/** GET /password/forgot */
export const showForgot: Middleware = (ctx) =>
  renderPage(ctx, 'links/password-forgot', { title: message('links:titles.forgotYourPassword'), draft: takeDraft(ctx, 'password-forgot') });

/**
 * POST /password/forgot: the same answer, in the same time, whether or not an account
 * has the address (the use case writes the link after answering).
 */
export function requestReset(requestPasswordReset: RequestPasswordReset): Middleware {
  return async (ctx) => {
    const email = readStringFields(ctx.request.body, ['email'])?.email ?? '';
    const result = await requestPasswordReset.execute({ email, request: requestContext(ctx) });
    switch (result.kind) {
      case 'accepted':
        // The use case records the request once it knows whether an account has the address.
        // The login form the visitor lands on has the address filled in.
        keepDraft(ctx, 'login', { email });
        setFlash(ctx, 'messageSuccess', messages.passwordResetRequested);
        return ctx.redirect('/login');
      case 'invalid-email':
        return refuseRequest(ctx, email, messages.invalidEmail);
      case 'throttled':
        return refuseRequest(ctx, email, passwordResetThrottled(result.retryAfterSeconds));
      default:
        return unhandled(result);
    }
  };
}

/** GET /password/reset?token=…: the form for a link that works; it changes nothing (mail scanners open links). */
export function showReset(checkLinkToken: CheckLinkToken): Middleware {
  return async (ctx) => {
    const token = queryToken(ctx);
    const result = await checkLinkToken.execute({ purpose: 'password-reset', token });
    switch (result.kind) {
      case 'valid':
        return renderResetForm(ctx, token as string, null);
      case 'invalid':
        return renderInvalidLink(ctx, 'password-reset');
      default:
        return unhandled(result);
    }
  };
}

/**
 * POST /password/reset: sets the password; the user then logs in with it (no login
 * here). A visitor logged in as that user is logged out, remember-me cookie included.
 */
export function reset(resetPassword: ResetPassword, rememberCookie: RememberMeCookie): Middleware {
  return async (ctx) => {
    const token = bodyToken(ctx);
    const password = readStringFields(ctx.request.body, ['password'])?.password ?? '';
    const result = await resetPassword.execute({ token, password, request: requestContext(ctx) });
    if (result.kind === 'ok') {
      // Every session of the user ended, this browser's too when it is theirs.
      if (ctx.state.user?.id === result.userId) {
        dropSession(ctx);
        rememberCookie.clear(ctx);
      }
      setFlash(ctx, 'messageSuccess', messages.passwordResetDone);
      return ctx.redirect('/login');
    }
    if (result.kind === 'invalid-token') return renderInvalidLink(ctx, 'password-reset');
    return renderResetForm(ctx, token ?? '', newPasswordRefusal(result.kind, passwordLimitsOf(ctx)));
  };
}

async function renderResetForm(ctx: Context, token: string, problem: Message | null): Promise<void> {
  await renderPage(ctx, 'links/password-reset', { title: message('links:titles.setNewPassword'), token, problem });
  if (problem) ctx.status = 422;
}

function refuseRequest(ctx: Context, email: string, message: Message): void {
  keepDraft(ctx, 'password-forgot', { email });
  setFlash(ctx, 'messageFailure', message);
  ctx.redirect('/password/forgot');
}
