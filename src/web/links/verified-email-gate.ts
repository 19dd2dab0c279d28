import type { Middleware } from 'koa';
import type { AuthorizeVerifiedEmail, AuthorizeVerifiedEmailResult } from '../../application/links/authorize-verified-email.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { setFlash } from '../shared/flash.js';
import { messages } from '../shared/messages.js';
import { logSecurityEvent } from '../shared/security-events.js';

/**
 * With EMAIL_VERIFICATION=required, sends a user whose address is unverified to the
 * profile (where the link can be sent again); with `optional` it lets everyone through.
 * Mount after SPEC's gates, so their answers and order stay as specified.
 */
export function verifiedEmailRequired(authorizeVerifiedEmail: AuthorizeVerifiedEmail): Middleware {
  return async (ctx, next) => {
    const userId = ctx.state.user?.id;
    const result: AuthorizeVerifiedEmailResult =
      userId === undefined ? { kind: 'unverified' } : await authorizeVerifiedEmail.execute(userId);
    switch (result.kind) {
      case 'allowed':
        return next();
      case 'unverified':
        break;
      default:
        return unhandled(result);
    }
    await logSecurityEvent(ctx, 'email.unverified-refused', { userId });
    setFlash(ctx, 'messageFailure', messages.verifyEmailFirst);
    ctx.redirect('/users/profile');
  };
}
