import type { Middleware } from 'koa';
import { messages } from './messages.js';
import { isLoggedIn } from './passport.js';
import { setFlash } from './flash.js';

/** Passes authenticated sessions; sends others to /login (docs/behaviour.md §4). */
export const loginRequired: Middleware = (ctx, next) => {
  if (isLoggedIn(ctx)) return next();
  setFlash(ctx, 'messageFailure', messages.mustBeLoggedIn);
  ctx.redirect('/login');
};

/** The same test as loginRequired, but sends others to /signup (docs/behaviour.md §4). */
export const signupRequired: Middleware = (ctx, next) => {
  if (isLoggedIn(ctx)) return next();
  setFlash(ctx, 'messageFailure', messages.mustBeSignedUp);
  ctx.redirect('/signup');
};
