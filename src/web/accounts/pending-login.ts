import type { Context } from 'koa';
import type { Clock } from '../../application/shared/ports/clock.js';
import type { LoginMethod } from '../../application/shared/ports/security-events.js';
import type { StampCredentials } from '../../application/accounts/stamp-credentials.js';
import { isUserId, type UserId } from '../../domain/shared/user.js';
import { messages } from '../shared/messages.js';
import { setFlash } from '../shared/flash.js';
import type { LoginHooks } from '../shared/web-feature.js';
import { logSecurityEvent } from '../shared/security-events.js';
import { logInOnFreshSession } from '../shared/sessions.js';
import { twoFactorMessages } from '../two-factor/two-factor-messages.js';

/**
 * The seam between "the password (or another first step) was right" and "logged in":
 * a login that still needs its second factor. The session holds only
 * `{ pendingLogin: { userId, startedAt, remember, stamp } }`, with no passport user, so every
 * gate treats the visitor as anonymous; `completeLogin` is the one way any login
 * (password, second factor, passkey) ends, exactly as SPEC.md's successful login.
 *
 *   startPendingLogin(ctx, { userId, remember, stamp }, now) after the first step
 *   readPendingLogin(ctx, now)                               → PendingLogin | 'expired' | null
 *   readLivePendingLogin(ctx, checks)                        the same, 'expired' once the password changed
 *   abandonPendingLogin(ctx, message) / endPendingLogin(…)   when it cannot complete
 *   completeLogin(ctx, deps, userId, { remember, method })   after the last step
 */

/** How long a pending login waits for its second factor. */
export const PENDING_LOGIN_MS = 5 * 60 * 1000;

/** The session field that holds it. */
const FIELD = 'pendingLogin';

/** A login waiting for its second factor. */
export interface PendingLogin {
  readonly userId: UserId;
  /** When the first step passed (epoch ms, the app's clock). */
  readonly startedAt: number;
  /** "Keep me logged in on this device" was ticked: applied only when the login completes. */
  readonly remember: boolean;
  /** The user's credential stamp at the first step (StampCredentials): a password changed since voids the login. */
  readonly stamp: string;
}

/** What telling whether a pending login may still complete needs. */
export interface PendingLoginChecks {
  /** The clock its five minutes run on. */
  readonly clock: Clock;
  readonly stampCredentials: StampCredentials;
}

/** What completing a login runs besides itself: every feature's hooks on a login. */
export type LoginCompletion = LoginHooks;

/**
 * Starts a pending login on a new session id (nothing of the session before is kept:
 * no user, no planted data), written to the store at once. koa-session's `regenerate`
 * is what passport's login calls for the same purpose.
 */
export async function startPendingLogin(
  ctx: Context,
  login: { readonly userId: UserId; readonly remember: boolean; readonly stamp: string },
  now: number,
): Promise<void> {
  const session = ctx.session;
  if (!session) throw new Error('a pending login needs the session middleware');
  for (const field of Object.keys(session.toJSON())) Reflect.deleteProperty(session, field);
  ctx.state.user = undefined;
  const pending: PendingLogin = { userId: login.userId, startedAt: now, remember: login.remember, stamp: login.stamp };
  (session as unknown as Record<string, unknown>)[FIELD] = pending;
  await session.regenerate();
}

/** The session's pending login at `now`: 'expired' after PENDING_LOGIN_MS, null when there is none. */
export function readPendingLogin(ctx: Context, now: number): PendingLogin | 'expired' | null {
  const value = (ctx.session as Record<string, unknown> | null)?.[FIELD];
  if (!isPendingLogin(value)) return null;
  const age = now - value.startedAt;
  return age < 0 || age >= PENDING_LOGIN_MS ? 'expired' : value;
}

/**
 * `readPendingLogin`, and 'expired' too once the user's password was changed or reset
 * since the first step (a pending login is no session of the user, so ending the user's
 * sessions misses it): the old password must not complete a login after the owner
 * replaced it. A deleted user's is left to the use case that checks the second factor.
 */
export async function readLivePendingLogin(ctx: Context, checks: PendingLoginChecks): Promise<PendingLogin | 'expired' | null> {
  const pending = readPendingLogin(ctx, checks.clock.now());
  if (pending === null || pending === 'expired') return pending;
  const current = await checks.stampCredentials.execute(pending.userId);
  return current.kind === 'ok' && current.stamp !== pending.stamp ? 'expired' : pending;
}

/** Whether the session holds a pending login, expired or not. */
function hasPendingLogin(ctx: Context): boolean {
  return isPendingLogin((ctx.session as Record<string, unknown> | null)?.[FIELD]);
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
export function abandonPendingLogin(ctx: Context, message: string = twoFactorMessages.pendingLoginExpired): void {
  endPendingLogin(ctx, message);
  ctx.redirect('/login');
}

/**
 * `abandonPendingLogin` for the page's script: the same end and flash, answered 401 with
 * `{ error, redirect: "/login" }`, and the script goes there.
 */
export function abandonPendingLoginAsJson(ctx: Context, message: string = twoFactorMessages.pendingLoginExpired): void {
  endPendingLogin(ctx, message);
  ctx.status = 401;
  ctx.body = { error: message, redirect: '/login' };
}

function endPendingLogin(ctx: Context, message: string): void {
  if (hasPendingLogin(ctx)) {
    ctx.session = null;
    ctx.state.user = undefined;
  }
  setFlash(ctx, 'messageFailure', message);
}

/** How a login completes: with the device remembered or not, proved how, and answered how. */
export interface CompletionOptions {
  /** "Keep me logged in on this device", as ticked at the first step. */
  readonly remember: boolean;
  /** How the login proved who it was, for `login.succeeded`. */
  readonly method: LoginMethod;
  /** A redirect to / (a form's POST; the default), or `{ redirect: "/" }` for a page's script. */
  readonly answer?: 'redirect' | 'json';
}

/**
 * Completes a login, as SPEC.md's successful login: a new session id holding the user,
 * the `login.succeeded` event with its method, "Successfully logged in.", redirect to /
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
  await logSecurityEvent(ctx, 'login.succeeded', { userId, method: options.method });
  await deps.afterLogin(ctx, { userId, remember: options.remember });
  setFlash(ctx, 'messageSuccess', messages.loggedIn);
  if (options.answer === 'json') ctx.body = { redirect: '/' };
  else ctx.redirect('/');
}

function isPendingLogin(value: unknown): value is PendingLogin {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, startedAt, remember, stamp } = value as Record<string, unknown>;
  return (
    isUserId(userId) &&
    typeof startedAt === 'number' &&
    Number.isFinite(startedAt) &&
    typeof remember === 'boolean' &&
    typeof stamp === 'string'
  );
}
