import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import koaPassport from 'koa-passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { isUserId } from '../domain/user.js';
import type { AppServices } from './services.js';
import { prepareSessionForPassport } from './sessions.js';

/** Why passport refused a login or sign-up: `message` holds the use case's result kind. */
export interface RefusalInfo {
  readonly message: string;
  /** For a throttled attempt: seconds until the next one may be made. */
  readonly retryAfterSeconds?: number;
}

/**
 * The client's address as Koa reads it (koa-passport hands the strategies a request
 * that delegates `ip` to the Koa context): the socket's peer, or the proxy header's
 * entry when the app trusts proxies (see `app.proxy` and `maxIpsCount`).
 */
function clientAddress(req: unknown): string {
  return (req as { ip?: string }).ip ?? '';
}

function refusal(result: { kind: string; retryAfterSeconds?: number }): RefusalInfo {
  return { message: result.kind, retryAfterSeconds: result.retryAfterSeconds };
}

/** The form fields the strategies read (SPEC 5.1: email in place of a username). */
const FIELDS = { usernameField: 'email', passwordField: 'password', passReqToCallback: true } as const;

/**
 * A passport instance of the app's own (not the global singleton), with two
 * passport-local strategies: `login` runs LogIn, `signup` runs SignUp and reads the
 * extra phone field from the request. The session stores the user id only.
 */
export function createPassport(services: AppServices): InstanceType<typeof koaPassport.KoaPassport> {
  const passport = new koaPassport.KoaPassport();

  passport.use(
    'login',
    new LocalStrategy(FIELDS, (req, email, password, done) => {
      services.logIn.execute({ email, password, clientAddress: clientAddress(req) }).then((result) => {
        if (result.kind === 'ok') done(null, { id: result.userId });
        else done(null, false, refusal(result));
      }, done);
    }),
  );

  passport.use(
    'signup',
    new LocalStrategy(FIELDS, (req, email, password, done) => {
      const phone = (req.body as { phone?: string } | undefined)?.phone;
      services.signUp.execute({ email, password, phone, clientAddress: clientAddress(req) }).then((result) => {
        if (result.kind === 'ok') done(null, { id: result.userId });
        else done(null, false, refusal(result));
      }, done);
    }),
  );

  passport.serializeUser((user: Express.User, done) => done(null, user.id));
  // No database read: handlers see `{ id }` only, and gates that need the record read it.
  passport.deserializeUser((id: unknown, done) => done(null, isUserId(id) ? { id } : false));
  return passport;
}

/** The passport instance type, for the controllers that authenticate. */
export type Passport = ReturnType<typeof createPassport>;

/**
 * passport's request methods (`ctx.login`, `ctx.logout`, `ctx.isAuthenticated`) on every
 * context, without running `passport.initialize()` on every request: koa-passport's
 * initialize builds an Express-like request mock (a large `Object.create` with a
 * property map) and three closures per request, the second-largest allocation of a
 * page view (issue 7), while only a login or a logout needs them. Here the methods
 * sit on the context prototype; the first `login`/`logout` of a request runs the real
 * initialize, which puts passport's own methods on that context, and calls them.
 * `isAuthenticated` is passport's own test: a user on `ctx.state.user`.
 */
export function installPassport(app: Koa, passport: Passport): void {
  const initialize = passport.initialize();
  const initialized = async (ctx: Context): Promise<Context> => {
    const before = ctx.login;
    prepareSessionForPassport(ctx);
    await initialize(ctx, async () => {});
    // A method of the prototype still in place would call itself for ever.
    if (ctx.login === before) throw new Error('passport.initialize() did not set ctx.login');
    return ctx;
  };
  async function login(this: Context, user: unknown, options?: unknown): Promise<void> {
    return (await initialized(this)).login(user, options);
  }
  // koa-passport's typings give logout no options, so there are none to pass on.
  async function logout(this: Context): Promise<void> {
    return (await initialized(this)).logout();
  }
  const methods: Pick<Context, 'login' | 'logIn' | 'logout' | 'logOut' | 'isAuthenticated' | 'isUnauthenticated'> = {
    login,
    logIn: login,
    logout,
    logOut: logout,
    isAuthenticated(this: Context) {
      return Boolean(this.state.user);
    },
    isUnauthenticated(this: Context) {
      return !this.state.user;
    },
  };
  Object.assign(app.context, methods);
}

/**
 * What `passport.session()` does, without its cost: the user id the session holds goes
 * through passport's own deserializers onto `ctx.state.user`, and an id they refuse is
 * dropped from the session, as passport's SessionStrategy does. Through koa-passport
 * that step built an Express-like request mock and four promises on every request
 * with a session (issue 7 measured it among the largest costs of a logged-in page).
 */
export function sessionUser(passport: Passport): Middleware {
  // Not async itself: a visitor with no user in the session passes straight on.
  return (ctx, next) => {
    const stored = ctx.session?.passport as { user?: unknown } | undefined;
    const id = stored?.user;
    // The same test as passport's SessionStrategy, which restores a user only then.
    if (!stored || id === undefined || id === null || (!id && id !== 0)) return next();
    return deserialize(passport, id).then((user) => {
      if (user) ctx.state.user = user;
      else delete stored.user;
      return next();
    });
  };
}

function deserialize(passport: Passport, id: NonNullable<unknown>): Promise<Express.User | false> {
  return new Promise((resolve, reject) => {
    passport.deserializeUser(id, (error: unknown, user?: Express.User | false | null) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(user ?? false);
    });
  });
}
