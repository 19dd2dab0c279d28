import type { Context, Middleware, Next } from 'koa';
import koaPassport from 'koa-passport';
import { isUserId } from '../../domain/shared/user.js';

/**
 * The Koa context behind koa-passport's request, which koa-passport hands the strategies
 * as `req.ctx`: what a login's event records of its request comes from there. The
 * request id on a failed login's log line (test/http/app/logging.test.ts) pins it.
 */
export function koaContextOf(req: unknown): Context {
  return (req as { ctx: Context }).ctx;
}

/**
 * A passport instance of the app's own (not the global singleton). The session stores
 * the user id only. Features add their strategies (accounts: the login and sign-up
 * forms), each passing its use case's typed result on in passport's `info`.
 */
export function createPassport(): InstanceType<typeof koaPassport.KoaPassport> {
  const passport = new koaPassport.KoaPassport();
  passport.serializeUser((user: Express.User, done) => done(null, user.id));
  return passport;
}

/** The passport instance type, for the controllers that authenticate. */
export type Passport = ReturnType<typeof createPassport>;

/**
 * Runs one of our strategies with a custom callback (passport's documented way to let
 * the route decide the response) and resolves with the use case's result. A missing
 * result means passport answered on its own (a field missing from the form), which
 * the controllers rule out before calling this.
 */
export function authenticate<Result>(ctx: Context, next: Next, passport: Passport, strategy: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const middleware = passport.authenticate(strategy, (error: unknown, _user: unknown, info: unknown) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else if (hasResult(info)) resolve(info.result as Result);
      else reject(new Error(`passport strategy "${strategy}" answered without a result`));
    });
    (middleware(ctx, next) as Promise<unknown>).catch(reject);
  });
}

/** passport-local's `info` as our strategies give it: its `message` and the result itself. */
function hasResult(info: unknown): info is { result: unknown } {
  return typeof info === 'object' && info !== null && 'result' in info;
}

/**
 * The user a session id restores: `{ id }` for a well-formed id, else none. No
 * database read: handlers see `{ id }` only, and gates that need the record read it.
 */
function userFromSession(id: unknown): Express.User | false {
  return isUserId(id) ? { id } : false;
}

/**
 * What `passport.session()` does on every request, owned here: the user id that
 * passport's login stored in the session becomes `ctx.state.user` (where koa-passport
 * puts the user), and an id that is not a user id is dropped from the session, as
 * passport's SessionStrategy drops one its deserializer refuses. koa-passport's own
 * `session()` builds a wrapper of the whole request (a property map of every request
 * field) on every request, the largest cost of a logged-in page (bench/RESULTS.md).
 * The contract it relies on is passport's documented session layout,
 * `session.passport.user`, pinned by a test; login and logout still go through
 * passport (`passport.initialize()`, `ctx.login`, `ctx.logout`) on the routes that
 * do them.
 */
export function restoreSessionUser(): Middleware {
  return (ctx, next) => {
    const stored = ctx.session?.passport as { user?: unknown } | undefined;
    if (stored?.user === undefined) return next();
    const user = userFromSession(stored.user);
    if (user) ctx.state.user = user;
    else delete stored.user;
    return next();
  };
}

/**
 * Whether the request is authenticated: passport's own test (`req.isAuthenticated()`
 * is "a user on the request"), which koa-passport keeps on `ctx.state.user`. It holds
 * on every request, also where `passport.initialize()` did not run (page views).
 */
export function isLoggedIn(ctx: Context): boolean {
  return Boolean(ctx.state.user);
}
