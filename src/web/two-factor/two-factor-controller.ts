import { message, type Message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import type { ConfirmTotpEnrolmentResult } from '../../application/two-factor/confirm-totp-enrolment.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { formatRecoveryCode, groupSecret } from '../../domain/two-factor/second-factor-code.js';
import { readStringFields } from '../shared/form.js';
import { messages } from '../shared/messages.js';
import { type FlashKind, setFlash } from '../shared/flash.js';
import { qrCodeSvg } from './qr-code.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import { requestContext } from '../shared/security-events.js';
import type { TwoFactorServices } from './two-factor-services.js';
import { renderPage } from '../shared/views.js';
import { accountGone } from '../shared/account-answers.js';
import { twoFactorMessages } from './two-factor-messages.js';

/** The setup page, where every form of it answers. */
const PAGE = '/account/two-factor';

/**
 * GET /account/two-factor: whether the authenticator app is on; while setting up, the QR
 * code, secret and link; and the recovery codes left, for the app or the passkeys.
 */
export function showTwoFactor(twoFactor: TwoFactorServices): Middleware {
  return async (ctx) => {
    const result = await twoFactor.showTwoFactor.execute(ctx.state.user.id);
    if (result.kind === 'not-found') return accountGone(ctx);
    const page = (locals: Record<string, unknown>) =>
      renderPage(ctx, 'two-factor/account-two-factor', {
        title: message('two-factor:titles.twoFactorAuthentication'),
        passkeys: result.passkeys,
        recoveryCodesLeft: result.recoveryCodesLeft,
        ...locals,
      });
    switch (result.kind) {
      case 'off':
      case 'unreadable':
      case 'on':
        return page({ status: result.kind });
      case 'enrolling':
        return page({
          status: 'enrolling',
          qrSvg: await qrCodeSvg(result.uri),
          secret: groupSecret(result.secret),
          uri: result.uri,
        });
      default:
        return unhandled(result);
    }
  };
}

/** POST /account/two-factor/setup: a new secret to scan (one being set up before is replaced). */
export function setUp(twoFactor: TwoFactorServices): Middleware {
  return async (ctx) => {
    const result = await twoFactor.startTotpEnrolment.execute(ctx.state.user.id);
    switch (result.kind) {
      case 'ok':
        return ctx.redirect(PAGE);
      case 'already-on':
        return back(ctx, 'messageFailure', twoFactorMessages.totpAlreadyOn);
      default:
        return unhandled(result);
    }
  };
}

/**
 * POST /account/two-factor (field `code`): the first code switches the app on; the
 * recovery codes are shown once, in this response (never stored in the session). Every
 * remembered device but this one is forgotten (ConfirmTotpEnrolment).
 */
export function confirm(twoFactor: TwoFactorServices, rememberCookie: RememberMeCookie): Middleware {
  return async (ctx) => {
    const form = readStringFields(ctx.request.body, ['code']);
    if (!form) return back(ctx, 'messageFailure', messages.unreadableForm);
    const userId = ctx.state.user.id;
    const result = await twoFactor.confirmTotpEnrolment.execute({
      userId,
      code: form.code ?? '',
      keepDevice: rememberCookie.deviceOf(ctx),
      request: requestContext(ctx),
    });
    if (result.kind === 'ok') {
      return showRecoveryCodes(ctx, result.recoveryCodes, twoFactorMessages.totpEnabled);
    }
    return back(ctx, 'messageFailure', confirmRefusal(result));
  };
}

/**
 * POST /account/two-factor/recovery-codes, behind sudo mode: a new set, shown once; the
 * old set stops working. For any user with the app on or a passkey: a passkey-only
 * user's first set comes this way too.
 */
export function regenerateRecoveryCodes(twoFactor: TwoFactorServices): Middleware {
  return async (ctx) => {
    const userId = ctx.state.user.id;
    const result = await twoFactor.regenerateRecoveryCodes.execute({ userId, request: requestContext(ctx) });
    switch (result.kind) {
      case 'ok':
        return showRecoveryCodes(ctx, result.recoveryCodes, null);
      case 'off':
        return back(ctx, 'messageFailure', twoFactorMessages.totpAlreadyOff);
      default:
        return unhandled(result);
    }
  };
}

/** POST /account/two-factor/disable, behind sudo mode: the secret goes, and every recovery code unless a passkey remains. */
export function turnOff(twoFactor: TwoFactorServices): Middleware {
  return async (ctx) => {
    const userId = ctx.state.user.id;
    const result = await twoFactor.disableTwoFactor.execute({ userId, request: requestContext(ctx) });
    switch (result.kind) {
      case 'ok':
        return back(
          ctx,
          'messageSuccess',
          !result.passkeysRemain
            ? twoFactorMessages.totpDisabled
            : result.recoveryCodesKept
              ? twoFactorMessages.totpDisabledPasskeysRemain
              : twoFactorMessages.totpDisabledPasskeysRemainNoCodes,
        );
      case 'off':
        return back(ctx, 'messageFailure', twoFactorMessages.totpAlreadyOff);
      default:
        return unhandled(result);
    }
  };
}

/** What a refused first code tells the user. */
function confirmRefusal(result: Exclude<ConfirmTotpEnrolmentResult, { kind: 'ok' }>): Message {
  switch (result.kind) {
    case 'malformed':
      return twoFactorMessages.totpCodeMalformed;
    case 'wrong-code':
      return twoFactorMessages.secondFactorWrong;
    case 'not-enrolling':
      return twoFactorMessages.totpNotEnrolling;
    case 'already-on':
      return twoFactorMessages.totpAlreadyOn;
    case 'unreadable':
      return twoFactorMessages.totpUnreadable;
    default:
      return unhandled(result);
  }
}

/** The one page that shows recovery codes; every page is `no-store` (noStore), so the back button cannot show it again. */
function showRecoveryCodes(ctx: Context, codes: readonly string[], success: Message | null): Promise<void> {
  return renderPage(ctx, 'two-factor/recovery-codes', {
    title: message('two-factor:titles.yourRecoveryCodes'),
    codes: codes.map(formatRecoveryCode),
    enabledMessage: success,
  });
}

function back(ctx: Context, kind: FlashKind, text: Message): void {
  setFlash(ctx, kind, text);
  ctx.redirect(PAGE);
}
