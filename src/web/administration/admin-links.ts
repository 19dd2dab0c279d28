import type { Middleware } from 'koa';
import type { CheckAdminAccess } from '../../application/administration/check-admin-access.js';
import type { UserId } from '../../domain/shared/user.js';
import { offerAdminLinks } from '../shared/views.js';

/**
 * Every page shows the Admin and Users links to a user the admin gate would let in, and
 * to no one else: the page asks `checkAdminAccess` when it is rendered for a logged-in
 * visitor (see `offerAdminLinks`), so the links follow the flag from the next page on.
 */
export function adminLinks(checkAdminAccess: CheckAdminAccess): Middleware {
  const check = (userId: UserId) => checkAdminAccess.execute(userId);
  return (ctx, next) => {
    offerAdminLinks(ctx, check);
    return next();
  };
}
