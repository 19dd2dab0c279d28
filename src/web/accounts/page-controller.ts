import { message } from '../shared/message.js';
import type { Middleware } from 'koa';
import type { GetProfile } from '../../application/accounts/get-profile.js';
import { messages } from '../shared/messages.js';
import { setFlash } from '../shared/flash.js';
import { dropSession } from '../shared/sessions.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { renderPage } from '../shared/views.js';

/** GET / */
export const home: Middleware = (ctx) => renderPage(ctx, 'accounts/home', { title: message('accounts:titles.home') });

/** GET /special, behind signupRequired. */
export const special: Middleware = (ctx) => renderPage(ctx, 'accounts/special', { title: message('accounts:titles.special') });

/** GET /users/profile, behind loginRequired. */
export function profile(getProfile: GetProfile): Middleware {
  return async (ctx) => {
    const result = await getProfile.execute(ctx.state.user.id);
    switch (result.kind) {
      case 'ok':
        // The record is read here anyway, so the navigation can offer the admin pages.
        return renderPage(ctx, 'accounts/profile', { title: message('accounts:titles.profile'), profile: result.profile, isAdmin: result.profile.admin });
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
