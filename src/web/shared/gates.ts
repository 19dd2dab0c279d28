import type { Middleware } from 'koa';
import type { AuthorizeAdmin, AuthorizeAdminResult } from '../../application/administration/authorize-admin.js';
import type { AuthorizeVerifiedEmail, AuthorizeVerifiedEmailResult } from '../../application/links/authorize-verified-email.js';
import { messages } from './messages.js';
import { isLoggedIn } from './passport.js';
import { logSecurityEvent } from './security-events.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { setFlash } from './flash.js';

const DENIED: AuthorizeAdminResult = { kind: 'denied' };

/** Passes authenticated sessions; sends others to /login (SPEC 4.3). */
export const loginRequired: Middleware = (ctx, next) => {
  if (isLoggedIn(ctx)) return next();
  setFlash(ctx, 'messageFailure', messages.mustBeLoggedIn);
  ctx.redirect('/login');
};

/** The same test as loginRequired, but sends others to /signup (SPEC 4.3). */
export const signupRequired: Middleware = (ctx, next) => {
  if (isLoggedIn(ctx)) return next();
  setFlash(ctx, 'messageFailure', messages.mustBeSignedUp);
  ctx.redirect('/signup');
};

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
