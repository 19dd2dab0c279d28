import { message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import { loginRequired } from '../shared/gates.js';
import { isLoggedIn } from '../shared/passport.js';
import { postOnly } from '../shared/post-only.js';
import { sudoConfirmedAt, sudoRequired } from '../shared/sudo-required.js';
import type { WebFeature } from '../shared/web-feature.js';
import * as link from './provider-link-controller.js';
import * as login from './provider-login-controller.js';
import type { ProviderServices } from './provider-services.js';

/** The pages that offer the providers: their buttons, and the account page's section. */
const PAGES = new Set(['/login', '/signup', '/account']);

/**
 * The sign-in providers' routes: `/auth/<name>` and its callback, the account's page of
 * linked providers, its link (sudo mode) and unlink forms; and the "Continue with <label>"
 * buttons on /login and /signup. With no provider configured it mounts nothing and adds
 * nothing to any page.
 */
export function providersWeb(services: ProviderServices): WebFeature {
  const configured = services.providers.length > 0;
  return {
    name: 'providers',
    ...(configured && {
      middleware: (): Middleware => async (ctx, next) => {
        // The buttons (views/providers/buttons.pug) and the account page's section read it.
        if (PAGES.has(ctx.path)) ctx.state.signInProviders = services.providers;
        // The password page of sudo mode (views/shared/sudo.pug) offers a fresh sign-in instead.
        if (isLoggedIn(ctx)) ctx.state.sudoProviders = services.providers;
        if (ctx.path === '/account' && ctx.method === 'GET' && isLoggedIn(ctx)) await notePasswordless(ctx, services);
        return next();
      },
    }),
    routes(router, kit) {
      if (!configured) return;
      router.get('/auth/:name', login.startLogin(services));
      router.get('/auth/:name/callback', kit.withPassport, login.callback(services, kit.loginHooks));
      router.get('/account/providers', loginRequired, link.showProviders(services));
      const sudo = sudoRequired(services.confirmSudo, {
        label: message('providers:sudo.linkProvider'),
        cancel: () => '/account/providers',
        carry: ['provider'],
        admin: false,
      });
      router.all('/account/providers/link', loginRequired, postOnly, sudo, link.startLink(services));
      router.all('/auth/:name/confirm', loginRequired, postOnly, link.startConfirm(services));
      router.all('/account/providers/unlink', loginRequired, postOnly, link.unlink(services));
    },
  };
}

/**
 * For an account without a password, the account page's forms ask for no current
 * password (views/accounts/account.pug): they offer "Confirm with <label>" for each linked
 * provider instead, unless the session is in sudo mode already.
 */
async function notePasswordless(ctx: Context, services: ProviderServices): Promise<void> {
  const listed = await services.list.execute({ userId: ctx.state.user.id });
  if (listed.kind !== 'ok' || !listed.passwordless) return;
  const fresh = services.confirmSudo.isFresh(sudoConfirmedAt(ctx));
  ctx.state.passwordless = {
    confirmWith: fresh ? [] : listed.linked.map(({ provider, label }) => ({ name: provider, label })),
  };
}
