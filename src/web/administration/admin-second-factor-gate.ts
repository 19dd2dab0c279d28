import type { Middleware } from 'koa';
import type { AuthorizeAdminSecondFactor } from '../../application/administration/authorize-admin-second-factor.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { adminTwoFactorMessages } from './admin-two-factor-messages.js';
import { requestContext } from '../shared/security-events.js';
import { setFlash } from '../shared/flash.js';

/**
 * REQUIRE_2FA_FOR_ADMINS: sends an administrator without a second factor to set one up
 * (/account/two-factor). Mount last among the gates of an administration page, after
 * the contract's gates (docs/behaviour.md §4) and the EMAIL_VERIFICATION gate, so their answers and order stay as specified;
 * with the policy off it lets everyone through and reads nothing.
 */
export function adminSecondFactorRequired(authorize: AuthorizeAdminSecondFactor): Middleware {
  return async (ctx, next) => {
    const userId = ctx.state.user?.id;
    if (userId === undefined) throw new Error('adminSecondFactorRequired: mount it after loginRequired and adminRequired');
    const result = await authorize.execute({ userId, request: requestContext(ctx) });
    switch (result.kind) {
      case 'allowed':
        return next();
      case 'no-second-factor':
        break;
      default:
        return unhandled(result);
    }
    setFlash(ctx, 'messageFailure', adminTwoFactorMessages.setUpFirst);
    ctx.redirect('/account/two-factor');
  };
}
