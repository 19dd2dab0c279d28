import type { Message } from '../shared/message.js';
import type { Middleware } from 'koa';
import type { FinishPasskeyLoginResult } from '../../application/passkeys/finish-passkey-login.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { loginThrottled } from '../shared/messages.js';
import { jsonRefusal } from '../middleware/json-body.js';
import { dropEmptySession, keepLoginChallenge, takeLoginChallenge } from './passkey-challenges.js';
import { passkeyMessages } from './passkey-messages.js';
import { completeLogin, type LoginCompletion } from '../accounts/pending-login.js';
import { requestContext } from '../shared/security-events.js';
import type { PasskeyServices } from './passkey-services.js';

/** POST /login/passkey/options (JSON): options for the browser to log in with any passkey of this site. */
export function loginOptions(passkeys: PasskeyServices): Middleware {
  return async (ctx) => {
    const result = await passkeys.startLogin.execute({ request: requestContext(ctx) });
    switch (result.kind) {
      case 'ok':
        keepLoginChallenge(ctx, result.challenge);
        ctx.body = { options: result.optionsJSON };
        return;
      case 'throttled':
        ctx.set('Retry-After', String(result.retryAfterSeconds));
        return jsonRefusal(ctx, 429, loginThrottled(result.retryAfterSeconds));
      default:
        return unhandled(result);
    }
  };
}

/**
 * POST /login/passkey (JSON `{ response }`): a passwordless login. Success is the
 * specified successful login through `completeLogin` (a fresh session, "Successfully
 * logged in.", no remembered device; FinishPasskeyLogin recorded `login.succeeded` with
 * method `passkey`) and the page then goes to `/`; every refusal is answered alike, as a
 * wrong password is.
 */
export function logInWithPasskey(passkeys: PasskeyServices, completion: LoginCompletion): Middleware {
  return async (ctx) => {
    // The challenge goes whatever the answer: each one is checked once.
    const pending = takeLoginChallenge(ctx);
    const body = ctx.request.body as Record<string, unknown>;
    const result = await passkeys.finishLogin.execute({
      pending,
      response: body.response,
      // Any user's passkey: the second factor of a pending login is two-factor-passkey-controller.ts.
      expectedUserId: null,
      request: requestContext(ctx),
    });
    if (result.kind !== 'ok') {
      dropEmptySession(ctx);
      return jsonRefusal(ctx, 401, refusalMessage(result));
    }
    await completeLogin(ctx, completion, result.userId, { remember: false, answer: 'json' });
  };
}

/** What a refused passkey login is told: an expired challenge apart, nothing tells the refusals apart. */
function refusalMessage(result: Exclude<FinishPasskeyLoginResult, { kind: 'ok' }>): Message {
  switch (result.kind) {
    case 'challenge-expired':
      return passkeyMessages.expired;
    case 'invalid-response':
    case 'unknown-credential':
    case 'other-user':
    case 'counter-replayed':
    case 'locked':
      return passkeyMessages.loginRefused;
    default:
      return unhandled(result);
  }
}
