import { METHODS } from 'node:http';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import * as account from './accounts/account-controller.js';
import * as activity from './audit/activity-controller.js';
import * as auth from './accounts/auth-controller.js';
import * as emailChange from './links/email-change-controller.js';
import * as emailVerification from './links/email-verification-controller.js';
import * as pages from './accounts/page-controller.js';
import * as password from './links/password-controller.js';
import * as rememberedDevices from './devices/remembered-devices-controller.js';
import { resetTwoFactor } from './administration/reset-two-factor-controller.js';
import * as sessions from './devices/sessions-controller.js';
import * as userActions from './administration/user-actions-controller.js';
import { users } from './administration/user-list-controller.js';
import { confirmDeletion, showUser } from './administration/user-page-controller.js';
import { adminSecondFactorRequired } from './administration/admin-second-factor-gate.js';
import { adminRequired, loginRequired, signupRequired, verifiedEmailRequired } from './shared/gates.js';
import { postOnly, readOrPost } from './shared/post-only.js';
import { readOnly } from './shared/read-only.js';
import { addTwoFactorLogin, addTwoFactorSetup } from './two-factor/two-factor-routes.js';
import { sudoRequired } from './shared/sudo-required.js';
import { numericUserId } from './shared/user-id-param.js';
import { addPasskeyRoutes } from './passkeys/passkey-routes.js';
import type { Passport } from './shared/passport.js';
import type { RememberMeCookie } from './devices/remember-me-cookie.js';
import type { AppServices } from './services.js';

/**
 * Every route of SPEC.md section 4, each with its gates in the specified order.
 * Gated pages answer every method through their gates first (`router.all`), so a
 * POST or PUT learns no more than a GET would; only a visitor who passes the gates
 * is told 405 for a method other than GET or HEAD. Paths match case-insensitively
 * and with an optional trailing slash (the router's defaults), gates included.
 */
export function createRouter(services: AppServices, passport: Passport, rememberCookie: RememberMeCookie): Router {
  // Every method Node accepts is one the router knows, so allowedMethods answers TRACE or
  // PROPFIND as it answers PUT (405 with Allow, 404 off the routes), never 501.
  const router = new Router({ methods: METHODS });
  const admin = adminRequired(services.authorizeAdmin);
  // After SPEC's gates: EMAIL_VERIFICATION=required only adds a check behind them.
  const verified = verifiedEmailRequired(services.authorizeVerifiedEmail);
  // REQUIRE_2FA_FOR_ADMINS, last of an administration page's gates.
  const adminSecondFactor = adminSecondFactorRequired(services.administration.authorizeSecondFactor);
  // passport's request methods (ctx.login, ctx.logout) where a route logs in or out.
  const withPassport = passport.initialize();
  const { remember } = services;

  router.get('/', pages.home);
  router.get('/login', auth.showLogin);
  const completion = { rememberDevice: remember.rememberDevice, rememberCookie };
  router.post('/login', withPassport, auth.logIn(passport, completion, services.twoFactor));
  addTwoFactorLogin(router, services, withPassport, completion);
  router.get('/signup', auth.showSignUp);
  router.post('/signup', withPassport, auth.signUp(passport, rememberCookie));
  router.get('/logout', withPassport, auth.logOut(remember.forgetThisDevice, rememberCookie));

  router.all('/special', signupRequired, verified, readOnly, pages.special);
  router.all('/users/profile', loginRequired, readOnly, pages.profile(services.getProfile));
  router.all('/admin', loginRequired, admin, verified, adminSecondFactor, readOnly, pages.admin);
  router.all('/users', loginRequired, admin, verified, adminSecondFactor, readOnly, users(services.listUsers));
  addAdministration(router, services, [loginRequired, admin, verified, adminSecondFactor]);

  // Account settings: each form behind loginRequired, like the pages.
  const settings = services.account;
  router.all('/account', loginRequired, readOnly, account.showAccount(services.getProfile));
  router.all('/account/activity', loginRequired, readOnly, activity.showActivity(services.listAccountActivity));
  router.all(
    '/account/password',
    loginRequired,
    postOnly,
    withPassport,
    account.changePassword(settings.changePassword, rememberCookie),
  );
  router.all('/account/email', loginRequired, postOnly, account.requestEmailChange(settings.requestEmailChange));
  router.all('/account/phone', loginRequired, postOnly, account.changePhone(settings.changePhone));
  router.all(
    '/account/delete',
    loginRequired,
    postOnly,
    withPassport,
    account.deleteAccount(settings.deleteAccount, rememberCookie),
  );
  // The sessions page: every live session and remembered device of the user, each of
  // which can be logged out or forgotten.
  router.all(
    '/account/sessions',
    loginRequired,
    readOnly,
    sessions.showSessions(settings.listSessions, remember.listRememberedDevices, rememberCookie),
  );
  router.all(
    '/account/sessions/revoke',
    loginRequired,
    postOnly,
    sessions.revokeSession(settings.revokeSession, rememberCookie),
  );
  router.all(
    '/account/sessions/revoke-others',
    loginRequired,
    postOnly,
    sessions.revokeOtherSessions(settings.revokeOtherSessions, rememberCookie),
  );
  router.all(
    '/account/sessions/forget-device',
    loginRequired,
    postOnly,
    rememberedDevices.forgetRememberedDevice(remember.forgetDevice, rememberCookie),
  );
  addTwoFactorSetup(router, services, rememberCookie);
  // The link sent to a new address; it works logged in or not.
  router.get('/email/change', emailChange.showEmailChange(settings.previewEmailChange));
  router.post('/email/change', emailChange.confirmEmailChange(settings.confirmEmailChange));

  // Password reset and email verification: open to anyone holding a link.
  router.get('/password/forgot', password.showForgot);
  router.post('/password/forgot', password.requestReset(services.requestPasswordReset));
  router.get('/password/reset', password.showReset(services.checkLinkToken));
  router.post('/password/reset', password.reset(services.resetPassword, rememberCookie));
  router.get('/email/verify', emailVerification.showVerify(services.checkLinkToken));
  router.post('/email/verify', emailVerification.verify(services.verifyEmail));
  router.all('/email/verify/resend', loginRequired, postOnly, emailVerification.resend(services.sendEmailVerification));
  addPasskeyRoutes(router, services, passport, completion);
  return router;
}

/**
 * `/users/:id` and its actions, after `/users/profile` (whose route answers first):
 * only a numeric id matches them, before any gate; then the gates of `/users`. Each
 * action is a POST behind sudo mode; deleting has a confirmation page first.
 */
function addAdministration(router: Router, services: AppServices, gates: readonly Middleware[]): void {
  const administration = services.administration;
  const backToUser = (ctx: Context) => `/users/${String(ctx.params.id)}`;
  const sudo = (label: string, carry: readonly string[] = []) =>
    sudoRequired(administration.confirmSudo, { label, cancel: backToUser, carry });
  const action = (path: string, label: string, handler: Middleware) =>
    router.all(`/users/:id/${path}`, numericUserId, ...gates, postOnly, sudo(label), handler);

  router.all('/users/:id', numericUserId, ...gates, readOnly, showUser(administration.getUserDetails, services.listAccountActivity));
  action('grant-admin', 'make this user an administrator', userActions.setAdmin(administration.setUserAdmin, true));
  action('revoke-admin', 'take the administrator flag away', userActions.setAdmin(administration.setUserAdmin, false));
  action('lock', 'lock this account', userActions.lock(administration.lockUser));
  action('unlock', 'unlock this account', userActions.unlock(administration.unlockUser));
  action('send-password-reset', 'send a password reset link', userActions.sendPasswordReset(administration.sendPasswordReset));
  action('revoke-sessions', 'log this user out everywhere', userActions.revokeSessions(administration.revokeUserSessions));
  action('reset-two-factor', 'reset the two-factor login of this user', resetTwoFactor(administration.resetTwoFactor));
  router.all(
    '/users/:id/delete',
    numericUserId,
    ...gates,
    readOrPost,
    confirmDeletion(administration.getUserDetails),
    sudo('delete this account', ['confirm']),
    userActions.deleteUser(administration.deleteUser),
  );
}
