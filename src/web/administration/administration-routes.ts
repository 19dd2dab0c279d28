import { message, type Message } from '../shared/message.js';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { loginRequired } from '../shared/gates.js';
import { postOnly, readOrPost } from '../shared/post-only.js';
import { readOnly } from '../shared/read-only.js';
import { sudoRequired } from '../shared/sudo-required.js';
import { numericUserId } from '../shared/user-id-param.js';
import type { WebFeature } from '../shared/web-feature.js';
import { verifiedEmailRequired } from '../links/verified-email-gate.js';
import { adminRequired } from './admin-gate.js';
import { adminLinks } from './admin-links.js';
import { adminPage } from './admin-page.js';
import { adminTrail } from './admin-trail-controller.js';
import { adminSecondFactorRequired } from './admin-second-factor-gate.js';
import type { AdministrationServices } from './administration-services.js';
import { resetTwoFactor } from './reset-two-factor-controller.js';
import * as userActions from './user-actions-controller.js';
import { users } from './user-list-controller.js';
import { confirmDeletion, showUser } from './user-page-controller.js';

/**
 * /admin and /users with the specified gates in order (loginRequired, then
 * adminRequired), then EMAIL_VERIFICATION's and REQUIRE_2FA_FOR_ADMINS' gates behind
 * them; and /users/:id with its actions. On every page, the links to them for a user
 * who may open them.
 */
export function administrationWeb(services: AdministrationServices): WebFeature {
  return {
    name: 'administration',
    middleware: () => adminLinks(services.checkAdminAccess),
    routes(router) {
      const gates = [
        loginRequired,
        adminRequired(services.authorizeAdmin),
        verifiedEmailRequired(services.authorizeVerifiedEmail),
        // REQUIRE_2FA_FOR_ADMINS, last of an administration page's gates.
        adminSecondFactorRequired(services.authorizeSecondFactor),
      ];
      router.all('/admin', ...gates, readOnly, adminPage);
      router.all('/admin/audit', ...gates, readOnly, adminTrail(services.listAdminTrail));
      router.all('/users', ...gates, readOnly, users(services.listUsers));
      addUserPages(router, services, gates);
    },
  };
}

/**
 * `/users/:id` and its actions: only a numeric id matches them, before any gate (so
 * `/users/profile` is the profile's); then the gates of `/users`. Each action is a POST
 * behind sudo mode; deleting has a confirmation page first.
 */
function addUserPages(router: Router, services: AdministrationServices, gates: readonly Middleware[]): void {
  const backToUser = (ctx: Context) => `/users/${String(ctx.params.id)}`;
  const sudo = (label: Message, carry: readonly string[] = []) =>
    sudoRequired(services.confirmSudo, { label, cancel: backToUser, carry });
  const action = (path: string, label: Message, handler: Middleware) =>
    router.all(`/users/:id/${path}`, numericUserId, ...gates, postOnly, sudo(label), handler);

  router.all('/users/:id', numericUserId, ...gates, readOnly, showUser(services.getUserDetails, services.listAccountActivity));
  action('grant-admin', message('administration:sudo.makeUserAdministrator'), userActions.setAdmin(services.setUserAdmin, true));
  action('revoke-admin', message('administration:sudo.takeAdministratorFlagAway'), userActions.setAdmin(services.setUserAdmin, false));
  action('lock', message('administration:sudo.lockAccount'), userActions.lock(services.lockUser));
  action('unlock', message('administration:sudo.unlockAccount'), userActions.unlock(services.unlockUser));
  action('send-password-reset', message('administration:sudo.sendPasswordResetLink'), userActions.sendPasswordReset(services.sendPasswordReset));
  action('revoke-sessions', message('administration:sudo.logUserOutEverywhere'), userActions.revokeSessions(services.revokeUserSessions));
  action('reset-two-factor', message('administration:sudo.resetTwoFactorLogin'), resetTwoFactor(services.resetTwoFactor));
  router.all(
    '/users/:id/delete',
    numericUserId,
    ...gates,
    readOrPost,
    confirmDeletion(services.getUserDetails),
    sudo(message('administration:sudo.deleteAccount'), ['confirm']),
    userActions.deleteUser(services.deleteUser),
  );
}
