import { message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import type { ConfirmEmailChange } from '../../application/links/confirm-email-change.js';
import type { PreviewEmailChange } from '../../application/links/preview-email-change.js';
import type { RequestEmailChange } from '../../application/links/request-email-change.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { readStringFields } from '../shared/form.js';
import { emailChanged, emailChangeRequested, emailChangeThrottled, messages } from '../shared/messages.js';
import { backToAccount, refuseChange } from '../shared/account-answers.js';
import { keepDraft } from '../shared/form-draft.js';
import { setFlash } from '../shared/flash.js';
import { isLoggedIn } from '../shared/passport.js';
import { requestContext } from '../shared/security-events.js';
import { sudoConfirmedAt } from '../shared/sudo-required.js';
import { renderPage } from '../shared/views.js';

/**
 * GET /email/change?token=…, the link sent to the new address: a page with one
 * button, and no change (mail scanners and link previews open links).
 */
export function showEmailChange(preview: PreviewEmailChange): Middleware {
  return async (ctx) => {
    keepLinkPrivate(ctx);
    const token = ctx.query.token;
    const result = await preview.execute(token);
    switch (result.kind) {
      case 'ok':
        return renderPage(ctx, 'links/email-change', {
          title: message('links:titles.confirmYourNewEmail'),
          newEmail: result.newEmail,
          token,
        });
      case 'invalid-token':
        return invalidLink(ctx);
      default:
        return unhandled(result);
    }
  };
}

/** POST /email/change, the button of that page: makes the change, logged in or not. */
export function confirmEmailChange(confirm: ConfirmEmailChange): Middleware {
  return async (ctx) => {
    keepLinkPrivate(ctx);
    const form = readStringFields(ctx.request.body, ['token']);
    // A token sent twice (`token=a&token=b`) is no token.
    const result = await confirm.execute({ token: form?.token, request: requestContext(ctx) });
    const next = isLoggedIn(ctx) ? '/account' : '/login';
    switch (result.kind) {
      case 'ok':
        setFlash(ctx, 'messageSuccess', emailChanged(result.newEmail));
        return ctx.redirect(next);
      case 'email-taken':
        setFlash(ctx, 'messageFailure', messages.emailChangeTaken);
        return ctx.redirect(next);
      case 'invalid-token':
        return invalidLink(ctx);
      default:
        return unhandled(result);
    }
  };
}

/**
 * The token is in the page's address and form: no other site may learn it from a
 * Referer, and no cache may keep the page. Every page already says both (helmet, noStore);
 * these pages say it themselves, so that no change there can expose a token.
 */
function keepLinkPrivate(ctx: Context): void {
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cache-Control', 'no-store');
}

/** Unknown, used, expired or malformed alike: the page says no more than that. */
function invalidLink(ctx: Context): Promise<void> {
  ctx.status = 400;
  return renderPage(ctx, 'links/email-change-invalid', { title: message('links:titles.thisLinkDoesNot') });
}

/** POST /account/email: sends a link to the new address; nothing changes until it is followed. */
export function requestEmailChange(useCase: RequestEmailChange): Middleware {
  return async (ctx) => {
    const form = readStringFields(ctx.request.body, ['email', 'currentPassword']);
    if (!form) return backToAccount(ctx, 'messageFailure', messages.unreadableForm);
    const result = await useCase.execute({
      userId: ctx.state.user.id,
      newEmail: form.email ?? '',
      currentPassword: form.currentPassword ?? '',
      confirmedAt: sudoConfirmedAt(ctx),
      request: requestContext(ctx),
    });
    if (result.kind !== 'ok') keepDraft(ctx, 'account-email', { email: form.email ?? '' });
    switch (result.kind) {
      case 'ok':
        return backToAccount(ctx, 'messageSuccess', emailChangeRequested(result.newEmail));
      case 'invalid-email':
        return backToAccount(ctx, 'messageFailure', messages.invalidEmail);
      case 'same-email':
        return backToAccount(ctx, 'messageFailure', messages.sameEmail);
      case 'too-many-requests':
        return backToAccount(ctx, 'messageFailure', emailChangeThrottled(result.retryAfterSeconds));
      case 'current-password-missing':
      case 'wrong-password':
      case 'throttled':
      case 'fresh-sign-in-needed':
      case 'not-found':
        return refuseChange(ctx, result);
      default:
        return unhandled(result);
    }
  };
}
