import type { Middleware } from 'koa';
import type { AuthorizeAdmin, AuthorizeAdminResult } from '../../application/administration/authorize-admin.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { setFlash } from '../shared/flash.js';
import { messages } from '../shared/messages.js';
import { logSecurityEvent } from '../shared/security-events.js';

const DENIED: AuthorizeAdminResult = { kind: 'denied' };

/**
 * Passes when the session's user record has the admin flag, read afresh on every
 * request; mount after loginRequired. A failing read throws, so it never grants.
 */
export function adminRequired(authorizeAdmin: AuthorizeAdmin): Middleware {
  return async (ctx, next) => {
    const userId = ctx.state.user?.id;
    const result = userId === undefined ? DENIED : await authorizeAdmin.execute(userId);
    switch (result.kind) {
      case 'allowed':
        return next();
      case 'denied':
        break;
      default:
        return unhandled(result);
    }
    await logSecurityEvent(ctx, 'admin.refused', { userId });
    setFlash(ctx, 'messageFailure', messages.adminOnly);
    ctx.redirect('/users/profile');
  };
}
