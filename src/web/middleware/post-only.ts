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
