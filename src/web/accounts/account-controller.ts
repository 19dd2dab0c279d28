import { message } from '../shared/message.js';
import type { Middleware } from 'koa';
import type { ChangePassword } from '../../application/accounts/change-password.js';
import type { ChangePhone } from '../../application/accounts/change-phone.js';
import type { DeleteAccount } from '../../application/accounts/delete-account.js';
import type { GetProfile } from '../../application/accounts/get-profile.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { readStringFields } from '../shared/form.js';
import { keepDraft, takeDraftOf } from '../shared/form-draft.js';
import { passwordLimitsOf } from '../shared/password-rules.js';
import { messages, newPasswordRefusal } from '../shared/messages.js';
import { setFlash } from '../shared/flash.js';
import { requestContext } from '../shared/security-events.js';
import { sudoConfirmedAt } from '../shared/sudo-required.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import { currentSessionHandle, endSession, logInOnFreshSession } from '../shared/sessions.js';
import { renderPage } from '../shared/views.js';
import { accountGone, backToAccount, refuseChange } from '../shared/account-answers.js';

/** GET /account, behind loginRequired: the account's facts and its four forms. */
export function showAccount(getProfile: GetProfile): Middleware {
  return async (ctx) => {
    const result = await getProfile.execute(ctx.state.user.id);
    switch (result.kind) {
      case 'ok': {
        const { profile } = result;
        const kept = takeDraftOf(ctx, ['account-email', 'account-phone']);
        return renderPage(ctx, 'accounts/account', {
          title: message('accounts:titles.accountSettings'),
          profile,
          isAdmin: profile.admin,
          newEmail: kept?.form === 'account-email' ? kept.draft.email : '',
          // The phone form starts from the number on record, or from what was typed and refused.
          phone: kept?.form === 'account-phone' ? kept.draft.phone : (profile.phone ?? ''),
        });
      }
      case 'not-found':
        return accountGone(ctx);
      default:
        return unhandled(result);
    }
  };
}

/**
 * POST /account/password: a new password; every other session ends, this one moves to
 * a new id. Every other remembered device is forgotten; this one stays remembered.
 */
export function changePassword(useCase: ChangePassword, rememberCookie: RememberMeCookie): Middleware {
  return async (ctx) => {
    const form = readStringFields(ctx.request.body, ['currentPassword', 'password']);
    if (!form) return backToAccount(ctx, 'messageFailure', messages.unreadableForm);
    const userId = ctx.state.user.id;
    const result = await useCase.execute({
      userId,
      currentPassword: form.currentPassword ?? '',
      confirmedAt: sudoConfirmedAt(ctx),
      newPassword: form.password ?? '',
      request: requestContext(ctx),
      keepDevice: rememberCookie.deviceOf(ctx),
    });
    switch (result.kind) {
      case 'ok':
        // The use case ended every session of the user; this visitor goes on in a new one,
        // under the same public handle, to which this device's remember-me token stays bound.
        await logInOnFreshSession(ctx, { id: userId }, currentSessionHandle(ctx) ?? undefined);
        return backToAccount(ctx, 'messageSuccess', messages.passwordChanged);
      case 'password-too-short':
      case 'password-too-long':
      case 'password-too-common':
      case 'password-context-word':
      case 'password-breached':
        return backToAccount(ctx, 'messageFailure', newPasswordRefusal(result.kind, passwordLimitsOf(ctx)));
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

/** POST /account/phone: a new phone number, or none when left empty. */
export function changePhone(useCase: ChangePhone): Middleware {
  return async (ctx) => {
    const form = readStringFields(ctx.request.body, ['phone', 'currentPassword']);
    if (!form) return backToAccount(ctx, 'messageFailure', messages.unreadableForm);
    const result = await useCase.execute({
      userId: ctx.state.user.id,
      phone: form.phone ?? '',
      currentPassword: form.currentPassword ?? '',
      confirmedAt: sudoConfirmedAt(ctx),
      request: requestContext(ctx),
    });
    if (result.kind !== 'ok') keepDraft(ctx, 'account-phone', { phone: form.phone ?? '' });
    switch (result.kind) {
      case 'ok':
        return backToAccount(
          ctx,
          'messageSuccess',
          result.phone === null ? messages.phoneRemoved : messages.phoneChanged,
        );
      case 'invalid-phone':
        return backToAccount(ctx, 'messageFailure', messages.invalidPhone);
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

/**
 * POST /account/delete: with the current password and the ticked box; the visitor leaves
 * logged out, and without the remember-me cookie, whose token went with the account.
 */
export function deleteAccount(useCase: DeleteAccount, rememberCookie: RememberMeCookie): Middleware {
  return async (ctx) => {
    const form = readStringFields(ctx.request.body, ['currentPassword', 'confirm']);
    if (!form) return backToAccount(ctx, 'messageFailure', messages.unreadableForm);
    const result = await useCase.execute({
      userId: ctx.state.user.id,
      currentPassword: form.currentPassword ?? '',
      confirmedAt: sudoConfirmedAt(ctx),
      confirmed: form.confirm === 'yes',
      request: requestContext(ctx),
    });
    switch (result.kind) {
      case 'ok':
        await endSession(ctx);
        rememberCookie.clear(ctx);
        setFlash(ctx, 'messageSuccess', messages.accountDeleted);
        return ctx.redirect('/');
      case 'not-confirmed':
        return backToAccount(ctx, 'messageFailure', messages.deleteNotConfirmed);
      case 'last-admin':
        return backToAccount(ctx, 'messageFailure', messages.lastAdmin);
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
