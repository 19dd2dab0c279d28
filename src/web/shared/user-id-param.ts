import type { Context, Middleware } from 'koa';
import { USER_ID_MAX, type UserId } from '../../domain/shared/user.js';

/**
 * The `:id` of `/users/:id` and its actions: a plain decimal user id without leading
 * zeros, at most USER_ID_MAX (no user can have a larger one, and no store is asked), or null.
 */
export function userIdParam(ctx: Context): UserId | null {
  const raw: unknown = (ctx.params as Record<string, unknown> | undefined)?.id;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= USER_ID_MAX ? id : null;
}

/**
 * First on `/users/:id` and its actions, before the gates: only a numeric id matches
 * those routes, so anything else there (`/users/abc`) is the 404 page for everyone,
 * like any path the app does not serve. `/users/profile` has a route of its own,
 * registered before.
 */
export const numericUserId: Middleware = (ctx, next) => {
  if (userIdParam(ctx) !== null) return next();
  ctx.status = 404;
};

/** The id of a request that passed `numericUserId`. */
export function targetUserId(ctx: Context): UserId {
  const id = userIdParam(ctx);
  if (id === null) throw new Error('targetUserId: mount numericUserId on this route first');
  return id;
}
