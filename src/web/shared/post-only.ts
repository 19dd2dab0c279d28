import type { Middleware } from 'koa';

/**
 * Mounted after a form handler's gates: lets POST through and answers 405 (with
 * `Allow`) to any other method, so that, as on the pages, only someone the gates let
 * in learns which methods the address takes.
 */
export const postOnly: Middleware = (ctx, next) => {
  if (ctx.method === 'POST') return next();
  ctx.throw(405, { headers: { Allow: 'POST' } });
};

/** The methods of a page that shows a form and takes its POST. */
const PAGE_AND_FORM_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** Like `postOnly`, for an address that is both a page (GET, HEAD) and its form's target (POST). */
export const readOrPost: Middleware = (ctx, next) => {
  if (PAGE_AND_FORM_METHODS.has(ctx.method)) return next();
  ctx.throw(405, { headers: { Allow: 'GET, HEAD, POST' } });
};
