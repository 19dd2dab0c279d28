import type { Middleware } from 'koa';
import type { AuthorizeVerifiedEmail } from '../../application/links/authorize-verified-email.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { setFlash } from '../shared/flash.js';
import { messages } from '../shared/messages.js';
import { requestContext } from '../shared/security-events.js';

/**
 * With EMAIL_VERIFICATION=required, sends a user whose address is unverified to the
 * profile (where the link can be sent again); with `optional` it lets everyone through.
 * Mount after the gates of docs/behaviour.md, so their answers and order stay as specified.
 * The use case records a refusal.
 */
export function verifiedEmailRequired(authorizeVerifiedEmail: AuthorizeVerifiedEmail): Middleware {
  return async (ctx, next) => {
    const result = await authorizeVerifiedEmail.execute({ userId: ctx.state.user?.id, request: requestContext(ctx) });
    switch (result.kind) {
      case 'allowed':
        return next();
      case 'unverified':
        break;
      default:
        return unhandled(result);
    }
    setFlash(ctx, 'messageFailure', messages.verifyEmailFirst);
    ctx.redirect('/users/profile');
  };
}
