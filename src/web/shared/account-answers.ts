import type { Context } from 'koa';
import type { CurrentPasswordRefusal } from '../../application/shared/current-password-check.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { loginThrottled, messages } from './messages.js';
import { type FlashKind, setFlash } from './flash.js';
import { logSecurityEvent } from './security-events.js';
import { dropSession } from './sessions.js';

/** Back to the account page with a message: how every account form answers. */
export function backToAccount(ctx: Context, kind: FlashKind, text: string): void {
  setFlash(ctx, kind, text);
  ctx.redirect('/account');
}

/**
 * A change refused before anything changed, for the current password: left empty,
 * wrong (counted by the login throttle), throttled, or the account is gone.
 */
export async function refuseChange(ctx: Context, refusal: CurrentPasswordRefusal): Promise<void> {
  switch (refusal.kind) {
    case 'current-password-missing':
      return backToAccount(ctx, 'messageFailure', messages.currentPasswordMissing);
    case 'wrong-password':
      await logSecurityEvent(ctx, 'account.refused', { userId: ctx.state.user?.id, reason: refusal.kind });
      return backToAccount(ctx, 'messageFailure', messages.wrongCurrentPassword);
    case 'throttled':
      await logSecurityEvent(ctx, 'account.refused', { userId: ctx.state.user?.id, reason: refusal.kind });
      return backToAccount(ctx, 'messageFailure', loginThrottled(refusal.retryAfterSeconds));
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
