import type Koa from 'koa';
import type { Context, Middleware } from 'koa';

/** koa-session's session object, as far as this file uses it (its documented `manuallyCommit`). */
interface CommittableSession {
  manuallyCommit(): Promise<void>;
}

/** Requests that came without a session cookie, so their session is empty until something opens it. */
const cookieless = new WeakSet<Context>();

/** The session object of such a request, once something opened it: committed at the end. */
const opened = new WeakMap<Context, CommittableSession>();

/**
 * Runs koa-session's middleware only for a request that carries the session cookie
 * (`key`). Without one, koa-session would load nothing from its store anyway: it would
 * draw a new id and make an empty session, then find at the end that nothing changed.
 * Here that request passes on at once, and koa-session's own `ctx.session` (which makes
 * that same empty session with a new id on first use, as it does for a session read
 * before its middleware) is left for whatever needs it: a login, a logout, a gate's
 * `ctx.session = null`. Such a session is committed at the end with koa-session's
 * documented `manuallyCommit`, exactly as the middleware's own commit would have done.
 * A page view with no cookie thus draws no id and builds no session.
 *
 * `ctx.session` is watched through `app.context`, Koa's documented way to extend every
 * context, delegating to koa-session's own accessor, which `session(…, app)` defined there.
 */
export function sessionOnlyWithCookie(app: Koa, key: string, middleware: Middleware): Middleware {
  watchSessionUse(app);
  const marker = `${key}=`;
  return async (ctx, next) => {
    const header = ctx.headers.cookie;
    // A superset of the cookie parser's match (`name=`): a false "carries" only costs the full path.
    if (header !== undefined && header.includes(marker)) return middleware(ctx, next);
    cookieless.add(ctx);
    try {
      await next();
    } finally {
      await opened.get(ctx)?.manuallyCommit();
    }
  };
}

/**
 * Whether the request's session is known to be empty without opening it: no session
 * cookie came, and nothing has used the session yet. What reads the session only to
 * find a user, a flash or a pending login can skip it then.
 */
export function knownEmptySession(ctx: Context): boolean {
  return cookieless.has(ctx) && !opened.has(ctx);
}

/** Notes, for a cookieless request, the session object koa-session hands out or replaces. */
function watchSessionUse(app: Koa): void {
  const own = Object.getOwnPropertyDescriptor(app.context, 'session');
  const get = own?.get;
  const set = own?.set;
  if (!get || !set) throw new Error('koa-session must be set up on the app before its use is watched');
  const note = (ctx: Context): void => {
    if (!cookieless.has(ctx) || opened.has(ctx)) return;
    const session = get.call(ctx) as CommittableSession | null;
    if (session) opened.set(ctx, session);
  };
  Object.defineProperty(app.context, 'session', {
    get(this: Context) {
      note(this);
      return get.call(this) as unknown;
    },
    set(this: Context, value: unknown) {
      // Opened first: `ctx.session = null` on a session never read must still be committed (its cookie cleared).
      note(this);
      set.call(this, value);
    },
    configurable: true,
  });
}
