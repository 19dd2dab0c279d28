import { message, type Message } from '../shared/message.js';
import type { PasswordLimits } from '../../domain/shared/password-policy.js';
import type { Context, Middleware } from 'koa';
import type { LogOut } from '../../application/accounts/log-out.js';
import type { SignUpResult } from '../../application/accounts/sign-up.js';
import { keepDraft, takeDraft } from '../shared/form-draft.js';
import { readStringFields } from '../shared/form.js';
import { passwordLimitsOf } from '../shared/password-rules.js';
import { loginThrottled, messages, newPasswordRefusal, signUpThrottled } from '../shared/messages.js';
import { isCrossSiteNavigation } from '../middleware/cross-origin-protection.js';
import { setFlash } from '../shared/flash.js';
import { isLoggedIn, type Passport } from '../shared/passport.js';
import { authenticateForm } from './local-strategies.js';
import { cancelPendingLogin, completeLogin, completeSignUp, type LoginCompletion, startPendingLogin } from './pending-login.js';
import { requestContext } from '../shared/security-events.js';
import { endSession } from '../shared/sessions.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { renderPage } from '../shared/views.js';

/**
 * GET /login. Opening the form again ends a login that waits for its second factor, so
 * a code posted afterwards completes nothing; a HEAD request (a prefetch) changes nothing.
 * With EMAIL_CODE_LOGIN=on it also offers a login code by email.
 */
export function showLogin(emailCodeLogin: boolean): Middleware {
  return (ctx) => {
    if (ctx.method !== 'HEAD') cancelPendingLogin(ctx);
    const locals = { title: message('accounts:titles.logIn'), draft: takeDraft(ctx, 'login') };
    // EMAIL_CODE_LOGIN=on adds "Email me a login code"; off, the page is the specified one.
    return renderPage(ctx, 'accounts/login', emailCodeLogin ? { ...locals, emailCodeLogin } : locals);
  };
}

/** GET /signup */
export const showSignUp: Middleware = (ctx) => renderPage(ctx, 'accounts/signup', { title: message('accounts:titles.signUp'), draft: takeDraft(ctx, 'signup') });

/**
 * POST /login: the specified login (docs/behaviour.md). With the `remember` box ticked, a
 * successful login also remembers the device; unticked, it is exactly the specified one.
 * A user whose login needs a second step is not logged in yet: the session holds the
 * pending login LogIn gave, and the visitor goes on to /login/two-factor, where
 * `completeLogin` finishes it.
 */
export function logIn(passport: Passport, completion: LoginCompletion): Middleware {
  return async (ctx, next) => {
    const form = readStringFields(ctx.request.body, ['email', 'password']);
    // Missing or malformed fields never reach passport, whose own message must not show.
    if (!form?.email || !form.password) return fail(ctx, messages.invalidCredentials, '/login');
    // Read apart from the specified fields: a malformed box counts as unticked, not as a bad login.
    const remember = readStringFields(ctx.request.body, ['remember'])?.remember === 'yes';
    const result = await authenticateForm(ctx, next, passport, 'login');
    switch (result.kind) {
      case 'ok':
        return completeLogin(ctx, completion, result.userId, { remember });
      case 'second-step':
        await startPendingLogin(ctx, result.pending);
        return ctx.redirect('/login/two-factor');
      case 'invalid-credentials':
      case 'locked':
      case 'throttled': {
        const throttled = result.kind === 'throttled';
        // LogIn recorded the failure: it alone knows whether an account has the email.
        // The email stays filled in for the next try; the password never does.
        keepDraft(ctx, 'login', { email: form.email });
        return fail(ctx, throttled ? loginThrottled(result.retryAfterSeconds) : messages.invalidCredentials, '/login');
      }
      default:
        return unhandled(result);
    }
  };
}

/** POST /signup: the specified sign-up (docs/behaviour.md); SignUp records its event, success or refusal. */
export function signUp(passport: Passport, completion: LoginCompletion): Middleware {
  return async (ctx, next) => {
    const form = readStringFields(ctx.request.body, ['email', 'password', 'phone']);
    if (!form) return fail(ctx, messages.unreadableForm, '/signup');
    // A refused sign-up gives the person back what they typed, except the password.
    const refuse = (message: Message) => {
      keepDraft(ctx, 'signup', form);
      fail(ctx, message, '/signup');
    };
    if (!form.email) return refuse(messages.invalidEmail);
    if (!form.password) return refuse(messages.passwordTooShort);
    const result = await authenticateForm(ctx, next, passport, 'signup');
    if (result.kind === 'ok') return completeSignUp(ctx, completion, result.userId);
    return refuse(signUpRefusal(result, passwordLimitsOf(ctx)));
  };
}

/** What a refused sign-up tells the person, for each refusal the use case can give. */
function signUpRefusal(result: Exclude<SignUpResult, { kind: 'ok' }>, limits: PasswordLimits): Message {
  switch (result.kind) {
    case 'email-taken':
      return messages.emailTaken;
    case 'invalid-email':
      return messages.invalidEmail;
    case 'password-too-short':
    case 'password-too-long':
    case 'password-too-common':
    case 'password-context-word':
    case 'password-breached':
      return newPasswordRefusal(result.kind, limits);
    case 'invalid-phone':
      return messages.invalidPhone;
    case 'throttled':
      return signUpThrottled(result.retryAfterSeconds);
    default:
      return unhandled(result);
  }
}

/**
 * GET /logout: the specified logout (docs/behaviour.md). A link on another site must not
 * log anyone out (login CSRF's twin), so a cross-site or same-site navigation of a
 * logged-in user gets a page with a logout link instead; following that link is
 * same-origin. A HEAD request (a link preview, a prefetch) gets that page too and
 * changes nothing. The features' logout hooks run first (a remembered device is
 * forgotten, and its cookie removed), so the logout is not undone by the next request.
 * A visitor whose login waits for its second factor gets the same answer, and that
 * login ends. LogOut records the logout.
 */
export function logOut(logOutUseCase: LogOut, completion: LoginCompletion): Middleware {
  return async (ctx) => {
    if (ctx.method === 'HEAD' || (isLoggedIn(ctx) && isCrossSiteNavigation(ctx))) {
      return renderPage(ctx, 'accounts/logout', { title: message('accounts:titles.logOut') });
    }
    const userId = ctx.state.user?.id;
    if (userId !== undefined) {
      await completion.beforeLogout(ctx, userId);
      await endSession(ctx);
      await logOutUseCase.execute({ userId, request: requestContext(ctx) });
    } else {
      cancelPendingLogin(ctx);
    }
    setFlash(ctx, 'messageSuccess', messages.loggedOut);
    ctx.redirect('/login');
  };
}

function fail(ctx: Context, message: Message, location: string): void {
  setFlash(ctx, 'messageFailure', message);
  ctx.redirect(location);
}
