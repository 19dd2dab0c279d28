import type { Message } from '../shared/message.js';
import type { Context } from 'koa';
import type { ActedBy } from '../../application/administration/admin-act.js';
import type { UserId } from '../../domain/shared/user.js';
import { messages } from '../shared/messages.js';
import { type FlashKind, setFlash } from '../shared/flash.js';
import { requestContext } from '../shared/security-events.js';
import { dropSession } from '../shared/sessions.js';

/** The administrator of this request, and the request, as an act's use case records them. */
export function byAdministrator(ctx: Context): ActedBy {
  return { actorId: ctx.state.user.id as UserId, request: requestContext(ctx) };
}

/**
 * An action done (or found done already; its use case recorded it): back to the user's
 * page with the message. When it ended the administrator's own sessions (their own
 * account locked or logged out everywhere), this session is gone too: the message
 * shows on the login page. When it took their own admin flag (`tookOwnFlag`), they stay
 * logged in but the user pages are closed to them: the message shows on the profile.
 */
export function actionDone(
  ctx: Context,
  done: { userId: UserId; endedOwnSessions?: boolean; tookOwnFlag?: boolean },
  message: Message,
): void {
  const own = done.userId === ctx.state.user.id;
  if (own && done.endedOwnSessions) {
    dropSession(ctx);
    setFlash(ctx, 'messageSuccess', message);
    return ctx.redirect('/login');
  }
  if (own && done.tookOwnFlag) {
    setFlash(ctx, 'messageSuccess', message);
    return ctx.redirect('/users/profile');
  }
  backToUser(ctx, done.userId, 'messageSuccess', message);
}

/** The action was refused because the administrator is the only one who can log in. */
export function lastAdminRefused(ctx: Context, userId: UserId): void {
  backToUser(ctx, userId, 'messageFailure', messages.lastAdminAction);
}

/** No user has the id any more (deleted meanwhile): said on the list of users. */
export function userGone(ctx: Context): void {
  setFlash(ctx, 'messageFailure', messages.userGone);
  ctx.redirect('/users');
}

/** Back to the user's page with a message. */
export function backToUser(ctx: Context, userId: UserId, kind: FlashKind, text: Message): void {
  setFlash(ctx, kind, text);
  ctx.redirect(`/users/${userId}`);
}
