import type { Middleware } from 'koa';
import type { ResetTwoFactor } from '../../application/administration/reset-two-factor.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { resetTwoFactorAnswers } from './admin-two-factor-messages.js';
import { targetUserId } from '../shared/user-id-param.js';
import { actionDone, backToUser, byAdministrator, userGone } from './user-action-answers.js';

/**
 * POST /users/:id/reset-two-factor, behind the gates of /users and sudo mode: the user's
 * authenticator app, recovery codes and passkeys go, and the user is mailed that an
 * administrator reset them. A user with none is told so, and nothing is written (a
 * second post finds none). The use case records the act, naming the administrator.
 */
export function resetTwoFactor(useCase: ResetTwoFactor): Middleware {
  return async (ctx) => {
    const result = await useCase.execute({ user: { id: targetUserId(ctx) }, by: 'administrator', ...byAdministrator(ctx) });
    switch (result.kind) {
      case 'ok':
        return actionDone(ctx, { userId: result.userId }, resetTwoFactorAnswers.reset(result.email, result.removed));
      case 'none':
        return backToUser(ctx, result.userId, 'messageFailure', resetTwoFactorAnswers.none(result.email));
      case 'not-found':
      case 'invalid-email':
        return userGone(ctx);
      default:
        return unhandled(result);
    }
  };
}
