import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';
import { type Logger, requestLogger, silentLogger } from './logger.js';
import { SAFE_METHODS } from './middleware/cross-origin-protection.js';
import type { WebOptions } from './services.js';
import { newSessionId } from './session-id.js';

/** Name of the session cookie over plain HTTP (development, tests). */
export const SESSION_COOKIE = 'gatehouse.sid';

/**
 * Name over TLS: the `__Host-` prefix makes browsers refuse it unless it is Secure,
 * has Path=/ and no Domain, so no subdomain can set or shadow it.
 */
export const SECURE_SESSION_COOKIE = '__Host-gatehouse.sid';

/** Cookie lifetime when no store enforces one: the cookie-only mode of tests and benchmarks. */
const COOKIE_ONLY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The session middleware chain: `Cache-Control: no-store` on responses that carry a
 * session, and koa-session itself (the rules for passport's login and logout are in
 * `prepareSessionForPassport`).
 * With a store, the cookie holds only a 256-bit random id and the store enforces
 * the idle and absolute lifetimes; the cookie lives as long as the absolute one.
 */
export function sessions(app: Koa, options: WebOptions): Middleware[] {
  const secure = options.secureCookies ?? false;
  const store = options.sessionStore;
  const key = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const middleware = session(
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
  );
  const overTls = secure ? [sessionsOverTlsOnly(options.logger ?? silentLogger)] : [];
  return [noStoreWithSession(key), ...overTls, middleware];
}

/**
 * What the cookies library throws when a Secure cookie would be set on a request that
 * did not come over TLS.
 */
const SECURE_COOKIE_REFUSAL = 'Cannot send secure cookie over unencrypted connection';

const INSECURE_REQUEST_WARNING =
  'a session cookie cannot be set over plain HTTP: serve the app over TLS, or set TRUST_PROXY to the number of TLS proxies in front of it';

/** The warning goes out at most this often: a bot posting to an exposed port must not flood the log. */
const INSECURE_WARNING_EVERY_MS = 60_000;

/**
 * With a Secure session cookie, a request that did not come over TLS (the app's port
 * reached directly, or a TLS proxy the app does not trust: `TRUST_PROXY`) cannot
 * carry a session: the cookie may not be sent back over it. Such a request gets a
 * "Secure connection required" page (426, naming TLS in `Upgrade`), not a 500: a form
 * post at once, before its body is read or a use case runs (so a sign-up is not half
 * done: the account made, the visitor not logged in); a page view only if it needs
 * the cookie after all (a gate's flash), when koa-session's commit fails. A warning
 * naming the fix goes to the log at most once a minute.
 */
function sessionsOverTlsOnly(logger: Logger): Middleware {
  let warnedAt = Number.NEGATIVE_INFINITY;
  const refuse = (ctx: Context): never => {
    const now = Date.now();
    const warn = now - warnedAt >= INSECURE_WARNING_EVERY_MS;
    if (warn) warnedAt = now;
    const log = ctx.state.log ? requestLogger(ctx) : logger;
    log[warn ? 'warn' : 'debug']({ protocol: ctx.protocol }, INSECURE_REQUEST_WARNING);
    // Upgrade needs its Connection option; `close` too, because a Connection header set
    // by hand overrides Node's keep-alive choice, and this client must come back over TLS.
    ctx.throw(426, { headers: { Upgrade: 'TLS/1.2, HTTP/1.1', Connection: 'Upgrade, close' } });
  };
  return (ctx, next) => {
    if (ctx.secure) return next();
    if (!SAFE_METHODS.has(ctx.method)) refuse(ctx);
    return next().catch((error: unknown) => {
      if (error instanceof Error && error.message === SECURE_COOKIE_REFUSAL) refuse(ctx);
      throw error;
    });
  };
}

/**
 * Private pages (an authenticated request) and responses that set or clear the
 * session cookie (login, logout, a flash on a redirect) must not be kept by a
 * browser or a shared cache. Mounted before koa-session so it sees the cookie it sets.
 */
function noStoreWithSession(cookieName: string): Middleware {
  return async (ctx, next) => {
    await next();
    // getHeader, not ctx.response.headers: that copies every header on each call.
    const cookies = ctx.res.getHeader('set-cookie') ?? [];
    const setsSession = [cookies].flat().some((cookie) => String(cookie).startsWith(`${cookieName}=`));
    if (setsSession || ctx.state.user) ctx.set('Cache-Control', 'no-store');
  };
}

/**
 * The session rules passport's login and logout need, put on the request's session
 * just before passport runs (`installPassport`); a page view, which never calls
 * either method, pays nothing for them.
 *
 * koa-session's `regenerate` gives the session a new id but keeps its data, and
 * passport calls it at login and logout. Nothing from before (an attacker's planted
 * value, the previous user's data) may survive that, so the session is emptied
 * first; the caller sets what it needs (the flash) afterwards.
 *
 * passport also calls `save` right after putting the user in (and before a logout's
 * regenerate); koa-session would write the store there and again when the request
 * ends with the flash set. Here `save` only marks the session to be written, and
 * koa-session's commit at the end of the request (before the response leaves) writes
 * it once: one store write fewer per login and logout (issue 7). The controller's
 * `login.succeeded` line is therefore written before the store is; if that write
 * fails (an outage), the visitor gets the 503 page and no cookie, and the log shows
 * the login followed by the request's 503.
 */
export function prepareSessionForPassport(ctx: Context): void {
  const current = ctx.session;
  if (!current) return;
  const regenerate = current.regenerate.bind(current);
  current.regenerate = ((callback?: () => void) => {
    for (const field of Object.keys(current.toJSON())) Reflect.deleteProperty(current, field);
    return regenerate(callback);
  }) as typeof current.regenerate;
  current.save = ((callback?: (error?: unknown) => void) => {
    current._requireSave = true;
    if (!callback) return Promise.resolve();
    queueMicrotask(() => callback());
    return undefined;
  }) as typeof current.save;
}
