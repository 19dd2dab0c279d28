import type { Middleware } from 'koa';
import { unhandled } from '../../application/shared/unhandled.js';
import { messages } from '../shared/messages.js';
import { jsonRefusal } from '../middleware/json-body.js';
import { keepSecondFactorChallenge, takeSecondFactorChallenge } from './passkey-challenges.js';
import { passkeyMessages } from './passkey-messages.js';
import {
  abandonPendingLoginAsJson,
  completeLogin,
  type LoginCompletion,
  readPendingLogin,
} from '../accounts/pending-login.js';
import { requestContext } from '../shared/security-events.js';
import type { PasskeyServices } from './passkey-services.js';
import { secondFactorThrottled, twoFactorMessages } from '../two-factor/two-factor-messages.js';

/**
 * POST /login/two-factor/passkey/options (JSON): options for the browser to answer with
 * one of the pending user's passkeys. Only a live pending login gets them; without one
 * (or after 5 minutes, or once the password changed) the answer is a 401 that sends the
 * page back to /login. StartPasskeySecondFactor records a refusal.
 */
export function secondFactorOptions(passkeys: PasskeyServices): Middleware {
  return async (ctx) => {
    const pending = readPendingLogin(ctx, passkeys.pendingLogins);
    if (pending === null || pending === 'expired') return abandonPendingLoginAsJson(ctx);
    const result = await passkeys.startSecondFactor.execute({ login: pending, request: requestContext(ctx) });
    switch (result.kind) {
      case 'expired':
        return abandonPendingLoginAsJson(ctx);
      case 'ok':
        keepSecondFactorChallenge(ctx, result.challenge);
        ctx.body = { options: result.optionsJSON };
        return;
      case 'throttled':
        ctx.set('Retry-After', String(result.retryAfterSeconds));
        return jsonRefusal(ctx, 429, secondFactorThrottled(result.retryAfterSeconds));
      case 'unavailable':
        // Deleted, locked or without passkeys meanwhile: answered as a failed login (docs/accounts.md).
        return abandonPendingLoginAsJson(ctx, messages.invalidCredentials);
      default:
        return unhandled(result);
    }
  };
}

/**
 * POST /login/two-factor/passkey (JSON `{ response }`): the pending user's passkey as the
 * second factor. Only their own passkeys pass (`expectedUserId`); a right one completes
 * the login as a code does (remember-me applied only now) and the page goes to `/`. A
 * refused one is a failed second factor, and the pending login waits for another try.
 * FinishPasskeySecondFactor records the events of both.
 */
export function verifySecondFactorPasskey(passkeys: PasskeyServices, completion: LoginCompletion): Middleware {
  return async (ctx) => {
    // The challenge goes whatever the answer: each one is checked once.
    const challenge = takeSecondFactorChallenge(ctx);
    const pending = readPendingLogin(ctx, passkeys.pendingLogins);
    if (pending === null || pending === 'expired') return abandonPendingLoginAsJson(ctx);
    const { userId } = pending;
    const body = ctx.request.body as Record<string, unknown>;
    const result = await passkeys.finishSecondFactor.execute({
      pending: challenge,
      response: body.response,
      login: pending,
      request: requestContext(ctx),
    });
    switch (result.kind) {
      case 'expired':
        return abandonPendingLoginAsJson(ctx);
      case 'ok':
        return completeLogin(ctx, completion, userId, { remember: pending.remember, answer: 'json' });
      case 'challenge-expired':
        return jsonRefusal(ctx, 400, passkeyMessages.expired);
      case 'invalid-response':
      case 'unknown-credential':
      case 'other-user':
      case 'counter-replayed':
        return jsonRefusal(ctx, 401, twoFactorMessages.passkeyRefused);
      case 'throttled':
        ctx.set('Retry-After', String(result.retryAfterSeconds));
        return jsonRefusal(ctx, 429, secondFactorThrottled(result.retryAfterSeconds));
      case 'locked':
        return abandonPendingLoginAsJson(ctx, messages.invalidCredentials);
      default:
        return unhandled(result);
    }
  };
}
