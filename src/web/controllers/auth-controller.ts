import type { Context, Middleware, Next } from 'koa';
import { keepDraft, takeDraft } from '../form-draft.js';
import { readStringFields } from '../form.js';
import { loginThrottled, messages, signUpThrottled } from '../messages.js';
import { isCrossSiteNavigation } from '../middleware/cross-origin-protection.js';
import { setFlash } from '../middleware/flash.js';
import type { Passport, RefusalInfo } from '../passport.js';
import { logSecurityEvent } from '../security-events.js';

const signUpRefusals: Record<string, string> = {
  'email-taken': messages.emailTaken,
  'invalid-email': messages.invalidEmail,
  'password-too-short': messages.passwordTooShort,
  'password-too-long': messages.passwordTooLong,
  'password-too-common': messages.passwordTooCommon,
  'invalid-phone': messages.invalidPhone,
};

/** GET /login */
export const showLogin: Middleware = (ctx) => ctx.render('login', { title: 'Log in', draft: takeDraft(ctx, 'login') });

/** GET /signup */
export const showSignUp: Middleware = (ctx) => ctx.render('signup', { title: 'Sign up', draft: takeDraft(ctx, 'signup') });

/** POST /login: SPEC section 3, rows 3 and 4. */
export function logIn(passport: Passport): Middleware {
  return async (ctx, next) => {
    const form = readStringFields(ctx.request.body, ['email', 'password']);
    // Missing or malformed fields never reach passport, whose own message must not show.
    if (!form?.email || !form.password) return fail(ctx, messages.invalidCredentials, '/login');
    await authenticate(ctx, next, passport, 'login', async (userId, info) => {
      if (userId === null) {
        const retry = info?.message === 'throttled' ? info.retryAfterSeconds : undefined;
        // A throttled attempt is told apart in the log, so an operator sees the attack.
        logSecurityEvent(ctx, 'login.failed', { email: form.email, ...(retry !== undefined && { reason: 'throttled' }) });
        // The email stays filled in for the next try; the password never does.
        keepDraft(ctx, 'login', { email: form.email });
        return fail(ctx, retry === undefined ? messages.invalidCredentials : loginThrottled(retry), '/login');
      }
      await ctx.login({ id: userId });
      logSecurityEvent(ctx, 'login.succeeded', { userId });
      // After login: passport regenerates the session, which would drop an earlier flash.
      setFlash(ctx, 'messageSuccess', messages.loggedIn);
      ctx.redirect('/');
    });
  };
}

/** POST /signup: SPEC section 3, rows 1 and 2. */
export function signUp(passport: Passport): Middleware {
  return async (ctx, next) => {
    const form = readStringFields(ctx.request.body, ['email', 'password', 'phone']);
    if (!form) return fail(ctx, messages.unreadableForm, '/signup');
    // A refused sign-up gives the person back what they typed, except the password.
    const refuse = (message: string) => {
      keepDraft(ctx, 'signup', form);
      fail(ctx, message, '/signup');
    };
    if (!form.email) return refuse(messages.invalidEmail);
    if (!form.password) return refuse(messages.passwordTooShort);
    await authenticate(ctx, next, passport, 'signup', async (userId, info) => {
      if (userId === null) {
        const retry = info?.message === 'throttled' ? info.retryAfterSeconds : undefined;
        logSecurityEvent(ctx, 'signup.refused', { email: form.email, reason: info?.message });
        const message = retry === undefined ? signUpRefusals[info?.message ?? ''] : signUpThrottled(retry);
        return refuse(message ?? messages.unreadableForm);
      }
      await ctx.login({ id: userId });
      logSecurityEvent(ctx, 'signup.succeeded', { userId });
      setFlash(ctx, 'messageSuccess', messages.signedUp);
      ctx.redirect('/users/profile');
    });
  };
}

/**
 * GET /logout: SPEC section 3, row 5. A link on another site must not log anyone
 * out (login CSRF's twin), so a cross-site or same-site navigation of a logged-in
 * user gets a page with a logout link instead; following that link is same-origin.
 */
export const logOut: Middleware = async (ctx) => {
  if (ctx.isAuthenticated() && isCrossSiteNavigation(ctx)) return ctx.render('logout', { title: 'Log out' });
  const userId = ctx.state.user?.id;
  await ctx.logout();
  if (userId !== undefined) logSecurityEvent(ctx, 'logout', { userId });
  setFlash(ctx, 'messageSuccess', messages.loggedOut);
  ctx.redirect('/login');
};

function fail(ctx: Context, message: string, location: string): void {
  setFlash(ctx, 'messageFailure', message);
  ctx.redirect(location);
}

/** Runs a passport strategy with a custom callback, so this code decides the response. */
function authenticate(
  ctx: Context,
  next: Next,
  passport: Passport,
  strategy: 'login' | 'signup',
  then: (userId: number | null, info: RefusalInfo | undefined) => Promise<void>,
): Promise<void> {
  const middleware = passport.authenticate(
    strategy,
    async (error: unknown, user: Express.User | false, info: RefusalInfo | undefined) => {
      if (error) throw error;
      await then(user ? user.id : null, info);
    },
  );
  return middleware(ctx, next) as Promise<void>;
}
