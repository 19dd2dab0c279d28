import type { Middleware } from 'koa';
import type { FinishPasskeyLoginResult } from '../../application/passkeys/finish-passkey-login.js';
import { unhandled } from '../../application/unhandled.js';
import { loginThrottled, messages } from '../messages.js';
import { setFlash } from '../middleware/flash.js';
import { jsonRefusal } from '../middleware/json-body.js';
import { dropEmptySession, keepLoginChallenge, takeLoginChallenge } from '../passkey-challenges.js';
import { passkeyMessages } from '../passkey-messages.js';
import type { RememberMeCookie } from '../remember-me-cookie.js';
import { logSecurityEvent, requestContext } from '../security-events.js';
import type { PasskeyServices } from '../services.js';
import { logInOnFreshSession } from '../sessions.js';

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
 * POST /login/passkey (JSON `{ response }`): a passwordless login. Success is SPEC's
 * successful login (a fresh session, `login.succeeded`, "Successfully logged in.") and
 * the page then goes to `/`; every refusal is answered alike, as a wrong password is.
 */
export function logInWithPasskey(passkeys: PasskeyServices, rememberCookie: RememberMeCookie): Middleware {
  return async (ctx) => {
    // The challenge goes whatever the answer: each one is checked once.
    const pending = takeLoginChallenge(ctx);
    const body = ctx.request.body as Record<string, unknown>;
    const result = await passkeys.finishLogin.execute({
      pending,
      response: body.response,
      // INTEGRATION: a pending login (after the password) passes its user id here, and
      // completes that login instead.
      expectedUserId: null,
      request: requestContext(ctx),
    });
    if (result.kind !== 'ok') {
      dropEmptySession(ctx);
      return jsonRefusal(ctx, 401, refusalMessage(result));
    }
    await logInOnFreshSession(ctx, { id: result.userId });
    await logSecurityEvent(ctx, 'login.succeeded', { userId: result.userId, method: 'passkey' });
    // A remember-me cookie of another account (or an older login) must not outlive this one.
    if (rememberCookie.read(ctx) !== undefined) rememberCookie.clear(ctx);
    setFlash(ctx, 'messageSuccess', messages.loggedIn);
    ctx.body = { redirect: '/' };
  };
}

/** What a refused passkey login is told: an expired challenge apart, nothing tells the refusals apart. */
function refusalMessage(result: Exclude<FinishPasskeyLoginResult, { kind: 'ok' }>): string {
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
