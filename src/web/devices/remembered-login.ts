import type { Middleware } from 'koa';
import type { LogInWithRememberedDevice } from '../../application/devices/log-in-with-remembered-device.js';
import type { NoticeLoginDevice } from '../../application/devices/notice-login-device.js';
import type { PendingLogins } from '../../application/accounts/pending-login.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { isLoggedIn, type Passport } from '../shared/passport.js';
import { dropPendingLogin, readPendingLogin } from '../accounts/pending-login.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import { requestContext } from '../shared/security-events.js';
import { newSessionHandle } from '../shared/session-id.js';
import { knownEmptySession } from '../shared/lazy-session.js';
import { logInOnFreshSession } from '../shared/sessions.js';
import type { DeviceCookie } from './device-cookie.js';
import { noticeThisDevice } from './notice-this-device.js';

/**
 * The methods a remembered login runs on: a browser's navigations and forms. A HEAD
 * request (a link preview, a prefetch) changes nothing, so it rotates no token.
 */
const REMEMBERING_METHODS = new Set(['GET', 'POST']);

/**
 * The forms that log someone in themselves: posting one must not first log the browser
 * in as the remembered account (a failed login would leave it so), and a success
 * replaces that account's cookie.
 */
const LOGIN_FORMS = new Set(['/login', '/signup']);

/** Whether the request posts a login or sign-up form (paths match as the router matches them). */
function postsLoginForm(method: string, path: string): boolean {
  return method === 'POST' && LOGIN_FORMS.has(path.toLowerCase().replace(/\/$/, ''));
}

/**
 * "Keep me logged in on this device": a request with no logged-in session (expired,
 * ended, or none) that carries a remember-me cookie is logged in on a fresh session
 * (a new id, as a login by form gets) if the cookie is good, the rotated cookie is
 * set, and the same request goes on as that user, so a GET of /users/profile just
 * works. A cookie that is no good is removed and the request goes on anonymous; a
 * stolen copy has ended every session of its user by then. Mount after the session
 * and `restoreSessionUser`. A live pending login (`clock` runs its five minutes) is left to
 * its second factor; an expired one is dropped and the remembered login goes on. A
 * remembered login is a login: its device is checked as any other's. A request with
 * neither a session cookie nor a remember-me cookie (a first visit) passes at once: its
 * session is empty, so it holds no pending login to look at.
 */
export function rememberedLogin(
  services: {
    readonly logInWithRememberedDevice: LogInWithRememberedDevice;
    readonly noticeLoginDevice: NoticeLoginDevice;
    readonly pendingLogins: PendingLogins;
  },
  cookie: RememberMeCookie,
  device: DeviceCookie,
  passport: Passport,
): Middleware {
  const { logInWithRememberedDevice, noticeLoginDevice, pendingLogins } = services;
  // passport's ctx.login, as on the routes that log in by form.
  const initialize = passport.initialize();
  return async (ctx, next) => {
    if (knownEmptySession(ctx) && (ctx.headers.cookie === undefined || cookie.read(ctx) === undefined)) return next();
    if (isLoggedIn(ctx) || !REMEMBERING_METHODS.has(ctx.method) || postsLoginForm(ctx.method, ctx.path)) return next();
    // A login waiting for its second factor is not replaced by another account's device;
    // one that waited too long is over, and no longer stands in the way.
    const pending = readPendingLogin(ctx, pendingLogins);
    if (pending === 'expired') dropPendingLogin(ctx);
    else if (pending !== null) return next();
    if (cookie.read(ctx) === undefined) return next();

    // Made first, so the token is bound to the session in the same write that rotates it.
    const sessionHandle = newSessionHandle();
    const result = await logInWithRememberedDevice.execute({
      key: cookie.keyOf(ctx),
      sessionHandle,
      request: requestContext(ctx),
    });
    switch (result.kind) {
      case 'ok':
        await initialize(ctx, () => logInOnFreshSession(ctx, { id: result.userId }, sessionHandle));
        // No key: a twin request of this browser has just set the rotated one.
        if (result.renewed) cookie.set(ctx, result.renewed.key, result.renewed.lifetimeMs);
        await noticeThisDevice(ctx, noticeLoginDevice, device, result.userId);
        break;
      case 'malformed':
      case 'unknown':
      case 'wrong-validator':
      case 'theft':
        cookie.clear(ctx);
        break;
      default:
        return unhandled(result);
    }
    return next();
  };
}
