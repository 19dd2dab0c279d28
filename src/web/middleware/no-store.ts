import type { Middleware } from 'koa';

/**
 * Marks a page as never to be stored: every page shows who is logged in and the
 * flash, so the back button after logout must ask the server again, not show a
 * private page from the cache.
 */
export const noStore: Middleware = (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  return next();
};
