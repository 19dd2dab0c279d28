import type { Middleware } from 'koa';
import { takeFlash } from './flash.js';

/**
 * Wraps `ctx.render` so every page receives `user` (a boolean) and the flash
 * messages, and so the messages are consumed only when a page is really rendered
 * (a redirect passes them on untouched).
 */
export function viewLocals(): Middleware {
  return async (ctx, next) => {
    const render = ctx.render.bind(ctx);
    ctx.render = (view: string, locals: Record<string, unknown> = {}) => {
      const flash = takeFlash(ctx);
      return render(view, {
        ...locals,
        user: ctx.isAuthenticated?.() ?? false,
        messageSuccess: flash.messageSuccess ?? null,
        messageFailure: flash.messageFailure ?? null,
      });
    };
    await next();
  };
}
