import { dirname, join } from 'node:path';
import Koa from 'koa';
import { BCRYPT_PASSWORD_LIMITS } from '../domain/shared/password-policy.js';
import { silentLogger } from './shared/logger.js';
import { crossOriginProtection } from './middleware/cross-origin-protection.js';
import { errorPages, statusPages } from './middleware/error-pages.js';
import { formBody } from './middleware/form-body.js';
import { jsonBody, jsonPathMatcher } from './middleware/json-body.js';
import { health } from './middleware/health.js';
import { metricsEndpoint } from './middleware/metrics-endpoint.js';
import { measureRequests } from './middleware/request-metrics.js';
import { noStore } from './middleware/no-store.js';
import { appErrorLogger, requestLog } from './middleware/request-log.js';
import { securityHeaders } from './middleware/security-headers.js';
import { chooseLocale, useSavedLocale } from './shared/locale.js';
import { mountLocaleSwitch } from './shared/locale-switch.js';
import { staticAssets } from './middleware/static-assets.js';
import { createPassport, restoreSessionUser } from './shared/passport.js';
import { createRouter } from './router.js';
import { rememberMeCookie } from './shared/remember-me-cookie.js';
import type { WebOptions } from './shared/web-options.js';
import { combineLoginHooks, type WebFeature, type WebKit } from './shared/web-feature.js';
import { sessions } from './shared/sessions.js';
import { SigningKeys } from './shared/signing-keys.js';
import { pageViews } from './shared/views.js';

/** Name of the session cookie (over TLS, `SECURE_SESSION_COOKIE`). */
export { SESSION_COOKIE } from './shared/sessions.js';

/** Largest form body accepted; the forms here are a few hundred bytes. */
const FORM_LIMIT = '16kb';

/** Largest JSON body accepted: a passkey's registration response is a few kilobytes. */
const JSON_LIMIT = '32kb';

/**
 * Builds the Koa application: the frame every request passes, and each feature's part
 * (its routes, its middleware, its hooks on logins), in the order given. It opens no
 * port and knows no container: the composition root hands it plain objects.
 */
export function createApp(options: WebOptions, features: readonly WebFeature[]): Koa {
  const proxyHops = options.proxyHops ?? 0;
  const app = new Koa({ proxy: proxyHops > 0, maxIpsCount: proxyHops });
  app.keys = new SigningKeys(options.sessionKeys);
  // Koa's way to give every context a property: `logSecurityEvent(ctx, …)` records through it.
  app.context.securityEvents = options.securityEvents;
  app.context.passwordLimits = options.passwordLimits ?? BCRYPT_PASSWORD_LIMITS;
  const passport = createPassport();
  const rememberCookie = rememberMeCookie(options);
  const kit: WebKit = {
    passport,
    withPassport: passport.initialize(),
    rememberCookie,
    loginHooks: combineLoginHooks(features, rememberCookie),
  };
  const router = createRouter(features, kit);
  mountLocaleSwitch(router, options.translations);
  // First, so that every later middleware (the error pages included) can render.
  app.use(pageViews(options.viewsDir, options.production));

  const logger = options.logger ?? silentLogger;
  // Errors that escape every middleware (a broken response stream, say): logged, not printed.
  app.silent = true;
  app.on('error', appErrorLogger(logger));

  app.use(requestLog(logger, { trustIncomingId: proxyHops > 0 }));
  const { metrics } = options;
  // Outside the error pages, so the status counted is the one sent.
  if (metrics) app.use(measureRequests(metrics.requests));
  app.use(securityHeaders({ production: options.production, formActionOrigins: options.formActionOrigins ?? [] }));
  // Before the error pages, which speak the request's language too.
  app.use(chooseLocale(options.translations));
  app.use(errorPages({ production: options.production, logger, isOutage: options.isOutage ?? (() => false) }));
  app.use(health(options.readinessChecks ?? []));
  if (metrics) app.use(metricsEndpoint(metrics));
  // Assets come before the session, so serving them never touches it.
  app.use(staticAssets(options.publicDir ?? join(dirname(options.viewsDir), 'public')));
  app.use(noStore);
  // Before the session and the body are read: a forged request touches neither.
  app.use(crossOriginProtection(options.trustedOrigins ?? []));
  for (const middleware of sessions(app, options)) app.use(middleware);
  // passport.initialize() runs on the routes that log in or out (routes.ts), and in a remembered login.
  app.use(restoreSessionUser());
  // A logged-in user's saved language, once the session's user is known.
  app.use(useSavedLocale);
  // Each feature's middleware, once the session's user is known: a visitor whose session
  // is gone but whose device is remembered is logged in again here.
  for (const feature of features) if (feature.middleware) app.use(feature.middleware(kit));
  // Inside the session and passport, so 404/405 pages and body errors (413, 415, 400)
  // know whether the visitor is logged in.
  app.use(statusPages());
  const form = formBody(FORM_LIMIT);
  const json = jsonBody(JSON_LIMIT);
  const isJsonPath = jsonPathMatcher(features.flatMap((feature) => feature.jsonPaths ?? []));
  // The routes a feature names post JSON (from the page's script: the passkey ceremonies); every other route a form.
  app.use((ctx, next) => (isJsonPath(ctx) ? json(ctx, next) : form(ctx, next)));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
