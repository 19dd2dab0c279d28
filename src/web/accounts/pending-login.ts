import { type Message, say } from '../shared/message.js';
import type { Context } from 'koa';
import type { PendingLogin, PendingLogins } from '../../application/accounts/pending-login.js';
import type { UserId } from '../../domain/shared/user.js';
import { messages } from '../shared/messages.js';
import { setFlash } from '../shared/flash.js';
import type { LoginHooks } from '../shared/web-feature.js';
import { logInOnFreshSession } from '../shared/sessions.js';
import { loginMessages } from './login-messages.js';

/**
 * Where a login that waits for its second step lives between requests: the session
 * holds only `{ pendingLogin }`, the application's PendingLogin value as plain JSON, with
 * no passport user, so every gate treats the visitor as anonymous. Its rules (its five
 * minutes, the password it was started with) are the application's (PendingLogins);
 * `completeLogin` is the one way any login (password, second factor, passkey) ends,
 * exactly as the specified successful login (docs/behaviour.md), once the use case
 * that checked its last step has said `ok` (and recorded `login.succeeded`).
 *
 *   startPendingLogin(ctx, pending)                          after the first step
 *   readPendingLogin(ctx, pendingLogins)                     → PendingLogin | 'expired' | null
 *   abandonPendingLogin(ctx, message) / …AsJson               when it cannot complete
 *   cancelPendingLogin(ctx)                                  at a logout or a new login form
 *   completeLogin(ctx, hooks, userId, { remember })           after the last step
 *   completeSignUp(ctx, hooks, userId)                        after a sign-up
 */

/** The session field that holds it. */
const FIELD = 'pendingLogin';

/** What completing a login runs besides itself: every feature's hooks on a login. */
export type LoginCompletion = LoginHooks;

/**
 * Keeps a pending login on a new session id (nothing of the session before is kept:
 * no user, no planted data), written to the store at once. koa-session's `regenerate`
 * is what passport's login calls for the same purpose.
 */
export async function startPendingLogin(ctx: Context, pending: PendingLogin): Promise<void> {
  const session = ctx.session;
  if (!session) throw new Error('a pending login needs the session middleware');
  for (const field of Object.keys(session.toJSON())) Reflect.deleteProperty(session, field);
  ctx.state.user = undefined;
  (session as unknown as Record<string, unknown>)[FIELD] = pending;
  await session.regenerate();
}

/** The session's pending login: 'expired' past its time, null when there is none. */
export function readPendingLogin(ctx: Context, pendingLogins: PendingLogins): PendingLogin | 'expired' | null {
  return pendingLogins.read((ctx.session as Record<string, unknown> | null)?.[FIELD]);
}

/** Whether the session holds a pending login, expired or not. */
function hasPendingLogin(ctx: Context): boolean {
  const value = (ctx.session as Record<string, unknown> | null)?.[FIELD];
  return typeof value === 'object' && value !== null;
}

/** Removes a pending login that is over (expired) from the session, quietly: no flash, no redirect. */
export function dropPendingLogin(ctx: Context): void {
  if (ctx.session) Reflect.deleteProperty(ctx.session, FIELD);
}

/**
 * Ends a pending login that cannot complete (expired, or its account gone): its session
 * goes, and the visitor is sent back to the login form with `message`. A session
 * without one (a logged-in user's back button) is left as it is.
 */
export function abandonPendingLogin(ctx: Context, message: Message = loginMessages.pendingLoginExpired): void {
  endPendingLogin(ctx, message);
  ctx.redirect('/login');
}

/**
 * `abandonPendingLogin` for the page's script: the same end and flash, answered 401 with
 * `{ error, redirect: "/login" }`, and the script goes there.
 */
export function abandonPendingLoginAsJson(ctx: Context, message: Message = loginMessages.pendingLoginExpired): void {
  endPendingLogin(ctx, message);
  ctx.status = 401;
  ctx.body = { error: say(ctx, message), redirect: '/login' };
}

function endPendingLogin(ctx: Context, message: Message): void {
  cancelPendingLogin(ctx);
  setFlash(ctx, 'messageFailure', message);
}

/**
 * Ends the session's pending login, if it holds one, quietly (no flash, no redirect):
 * the visitor logged out or opened the login form again, so a second factor posted
 * afterwards completes nothing until the first step passes again. Its session goes
 * from the store. A session without one (a logged-in user's) is left as it is.
 */
export function cancelPendingLogin(ctx: Context): void {
  if (hasPendingLogin(ctx)) {
    ctx.session = null;
    ctx.state.user = undefined;
  }
}

/** How a login completes: with the device remembered or not, and answered how. */
export interface CompletionOptions {
  /** "Keep me logged in on this device", as ticked at the first step. */
  readonly remember: boolean;
  /** A redirect to / (a form's POST; the default), or `{ redirect: "/" }` for a page's script. */
  readonly answer?: 'redirect' | 'json';
}

/**
 * Completes a login, as the specified successful login (docs/behaviour.md): a new
 * session id holding the user, "Successfully logged in.", redirect to /
 * (or, for a script, `{ redirect: "/" }`, which it follows). The features' hooks run
 * after the session holds the user (remembered devices remember this one when "remember"
 * was ticked, never before the last step). Needs passport's request methods on the route.
 */
export async function completeLogin(
  ctx: Context,
  deps: LoginCompletion,
  userId: UserId,
  options: CompletionOptions,
): Promise<void> {
  await logInOnFreshSession(ctx, { id: userId });
  await deps.afterLogin(ctx, { userId, remember: options.remember });
  setFlash(ctx, 'messageSuccess', messages.loggedIn);
  if (options.answer === 'json') ctx.body = { redirect: '/' };
  else ctx.redirect('/');
}

/**
 * Completes a sign-up, as the specified successful sign-up (docs/behaviour.md): a new
 * session id holding the new user, "Successfully signed up.", redirect to /users/profile.
 * No device is remembered at sign-up: the hooks drop another account's remember-me cookie.
 */
export async function completeSignUp(ctx: Context, deps: LoginCompletion, userId: UserId): Promise<void> {
  await logInOnFreshSession(ctx, { id: userId });
  await deps.afterLogin(ctx, { userId, remember: false });
  setFlash(ctx, 'messageSuccess', messages.signedUp);
  ctx.redirect('/users/profile');
}
