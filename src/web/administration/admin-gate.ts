import type { Middleware } from 'koa';
import type { AuthorizeAdmin } from '../../application/administration/authorize-admin.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { setFlash } from '../shared/flash.js';
import { messages } from '../shared/messages.js';
import { requestContext } from '../shared/security-events.js';

/**
 * Passes when the session's user record has the admin flag, read afresh on every
 * request; mount after loginRequired. A failing read throws, so it never grants.
 */
export function adminRequired(authorizeAdmin: AuthorizeAdmin): Middleware {
  return async (ctx, next) => {
    const result = await authorizeAdmin.execute({ userId: ctx.state.user?.id, request: requestContext(ctx) });
    switch (result.kind) {
      case 'allowed':
        return next();
      case 'denied':
        break;
      default:
        return unhandled(result);
    }
    setFlash(ctx, 'messageFailure', messages.adminOnly);
    ctx.redirect('/users/profile');
  };
}
