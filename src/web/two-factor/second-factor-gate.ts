import type { Middleware } from 'koa';
import type { AuthorizeSecondFactor } from '../../application/two-factor/authorize-second-factor.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { setFlash } from '../shared/flash.js';
import { requestContext } from '../shared/security-events.js';
import { allowedWithoutSecondFactor } from './second-factor-allowlist.js';
import { twoFactorMessages } from './two-factor-messages.js';

/**
 * REQUIRE_2FA=all: sends a logged-in user without a second factor (past their grace) to
 * /account/two-factor from every page but those of `allowedWithoutSecondFactor`. A
 * visitor who is not logged in passes untouched, so the contract's gates (docs/behaviour.md
 * §4) answer first; the only one that refuses a logged-in user, the admin check, guards
 * pages this gate lets through. AuthorizeSecondFactor records each refusal, and under
 * `off` or `admins` lets everyone through without reading anything.
 */
export function secondFactorRequired(authorize: AuthorizeSecondFactor): Middleware {
  return async (ctx, next) => {
    const userId = ctx.state.user?.id;
    if (userId === undefined || allowedWithoutSecondFactor(ctx.path)) return next();
    const result = await authorize.execute({ userId, request: requestContext(ctx) });
    switch (result.kind) {
      case 'allowed':
        return next();
      case 'no-second-factor':
        break;
      default:
        return unhandled(result);
    }
    setFlash(ctx, 'messageFailure', twoFactorMessages.setUpFirst);
    ctx.redirect('/account/two-factor');
  };
}
