import type { Middleware } from 'koa';
import type { DeleteUser } from '../../application/administration/delete-user.js';
import type { LockUser } from '../../application/administration/lock-user.js';
import type { RevokeUserSessions } from '../../application/administration/revoke-user-sessions.js';
import type { SendPasswordReset } from '../../application/administration/send-password-reset.js';
import type { SetUserAdmin } from '../../application/administration/set-user-admin.js';
import type { UnlockUser } from '../../application/administration/unlock-user.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { adminAnswers } from '../shared/messages.js';
import { setFlash } from '../shared/flash.js';
import { targetUserId } from '../shared/user-id-param.js';
import { logSecurityEvent } from '../shared/security-events.js';
import { dropSession } from '../shared/sessions.js';
import { actionDone, lastAdminRefused, userGone } from './user-action-answers.js';

// The actions of /users/:id, each a POST behind loginRequired, adminRequired and sudo
// mode. Each may be posted twice (a double click, the back button) without harm: a
// second grant, lock or unlock finds it done and says so, a second reset link within a
// minute is not sent, a second deletion finds no user.

/** POST /users/:id/grant-admin (`admin`) and /users/:id/revoke-admin. */
export function setAdmin(useCase: SetUserAdmin, admin: boolean): Middleware {
  const action = admin ? 'grant-admin' : 'revoke-admin';
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) }, admin });
    switch (result.kind) {
      case 'ok': {
        const { email, changed } = result;
        const message = admin
          ? (changed ? adminAnswers.granted : adminAnswers.alreadyAdmin)(email)
          : changed
            ? adminAnswers.revoked(email, result.sessionsEnded)
            : adminAnswers.notAdmin(email);
        const event = admin ? 'admin.granted' : 'admin.revoked';
        return actionDone(ctx, { event, userId: result.userId, unchanged: !changed, endedOwnSessions: !admin && changed }, message);
      }
      case 'last-admin':
        return lastAdminRefused(ctx, action, result.userId);
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx, action, result);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/lock: the user cannot log in, and every session of theirs ends. */
export function lock(useCase: LockUser): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) } });
    switch (result.kind) {
      case 'ok': {
        const { email, changed, sessionsEnded } = result;
        const message = (changed ? adminAnswers.locked : adminAnswers.alreadyLocked)(email, sessionsEnded);
        const done = { event: 'admin.user-locked', userId: result.userId, unchanged: !changed, endedOwnSessions: true } as const;
        return actionDone(ctx, done, message);
      }
      case 'last-admin':
        return lastAdminRefused(ctx, 'lock', result.userId);
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx, 'lock', result);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/unlock */
export function unlock(useCase: UnlockUser): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) } });
    switch (result.kind) {
      case 'ok': {
        const message = (result.changed ? adminAnswers.unlocked : adminAnswers.notLocked)(result.email);
        return actionDone(ctx, { event: 'admin.user-unlocked', userId: result.userId, unchanged: !result.changed }, message);
      }
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx, 'unlock', result);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/send-password-reset: the message "Forgot your password?" sends. */
export function sendPasswordReset(useCase: SendPasswordReset): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) } });
    switch (result.kind) {
      case 'ok':
        return actionDone(ctx, { event: 'admin.reset-sent', userId: result.userId }, adminAnswers.resetSent(result.email));
      case 'recently-sent': {
        const done = { event: 'admin.reset-sent', userId: result.userId, unchanged: true } as const;
        return actionDone(ctx, done, adminAnswers.resetRecentlySent(result.email));
      }
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx, 'send-password-reset', result);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/revoke-sessions: logs the user out everywhere. */
export function revokeSessions(useCase: RevokeUserSessions): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) } });
    switch (result.kind) {
      case 'ok': {
        const done = { event: 'admin.sessions-revoked', userId: result.userId, endedOwnSessions: true } as const;
        return actionDone(ctx, done, adminAnswers.sessionsRevoked(result.email, result.sessionsEnded));
      }
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx, 'revoke-sessions', result);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/delete, with the box ticked (`confirmDeletion`): back to the list, or home when it was their own. */
export function deleteUser(useCase: DeleteUser): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) } });
    switch (result.kind) {
      case 'ok': {
        const own = result.userId === ctx.state.user.id;
        await logSecurityEvent(ctx, 'admin.user-deleted', { userId: result.userId, actorId: ctx.state.user.id });
        if (own) dropSession(ctx);
        setFlash(ctx, 'messageSuccess', adminAnswers.deleted(result.email));
        return ctx.redirect(own ? '/' : '/users');
      }
      case 'last-admin':
        return lastAdminRefused(ctx, 'delete', result.userId);
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx, 'delete', result);
      default:
        return unhandled(result);
    }
  };
}
