import { message, type Message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import { unhandled } from '../../application/shared/unhandled.js';
import type { VerifySecondFactorResult } from '../../application/two-factor/verify-second-factor.js';
import type { UserId } from '../../domain/shared/user.js';
import { readStringFields } from '../shared/form.js';
import { messages } from '../shared/messages.js';
import { requestLogger } from '../shared/logger.js';
import { setFlash } from '../shared/flash.js';
import { abandonPendingLogin, completeLogin, type LoginCompletion, readPendingLogin } from '../accounts/pending-login.js';
import { requestContext } from '../shared/security-events.js';
import type { TwoFactorServices } from './two-factor-services.js';
import { renderPage } from '../shared/views.js';
import { secondFactorThrottled, twoFactorMessages } from './two-factor-messages.js';

/** Where the code form lives. */
const FORM_PATH = '/login/two-factor';

/**
 * GET /login/two-factor: what the pending user can answer with: the code form (with the
 * authenticator app on, or with no passkey), "Use a passkey" (with a passkey, shown by
 * the page's script), and for a user with passkeys and unused recovery codes but no app,
 * the form for a recovery code (`recoveryOnly`). Without a pending login (or after 5
 * minutes, or once the password was changed or reset), back to /login.
 */
export function showCodeForm(twoFactor: TwoFactorServices): Middleware {
  return async (ctx) => {
    const pending = readPendingLogin(ctx, twoFactor.pendingLogins);
    if (pending === null || pending === 'expired') return abandonPendingLogin(ctx);
    const factors = await twoFactor.getSecondFactors.execute(pending.userId);
    const passkey = factors.passkeys > 0;
    const recoveryOnly = !factors.totp && passkey && factors.recoveryCodesLeft > 0;
    await renderPage(ctx, 'two-factor/login-two-factor', {
      title: message('two-factor:titles.twoFactorAuthentication'),
      code: factors.totp || !passkey || recoveryOnly,
      recoveryOnly,
      passkey,
    });
  };
}

/**
 * POST /login/two-factor (field `code`): an authenticator code or a recovery code. A
 * right one completes the login exactly as a password login without a second factor
 * does; a wrong one says why and shows the form again. VerifySecondFactor records the
 * events of both.
 */
export function checkCode(twoFactor: TwoFactorServices, completion: LoginCompletion): Middleware {
  return async (ctx) => {
    const pending = readPendingLogin(ctx, twoFactor.pendingLogins);
    if (pending === null || pending === 'expired') return abandonPendingLogin(ctx);
    const form = readStringFields(ctx.request.body, ['code']);
    if (!form) return retry(ctx, messages.unreadableForm);
    const { userId } = pending;
    const result = await twoFactor.verifySecondFactor.execute({ pending, code: form.code ?? '', request: requestContext(ctx) });
    switch (result.kind) {
      case 'expired':
        return abandonPendingLogin(ctx);
      case 'ok':
        return completeLogin(ctx, completion, userId, { remember: pending.remember });
      case 'unavailable':
        // Deleted, locked or no second factor any more: answered as a failed login (docs/accounts.md).
        return abandonPendingLogin(ctx, messages.invalidCredentials);
      case 'unreadable':
        // A key dropped too early (docs/two-factor.md): the operator must know; the secret is not logged.
        requestLogger(ctx).error({ userId }, 'authenticator secret cannot be opened with the configured keys');
        // The pending login stays: a recovery code still completes it.
        return retry(ctx, twoFactorMessages.totpUncheckable);
      case 'malformed':
        // Unchecked and uncounted; the message names only the codes this user has.
        return retry(ctx, await malformedMessage(twoFactor, userId));
      case 'wrong-code':
      case 'no-app':
      case 'replayed':
      case 'wrong-recovery-code':
      case 'throttled':
        return retry(ctx, refusal(result));
      default:
        return unhandled(result);
    }
  };
}

/** What a refused code tells the visitor. */
function refusal(
  result: Extract<VerifySecondFactorResult, { kind: 'wrong-code' | 'no-app' | 'replayed' | 'wrong-recovery-code' | 'throttled' }>,
): Message {
  switch (result.kind) {
    case 'wrong-code':
      return twoFactorMessages.secondFactorWrong;
    case 'no-app':
      return twoFactorMessages.totpCodeWithoutApp;
    case 'replayed':
      return twoFactorMessages.secondFactorReplayed;
    case 'wrong-recovery-code':
      return twoFactorMessages.recoveryCodeWrong;
    case 'throttled':
      return secondFactorThrottled(result.retryAfterSeconds);
    default:
      return unhandled(result);
  }
}

/** What a code of neither shape tells the visitor: a user with passkeys and no app has recovery codes only. */
async function malformedMessage(twoFactor: TwoFactorServices, userId: UserId): Promise<Message> {
  const factors = await twoFactor.getSecondFactors.execute(userId);
  const recoveryOnly = !factors.totp && factors.passkeys > 0;
  return recoveryOnly ? twoFactorMessages.recoveryCodeMalformed : twoFactorMessages.secondFactorMalformed;
}

/** Back to the code form with a message; the pending login stays. */
function retry(ctx: Context, message: Message): void {
  setFlash(ctx, 'messageFailure', message);
  ctx.redirect(FORM_PATH);
}
