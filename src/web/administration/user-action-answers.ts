import type { Context } from 'koa';
import type { UserNotFound } from '../../application/shared/user-ref.js';
import type { UserId } from '../../domain/shared/user.js';
import { messages } from '../shared/messages.js';
import { type FlashKind, setFlash } from '../shared/flash.js';
import { targetUserId } from '../shared/user-id-param.js';
import { logSecurityEvent, type SecurityEvent } from '../shared/security-events.js';
import { dropSession } from '../shared/sessions.js';

/** The actions of `/users/:id/<action>`, as their paths name them. */
export type AdminAction =
  | 'grant-admin'
  | 'revoke-admin'
  | 'lock'
  | 'unlock'
  | 'send-password-reset'
  | 'revoke-sessions'
  | 'reset-two-factor'
  | 'delete';

/** Who acted on whom: the fields of every administration event. */
function parties(ctx: Context, userId: UserId) {
  return { userId, actorId: ctx.state.user.id as UserId };
}

/**
 * An action done (or found done already, `unchanged`): logged, then back to the user's
 * page with the message. When it ended the administrator's own sessions (their own
 * flag revoked, their own account locked or logged out everywhere), this session is
 * gone too: the message shows on the login page.
 */
export async function actionDone(
  ctx: Context,
  done: { event: SecurityEvent; userId: UserId; unchanged?: boolean; endedOwnSessions?: boolean },
  message: string,
): Promise<void> {
  await logSecurityEvent(ctx, done.event, { ...parties(ctx, done.userId), ...(done.unchanged && { reason: 'unchanged' }) });
  if (done.endedOwnSessions && done.userId === ctx.state.user.id) {
    dropSession(ctx);
    setFlash(ctx, 'messageSuccess', message);
    return ctx.redirect('/login');
  }
  backToUser(ctx, done.userId, 'messageSuccess', message);
}

/** The action was refused because the administrator is the only one who can log in. */
export async function lastAdminRefused(ctx: Context, action: AdminAction, userId: UserId): Promise<void> {
  await logSecurityEvent(ctx, 'admin.action-refused', { ...parties(ctx, userId), reason: `${action}/last-admin` });
  backToUser(ctx, userId, 'messageFailure', messages.lastAdminAction);
}

/** No user has the id any more (deleted meanwhile): said on the list of users. */
export async function userGone(ctx: Context, action: AdminAction, refusal: UserNotFound): Promise<void> {
  await logSecurityEvent(ctx, 'admin.action-refused', { ...parties(ctx, targetUserId(ctx)), reason: `${action}/${refusal.kind}` });
  setFlash(ctx, 'messageFailure', messages.userGone);
  ctx.redirect('/users');
}

/** Back to the user's page with a message. */
export function backToUser(ctx: Context, userId: UserId, kind: FlashKind, text: string): void {
  setFlash(ctx, kind, text);
  ctx.redirect(`/users/${userId}`);
}
