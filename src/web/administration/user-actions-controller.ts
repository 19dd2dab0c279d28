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
import { dropSession } from '../shared/sessions.js';
import { actionDone, byAdministrator, lastAdminRefused, userGone } from './user-action-answers.js';

// The actions of /users/:id, each a POST behind loginRequired, adminRequired and sudo
// mode; each use case records its own act, naming the administrator. Each may be posted
// twice (a double click, the back button) without harm: a second grant, lock or unlock
// finds it done and says so, a second reset link within a minute is not sent, a second
// deletion finds no user.

/** POST /users/:id/grant-admin (`admin`) and /users/:id/revoke-admin. */
export function setAdmin(useCase: SetUserAdmin, admin: boolean): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) }, admin, ...byAdministrator(ctx) });
    switch (result.kind) {
      case 'ok': {
        const { email, changed } = result;
        const message = admin
          ? (changed ? adminAnswers.granted : adminAnswers.alreadyAdmin)(email)
          : (changed ? adminAnswers.revoked : adminAnswers.notAdmin)(email);
        return actionDone(ctx, { userId: result.userId, tookOwnFlag: !admin && changed }, message);
      }
      case 'last-admin':
        return lastAdminRefused(ctx, result.userId);
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/lock: the user cannot log in, and every session of theirs ends. */
export function lock(useCase: LockUser): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) }, ...byAdministrator(ctx) });
    switch (result.kind) {
      case 'ok': {
        const { email, changed, sessionsEnded } = result;
        const message = (changed ? adminAnswers.locked : adminAnswers.alreadyLocked)(email, sessionsEnded);
        return actionDone(ctx, { userId: result.userId, endedOwnSessions: true }, message);
      }
      case 'last-admin':
        return lastAdminRefused(ctx, result.userId);
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/unlock */
export function unlock(useCase: UnlockUser): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) }, ...byAdministrator(ctx) });
    switch (result.kind) {
      case 'ok': {
        const message = (result.changed ? adminAnswers.unlocked : adminAnswers.notLocked)(result.email);
        return actionDone(ctx, { userId: result.userId }, message);
      }
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/send-password-reset: the message "Forgot your password?" sends. */
export function sendPasswordReset(useCase: SendPasswordReset): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) }, ...byAdministrator(ctx) });
    switch (result.kind) {
      case 'ok':
        return actionDone(ctx, { userId: result.userId }, adminAnswers.resetSent(result.email));
      case 'recently-sent':
        return actionDone(ctx, { userId: result.userId }, adminAnswers.resetRecentlySent(result.email));
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/revoke-sessions: logs the user out everywhere. */
export function revokeSessions(useCase: RevokeUserSessions): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) }, ...byAdministrator(ctx) });
    switch (result.kind) {
      case 'ok': {
        const done = { userId: result.userId, endedOwnSessions: true };
        return actionDone(ctx, done, adminAnswers.sessionsRevoked(result.email, result.sessionsEnded));
      }
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx);
      default:
        return unhandled(result);
    }
  };
}

/** POST /users/:id/delete, with the box ticked (`confirmDeletion`): back to the list, or home when it was their own. */
export function deleteUser(useCase: DeleteUser): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) }, ...byAdministrator(ctx) });
    switch (result.kind) {
      case 'ok': {
        const own = result.userId === ctx.state.user.id;
        if (own) dropSession(ctx);
        setFlash(ctx, 'messageSuccess', adminAnswers.deleted(result.email));
        return ctx.redirect(own ? '/' : '/users');
      }
      case 'last-admin':
        return lastAdminRefused(ctx, result.userId);
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx);
      default:
        return unhandled(result);
    }
  };
}
