import { message, type Message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import { unhandled } from '../../application/shared/unhandled.js';
import { setFlash } from '../shared/flash.js';
import { keepDraft } from '../shared/form-draft.js';
import { readStringFields } from '../shared/form.js';
import { loginThrottled, messages } from '../shared/messages.js';
import { requestContext } from '../shared/security-events.js';
import { renderPage } from '../shared/views.js';
import type { EmailCodeServices } from './account-services.js';
import { loginCodeMessages, loginCodeThrottled } from './login-code-messages.js';
import { completeLogin, type LoginCompletion, startPendingLogin } from './pending-login.js';

/** The session field that holds the address a code was asked for, between the two forms. */
const FIELD = 'loginCodeEmail';

function codeEmail(ctx: Context): string | null {
  const value = (ctx.session as Record<string, unknown> | null)?.[FIELD];
  return typeof value === 'string' ? value : null;
}

/**
 * POST /login/code/send: "Email me a login code". The same answer, in the same time,
 * whether or not an account has the address (the use case writes the code after
 * answering); the visitor goes on to the page where the code is typed.
 */
export function requestCode(services: EmailCodeServices): Middleware {
  return async (ctx) => {
    const email = readStringFields(ctx.request.body, ['email'])?.email ?? '';
    const result = await services.request.execute({ email, request: requestContext(ctx) });
    switch (result.kind) {
      case 'accepted':
        if (ctx.session) (ctx.session as unknown as Record<string, unknown>)[FIELD] = email;
        setFlash(ctx, 'messageSuccess', loginCodeMessages.codeSent);
        return ctx.redirect('/login/code');
      case 'invalid-email':
        return refuse(ctx, email, messages.invalidEmail, '/login');
      case 'throttled':
        return refuse(ctx, email, loginCodeThrottled(result.retryAfterSeconds), '/login');
      default:
        return unhandled(result);
    }
  };
}

/** GET /login/code: the form for the code, once one was asked for in this session. */
export const showCodeForm: Middleware = async (ctx) => {
  const email = codeEmail(ctx);
  if (email === null) return ctx.redirect('/login');
  await renderPage(ctx, 'accounts/login-code', { title: message('accounts:titles.logInWithCode'), email });
};

/**
 * POST /login/code: logs in with the code, as the specified successful login
 * (docs/behaviour.md) when no second factor follows, or on to /login/two-factor when one does.
 */
export function logInWithCode(services: EmailCodeServices, completion: LoginCompletion): Middleware {
  return async (ctx) => {
    const email = codeEmail(ctx);
    if (email === null) return ctx.redirect('/login');
    const form = readStringFields(ctx.request.body, ['code', 'remember']);
    const remember = form?.remember === 'yes';
    const result = await services.logIn.execute({ email, code: form?.code ?? '', remember, request: requestContext(ctx) });
    switch (result.kind) {
      case 'ok':
        return completeLogin(ctx, completion, result.userId, { remember });
      case 'second-step':
        await startPendingLogin(ctx, result.pending);
        return ctx.redirect('/login/two-factor');
      case 'malformed-code':
        return refuse(ctx, email, loginCodeMessages.malformedCode, '/login/code');
      case 'invalid-code':
        return refuse(ctx, email, loginCodeMessages.invalidCode, '/login/code');
      case 'throttled':
        return refuse(ctx, email, loginThrottled(result.retryAfterSeconds), '/login/code');
      default:
        return unhandled(result);
    }
  };
}

function refuse(ctx: Context, email: string, message: Message, location: string): void {
  keepDraft(ctx, 'login', { email });
  setFlash(ctx, 'messageFailure', message);
  ctx.redirect(location);
}
