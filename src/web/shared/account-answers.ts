import type { Message } from './message.js';
import type { Context } from 'koa';
import type { CurrentPasswordRefusal } from '../../application/shared/current-password-check.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { loginThrottled, messages } from './messages.js';
import { type FlashKind, setFlash } from './flash.js';
import { dropSession } from './sessions.js';

/** Back to the account page with a message: how every account form answers. */
export function backToAccount(ctx: Context, kind: FlashKind, text: Message): void {
  setFlash(ctx, kind, text);
  ctx.redirect('/account');
}

/**
 * A change refused before anything changed, for the current password: left empty,
 * wrong (counted by the login throttle), throttled, no fresh sign-in for an account
 * without a password, or the account is gone. The use
 * case recorded the refusal.
 */
export function refuseChange(ctx: Context, refusal: CurrentPasswordRefusal): void {
  switch (refusal.kind) {
    case 'current-password-missing':
      return backToAccount(ctx, 'messageFailure', messages.currentPasswordMissing);
    case 'wrong-password':
      return backToAccount(ctx, 'messageFailure', messages.wrongCurrentPassword);
    case 'throttled':
      return backToAccount(ctx, 'messageFailure', loginThrottled(refusal.retryAfterSeconds));
    case 'fresh-sign-in-needed':
      return backToAccount(ctx, 'messageFailure', messages.freshSignInNeeded);
    case 'not-found':
      return accountGone(ctx);
    default:
      return unhandled(refusal);
  }
}

/** The account was removed while the session lived: the session ends, as on the profile. */
export function accountGone(ctx: Context): void {
  dropSession(ctx);
  setFlash(ctx, 'messageFailure', messages.mustBeLoggedIn);
  ctx.redirect('/login');
}
