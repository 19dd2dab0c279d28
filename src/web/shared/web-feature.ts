import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { UserId } from '../../domain/shared/user.js';
import type { Passport } from './passport.js';
import type { RememberMeCookie } from './remember-me-cookie.js';

/** How a login completed, as the hooks on it see it. */
export interface CompletedLogin {
  readonly userId: UserId;
  /** "Keep me logged in on this device" was ticked. */
  readonly remember: boolean;
}

/**
 * What features do when any login completes or a logged-in user logs out, beside what
 * the login and the logout do themselves: the seam where, say, remembered devices
 * remember this one, so the login code does not import that feature.
 */
export interface LoginHooks {
  /** After the session holds the user, before the answer is written. */
  afterLogin(ctx: Context, login: CompletedLogin): Promise<void>;
  /** Before the session of `userId` ends at GET /logout. */
  beforeLogout(ctx: Context, userId: UserId): Promise<void>;
}

/** What every feature's routes share, made once per app by `createApp`. */
export interface WebKit {
  /** The app's own passport: features add their strategies to it. */
  readonly passport: Passport;
  /** passport's request methods (`ctx.login`, `ctx.logout`), on the routes that log in or out. */
  readonly withPassport: Middleware;
  /** The remember-me cookie: its name, attributes and value. */
  readonly rememberCookie: RememberMeCookie;
  /** Every feature's hooks on logins and logouts, run in the order the features are loaded. */
  readonly loginHooks: LoginHooks;
}

/**
 * One feature's part of the web app: its routes, and where it takes part in every
 * request or login. The composition root hands `createApp` one per feature, in order.
 */
export interface WebFeature {
  /** The feature's name, as its folders are named. */
  readonly name: string;
  /** The paths whose POST bodies are JSON (read by the app's JSON reader); every other POST is a form. */
  readonly jsonPaths?: readonly string[];
  /** Mounts the feature's routes. */
  routes(router: Router, kit: WebKit): void;
  /** Middleware every request passes once its session's user is known (a remembered login). */
  middleware?(kit: WebKit): Middleware;
  /** Its hooks on logins and logouts. */
  loginHooks?(rememberCookie: RememberMeCookie): Partial<LoginHooks>;
}

/** The hooks of every feature, as one: each feature's run in turn. */
export function combineLoginHooks(features: readonly WebFeature[], rememberCookie: RememberMeCookie): LoginHooks {
  const hooks = features.map((feature) => feature.loginHooks?.(rememberCookie)).filter((hook) => hook !== undefined);
  const after = hooks.map((hook) => hook.afterLogin).filter((hook) => hook !== undefined);
  const before = hooks.map((hook) => hook.beforeLogout).filter((hook) => hook !== undefined);
  return {
    async afterLogin(ctx, login) {
      for (const hook of after) await hook(ctx, login);
    },
    async beforeLogout(ctx, userId) {
      for (const hook of before) await hook(ctx, userId);
    },
  };
}
