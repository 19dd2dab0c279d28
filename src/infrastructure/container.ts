import { join } from 'node:path';
import { Container } from 'inversify';
import type { Logger } from '../application/shared/ports/logger.js';
import { createApp } from '../web/app.js';
import { koaSessionStore } from '../web/shared/koa-session-store.js';
import { accounts } from './accounts/accounts-module.js';
import { accountsIds } from './accounts/accounts-ids.js';
import { administrationIds } from './administration/administration-ids.js';
import { administration } from './administration/administration-module.js';
import { auditIds } from './audit/audit-ids.js';
import { audit } from './audit/audit-module.js';
import type { Config } from './config.js';
import { devices } from './devices/devices-module.js';
import { assembleGatehouse, type Gatehouse } from './gatehouse.js';
import { linksIds } from './links/links-ids.js';
import { links } from './links/links-module.js';
import { BacklogWatch } from './mail/backlog-watch.js';
import { startDeliveryLoop } from './mail/delivery-loop.js';
import { mailIds } from './mail/mail-ids.js';
import { mail, mailLogger } from './mail/mail-module.js';
import { metricsIds } from './metrics/metrics-ids.js';
import { metrics } from './metrics/metrics-module.js';
import { isOutage } from './outage.js';
import { passkeys } from './passkeys/passkeys-module.js';
import { providers } from './providers/providers-module.js';
import { providerOrigins } from './providers/providers-config.js';
import { projectRoot } from './project-root.js';
import { resolverOf, typedModule } from './shared/binding.js';
import type { Feature } from './shared/feature.js';
import { sharedIds } from './shared/shared-ids.js';
import { shared } from './shared/shared-module.js';
import { systemClock } from './shared/system-clock.js';
import { twoFactorIds } from './two-factor/two-factor-ids.js';
import { twoFactor } from './two-factor/two-factor-module.js';

/**
 * Every feature of the app, each a folder in every layer. The order is the order their
 * routes are mounted and their middleware and login hooks run. Removing a feature is
 * removing its folders, its tests and its line here.
 */
export const FEATURES: readonly Feature[] = [
  shared,
  mail,
  audit,
  links,
  accounts,
  devices,
  twoFactor,
  passkeys,
  providers,
  administration,
  metrics,
];

/** Where the features' stores live: the app's database (production), or process memory (tests). */
export type StorageKind = 'sql' | 'memory';

/**
 * What `npm start` and `npm run cli` run, wired from one configuration; `logger`
 * receives the web app's lines and the background errors. Nothing opens until used.
 */
export function composeGatehouse(config: Config, logger: Logger): Gatehouse {
  return gatehouseOf(createContainer(config, logger));
}

/**
 * The composition root: every feature's module with its stores, and the web app and the
 * process built on them. The one place, with the feature modules it loads, that names
 * concrete adapters. Use cases are plain classes, bound with factories, so no decorator
 * reaches the inner layers. Singletons, resolved on first use.
 */
export function createContainer(config: Config, logger: Logger, storage: StorageKind = 'sql'): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(sharedIds.logger).toConstantValue(logger);
  container.bind(sharedIds.clock).toConstantValue(systemClock);
  container.bind(sharedIds.sessionClock).toConstantValue(systemClock);
  for (const feature of FEATURES) container.load(feature.module(config), feature.storage[storage](config));
  container.load(
    typedModule((provide) => {
      provide(sharedIds.sessionStore, (get) =>
        koaSessionStore(get(sharedIds.sessionStorage), config.sessionLifetime, () => get(sharedIds.sessionClock).now()),
      );
      provide(sharedIds.app, (get) =>
        createApp(
          {
            sessionKeys: config.session.keys,
            production: config.production,
            formActionOrigins: providerOrigins(config.providers),
            viewsDir: join(projectRoot(), 'views'),
            trustedOrigins: config.trustedOrigins,
            proxyHops: config.proxyHops,
            sessionStore: get(sharedIds.sessionStore),
            sessionMaxAgeMs: config.sessionLifetime.absoluteMs,
            // Secure, `__Host-` cookie: production runs behind TLS.
            secureCookies: config.sessionCookieSecure,
            logger,
            readinessChecks: get.all(sharedIds.readinessChecks),
            isOutage,
            securityEvents: get(sharedIds.securityEvents),
            passwordLimits: get(sharedIds.passwordLimits),
            translations: get(sharedIds.translations),
            // METRICS=on: every request measured, and /metrics.
            ...(config.metrics.enabled && { metrics: get(metricsIds.web) }),
          },
          get.all(sharedIds.webFeatures),
        ),
      );
    }),
  );
  return container;
}

/** The process's parts, as `npm start` and `npm run cli` use them, from a composed container. */
export function gatehouseOf(container: Container): Gatehouse {
  const get = resolverOf(container);
  const logger = get(sharedIds.logger);
  const redis = container.isBound(sharedIds.redis) ? get(sharedIds.redis) : null;
  return assembleGatehouse({
    db: get(sharedIds.database),
    mailStatus: get(mailIds.mailStatus),
    retryFailedMail: get(mailIds.retryFailedMail),
    createPasswordResetLink: get(linksIds.createPasswordResetLink),
    listUsers: get(administrationIds.listUsers),
    administration: get(administrationIds.administration),
    exportPersonalData: get(accountsIds.exportPersonalData),
    exportAdminTrail: get(auditIds.exportAdminTrail),
    rekeyTotpSecrets: () => get(twoFactorIds.rekeyTotpSecrets),
    app: () => get(sharedIds.app),
    startMailDelivery: () =>
      startDeliveryLoop(
        get(mailIds.deliverMail),
        new BacklogWatch(get(mailIds.mailStatus), systemClock, mailLogger(logger)),
        mailLogger(logger),
      ),
    purgeTargets: () => get.all(sharedIds.purgeTargets),
    requestPasswordReset: () => get(linksIds.requestPasswordReset),
    requestLoginCode: () => get(accountsIds.requestLoginCode),
    securityEvents: () => get(sharedIds.securityEvents),
    redis: redis ? { name: 'redis', close: () => redis.quitIfOpened() } : null,
    logger,
  });
}
