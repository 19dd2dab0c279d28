import { message, type Message } from './message.js';
import type { Context, Middleware } from 'koa';
import type { ConfirmSudo } from '../../application/shared/confirm-sudo.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { accountGone } from './account-answers.js';
import { readStringFields } from './form.js';
import { loginThrottled, messages } from './messages.js';
import { requestContext } from './security-events.js';
import { renderPage } from './views.js';
import { renewSessionId } from './sessions.js';
import { setFlash } from './flash.js';

/** The session field that holds when this session last confirmed the password (epoch ms). */
const CONFIRMED_AT = 'sudoConfirmedAt';

/** The field of the confirmation page that carries the password. */
const PASSWORD_FIELD = 'sudoPassword';

/** How an action is named on the confirmation page, and which of its form's fields the page carries on. */
export interface SudoAction {
  /** "lock this account": what the administrator is about to do. */
  readonly label: Message;
  /** Where the page's "Cancel" leads. */
  readonly cancel: (ctx: Context) => string;
  /** The action form's own fields, posted again with the password. */
  readonly carry?: readonly string[];
  /**
   * Whether the action is an administrator's, behind the admin gate (the default): its
   * page shows the administrators' links without reading the flag again. An account
   * page's (false) asks, as every page does.
   */
  readonly admin?: boolean;
}

/**
 * Sudo mode before an administrator's action (a POST, behind the admin gate): the
 * action runs when this session confirmed the password within SUDO_SECONDS. Otherwise
 * the answer is a page asking for it, whose form posts to the same address with the
 * action's own fields and the password; a right password stamps the session and the
 * action carries on in that same request, on a new session id (the old one ended). The
 * stamp lives in the session, which a new login replaces, so every login asks again.
 */
export function sudoRequired(confirmSudo: ConfirmSudo, action: SudoAction): Middleware {
  const carry = action.carry ?? [];
  return async (ctx, next) => {
    const form = readStringFields(ctx.request.body, [...carry, PASSWORD_FIELD]);
    if (!form) {
      setFlash(ctx, 'messageFailure', messages.unreadableForm);
      return ctx.redirect(action.cancel(ctx));
    }
    const result = await confirmSudo.execute({
      userId: ctx.state.user.id,
      confirmedAt: sudoConfirmedAt(ctx),
      password: form[PASSWORD_FIELD] ?? null,
      request: requestContext(ctx),
    });
    const fields = carry.flatMap((name) => {
      const value = form[name];
      return value === undefined ? [] : [{ name, value }];
    });
    const ask = (problem: Message | null) => askForPassword(ctx, confirmSudo.windowMs, action, fields, problem);
    switch (result.kind) {
      case 'fresh':
        return next();
      case 'confirmed':
        (ctx.session as Record<string, unknown>)[CONFIRMED_AT] = result.at;
        // A re-authentication: the session goes on under a new id, the old one ended.
        await renewSessionId(ctx);
        return next();
      case 'password-needed':
        return ask(null);
      case 'current-password-missing':
        return ask(messages.sudoPasswordMissing);
      case 'wrong-password':
        return ask(messages.sudoWrongPassword);
      case 'throttled':
        return ask(loginThrottled(result.retryAfterSeconds));
      case 'fresh-sign-in-needed':
        return ask(null);
      case 'not-found':
        return accountGone(ctx);
      default:
        return unhandled(result);
    }
  };
}

/**
 * Sudo mode for a JSON endpoint, which cannot show the password page: the request goes
 * on when this session confirmed the password (through a form's `sudoRequired`) within
 * SUDO_SECONDS, or within `atLeastMs` when that is shorter; otherwise `refuse` answers
 * it. It checks no password itself.
 */
export function freshSudoRequired(confirmSudo: ConfirmSudo, atLeastMs: number, refuse: Middleware): Middleware {
  return (ctx, next) => (confirmSudo.isFresh(sudoConfirmedAt(ctx), atLeastMs) ? next() : refuse(ctx, next));
}

/**
 * Stamps the session as confirmed at `at` by another proof than the password (a fresh
 * sign-in with a linked provider): the next action within the window goes on.
 */
export function markSudoConfirmed(ctx: Context, at: number): void {
  if (ctx.session) (ctx.session as Record<string, unknown>)[CONFIRMED_AT] = at;
}

/** When the session last confirmed sudo mode (the password, or a fresh sign-in with a provider), or null. */
export function sudoConfirmedAt(ctx: Context): number | null {
  const stamp = (ctx.session as Record<string, unknown> | null)?.[CONFIRMED_AT];
  return typeof stamp === 'number' && Number.isFinite(stamp) ? stamp : null;
}

/** The confirmation page: the same address, the action's fields, and the password. */
function askForPassword(
  ctx: Context,
  windowMs: number,
  action: SudoAction,
  fields: readonly { name: string; value: string }[],
  problem: Message | null,
): Promise<void> {
  return renderPage(ctx, 'shared/sudo', {
    title: message('titles.confirmWithYourPassword'),
    minutes: Math.max(1, Math.round(windowMs / 60_000)),
    action: ctx.path,
    label: action.label,
    cancel: action.cancel(ctx),
    fields,
    problem,
    ...(action.admin !== false && { isAdmin: true }),
  });
}
