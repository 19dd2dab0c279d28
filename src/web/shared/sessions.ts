import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';
import { type Logger, requestLogger, silentLogger } from './logger.js';
import type { WebOptions } from './web-options.js';
import { clearFlashCookie } from './flash.js';
import { newSessionHandle, newSessionId, SESSION_HANDLE_SHAPE } from './session-id.js';
import { sessionOnlyWithCookie } from './lazy-session.js';
import { keepSessionOnNewId } from './koa-session-store.js';

/** Name of the session cookie over plain HTTP (development, tests). */
export const SESSION_COOKIE = 'gatehouse.sid';

/**
 * Name over TLS: the `__Host-` prefix makes browsers refuse it unless it is Secure,
 * has Path=/ and no Domain, so no subdomain can set or shadow it.
 */
export const SECURE_SESSION_COOKIE = '__Host-gatehouse.sid';

/** The session cookie's name for these options. */
export function sessionCookieName(options: Pick<WebOptions, 'secureCookies'>): string {
  return options.secureCookies ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Cookie lifetime when no store enforces one: the cookie-only mode of tests and benchmarks. */
const COOKIE_ONLY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The session middleware: koa-session, with a Secure-cookie guard in front of it when
 * the cookie is Secure. With a store, the cookie holds only a 256-bit random id and
 * the store enforces the idle and absolute lifetimes; the cookie lives as long as the
 * absolute one. Only logged-in users have a session in the store: a visitor's flash
 * and form draft travel in short-lived cookies of their own. A request without the
 * session cookie does not run koa-session's middleware: its session is made only if
 * something uses it (sessionOnlyWithCookie).
 */
export function sessions(app: Koa, options: WebOptions): Middleware[] {
  const secure = options.secureCookies ?? false;
  const store = options.sessionStore;
  const key = sessionCookieName(options);
  const middleware = sessionOnlyWithCookie(app, key, session(
    {
      key,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      secure,
      ...(store
        ? {
            store,
            maxAge: options.sessionMaxAgeMs ?? COOKIE_ONLY_MAX_AGE_MS,
            // Ids of this shape are all the store looks up (koaSessionStore checks it).
            genid: newSessionId,
            // Write only when the data changed; the store moves the idle expiry itself.
            rolling: false,
            renew: false,
          }
        : { maxAge: COOKIE_ONLY_MAX_AGE_MS, renew: true }),
    },
    app,
  ));
  return secure ? [sessionsOverTlsOnly(options.logger ?? silentLogger), middleware] : [middleware];
}

const INSECURE_REQUEST_WARNING =
  'a session cookie cannot be set over plain HTTP: serve the app over TLS, or set TRUST_PROXY to the number of TLS proxies in front of it';

/** The warning goes out at most this often: a bot posting to an exposed port must not flood the log. */
const INSECURE_WARNING_EVERY_MS = 60_000;

/**
 * With Secure cookies, a request that did not come over TLS (the app's port reached
 * directly, or a TLS proxy the app does not trust: `TRUST_PROXY`) can carry neither
 * the session nor a flash: a browser never sends a Secure cookie back over it, and
 * the cookies library refuses to set one. Such a request gets a "Secure connection
 * required" page (426, naming TLS in `Upgrade`) before its body is read or anything
 * runs, so nothing is half done and no 500 comes from a cookie that cannot be set.
 * Health checks and assets come before this and still answer. A warning naming the
 * fix goes to the log at most once a minute.
 */
function sessionsOverTlsOnly(logger: Logger): Middleware {
  let warnedAt = Number.NEGATIVE_INFINITY;
  return (ctx, next) => {
    if (ctx.secure) return next();
    const now = Date.now();
    const warn = now - warnedAt >= INSECURE_WARNING_EVERY_MS;
    if (warn) warnedAt = now;
    const log = ctx.state.log ? requestLogger(ctx) : logger;
    log[warn ? 'warn' : 'debug']({ protocol: ctx.protocol }, INSECURE_REQUEST_WARNING);
    // Upgrade needs its Connection option; `close` too, because a Connection header set
    // by hand overrides Node's keep-alive choice, and this client must come back over TLS.
    ctx.throw(426, { headers: { Upgrade: 'TLS/1.2, HTTP/1.1', Connection: 'Upgrade, close' } });
  };
}

/**
 * Logs `user` in on a new session that carries nothing from before. passport's login
 * regenerates the session (new id, the old record removed from the store), which
 * pins it against fixation; koa-session's `regenerate` keeps the session's data, so
 * the data is dropped first: nothing an attacker planted, and nothing of a previous
 * user, reaches the new session; a message left for the anonymous visitor is dropped
 * too. The caller sets what it needs (the flash) after. The session's public handle
 * is new unless the caller passes one: a remembered login binds its token to the
 * handle first, and a password change keeps the handle its remembered device is bound to.
 */
export async function logInOnFreshSession(
  ctx: Context,
  user: Express.User,
  handle: string = newSessionHandle(),
): Promise<void> {
  const current = ctx.session;
  if (current) for (const field of Object.keys(current.toJSON())) Reflect.deleteProperty(current, field);
  clearFlashCookie(ctx);
  // The session's public handle (the sessions page), new with every login. Set before
  // passport's login: its regenerate keeps the data and writes the new session at once,
  // so the store receives the handle, with the device, in that first write.
  if (current) (current as { handle?: string }).handle = handle;
  await ctx.login(user);
  (ctx.session as { handle?: string }).handle = handle;
}

/**
 * Moves the request's session to a new id and ends the old one, keeping everything in it
 * (the user, the flash, the sudo stamp, the public handle the sessions page names it by)
 * and its lifetimes: a re-authentication (the sudo step) thus leaves no id behind that
 * was in use before it. koa-session's `regenerate`, as a login's.
 */
export async function renewSessionId(ctx: Context): Promise<void> {
  const current = ctx.session;
  if (!current) return;
  keepSessionOnNewId(ctx);
  await current.regenerate();
}

/** The public handle of the request's session, or null when it has none (anonymous). */
export function currentSessionHandle(ctx: Context): string | null {
  const handle = (ctx.session as { handle?: unknown } | null)?.handle;
  return typeof handle === 'string' && SESSION_HANDLE_SHAPE.test(handle) ? handle : null;
}

/**
 * Logs out and ends the session: passport's logout removes the user and regenerates
 * the session; setting it to null (koa-session's documented way) then removes the new
 * one from the store and clears the cookie, so an anonymous visitor keeps nothing there.
 */
export async function endSession(ctx: Context): Promise<void> {
  await ctx.logout();
  ctx.session = null;
}

/**
 * Ends the session of a request that has no passport methods (a page view whose
 * account is gone): koa-session's documented `ctx.session = null`, and no user on the
 * request any more, so what follows (a flash) treats the visitor as anonymous.
 */
export function dropSession(ctx: Context): void {
  ctx.session = null;
  ctx.state.user = undefined;
}
