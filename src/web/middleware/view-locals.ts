import { extname } from 'node:path';
import type { Middleware } from 'koa';
import { takeFlash } from './flash.js';

/**
 * Wraps `ctx.render` so every page receives `user` (a boolean), the flash messages
 * and its own `path` (for the navigation), and so the messages are consumed only
 * when a page is really rendered (a redirect passes them on untouched).
 */
export function viewLocals(): Middleware {
  return async (ctx, next) => {
    const render = ctx.render.bind(ctx);
    ctx.render = (view: string, locals: Record<string, unknown> = {}) => {
      // Error pages rendered after the session was saved leave the flash for the next page.
      const flash = locals.keepFlash === true ? {} : takeFlash(ctx);
      // koa-views stats the name as given first: without the extension every render
      // would cost a failing stat (an ENOENT error, stack trace and all) before the real one.
      return render(extname(view) ? view : `${view}.pug`, {
        // Only pages that read the user record anyway say whether the user is an admin.
        isAdmin: false,
        ...locals,
        path: ctx.path,
        user: ctx.isAuthenticated?.() ?? false,
        messageSuccess: flash.messageSuccess ?? null,
        messageFailure: flash.messageFailure ?? null,
      });
    };
    await next();
  };
}
