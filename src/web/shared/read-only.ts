import type { Middleware } from 'koa';

/** The methods a page answers; HEAD is GET without the body. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Mounted after a page's gates: lets GET and HEAD through to the page and answers
 * 405 (with `Allow`) to any other method, so that only someone the gates let in
 * learns which methods the page supports.
 */
export const readOnly: Middleware = (ctx, next) => {
  if (READ_METHODS.has(ctx.method)) return next();
  ctx.throw(405, { headers: { Allow: 'GET, HEAD' } });
};
