import type { Middleware } from 'koa';
import type { ResetTwoFactor } from '../../application/administration/reset-two-factor.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { resetTwoFactorAnswers } from './admin-two-factor-messages.js';
import { targetUserId } from '../shared/user-id-param.js';
import { logSecurityEvent } from '../shared/security-events.js';
import { actionDone, backToUser, userGone } from './user-action-answers.js';

/**
 * POST /users/:id/reset-two-factor, behind the gates of /users and sudo mode: the user's
 * authenticator app, recovery codes and passkeys go, and the user is mailed that an
 * administrator reset them. A user with none is told so, and nothing is written (a
 * second post finds none).
 */
export function resetTwoFactor(useCase: ResetTwoFactor): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) }, by: 'administrator' });
    switch (result.kind) {
      case 'ok':
        return actionDone(ctx, { event: 'admin.two-factor-reset', userId: result.userId }, resetTwoFactorAnswers.reset(result.email, result.removed));
      case 'none': {
        const fields = { userId: result.userId, actorId: ctx.state.user.id as number, reason: 'reset-two-factor/none' };
        await logSecurityEvent(ctx, 'admin.action-refused', fields);
        return backToUser(ctx, result.userId, 'messageFailure', resetTwoFactorAnswers.none(result.email));
      }
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx, 'reset-two-factor', result);
      default:
        return unhandled(result);
    }
  };
}
