import type { Middleware } from 'koa';
import type { GetProfile } from '../../application/get-profile.js';
import { messages } from '../messages.js';
import { setFlash } from '../middleware/flash.js';
import { dropSession } from '../sessions.js';
import { unhandled } from '../../application/unhandled.js';
import { renderPage } from '../views.js';

/** GET / */
export const home: Middleware = (ctx) => renderPage(ctx, 'home', { title: 'Home' });

/** GET /special, behind signupRequired. */
export const special: Middleware = (ctx) => renderPage(ctx, 'special', { title: 'Special' });

/** GET /admin, behind loginRequired and adminRequired (so the admin links may show). */
export const admin: Middleware = (ctx) => renderPage(ctx, 'admin', { title: 'Admin', isAdmin: true });

/** GET /users/profile, behind loginRequired. */
export function profile(getProfile: GetProfile): Middleware {
  return async (ctx) => {
    const result = await getProfile.execute(ctx.state.user.id);
    switch (result.kind) {
      case 'ok':
        // The record is read here anyway, so the navigation can offer the admin pages.
        return renderPage(ctx, 'profile', { title: 'Profile', profile: result.profile, isAdmin: result.profile.admin });
      case 'not-found':
        // The account was removed while the session lived: end the session.
        dropSession(ctx);
        setFlash(ctx, 'messageFailure', messages.mustBeLoggedIn);
        return ctx.redirect('/login');
      default:
        return unhandled(result);
    }
  };
}
