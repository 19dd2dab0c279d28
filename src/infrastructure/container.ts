import { join } from 'node:path';
import { Container } from 'inversify';
import type { Knex } from 'knex';
import type { Administration } from '../application/administration/administration.js';
import type { CreatePasswordResetLink } from '../application/links/create-password-reset-link.js';
import type { GetMailStatus } from '../application/mail/get-mail-status.js';
import type { ListUsers } from '../application/administration/list-users.js';
import type { Logger } from '../application/shared/ports/logger.js';
import type { ReadinessCheck } from '../application/shared/ports/readiness-check.js';
import type { SessionStorage } from '../application/shared/ports/session-storage.js';
import type { RetryFailedMail } from '../application/mail/retry-failed-mail.js';
import type { SetAdminFlag } from '../application/administration/set-admin-flag.js';
import { createApp } from '../web/app.js';
import { koaSessionStore } from '../web/shared/koa-session-store.js';
import type { AppServices, SessionStore } from '../web/services.js';
import { bindAccountSettings } from './composition/account-settings.js';
import { bindAdministration } from './administration/administration-module.js';
import { bindAudit } from './audit/audit-module.js';
import { ids } from './composition/ids.js';
import { bindLinkUseCases } from './links/links-module.js';
import { bindMail, mailLogger } from './mail/mail-module.js';
import { bindPasswords } from './shared/passwords/passwords-module.js';
import { bindPasskeys } from './passkeys/passkeys-module.js';
import { bindRememberMe } from './devices/devices-module.js';
import { bindDatabase, bindStorage } from './shared/storage-module.js';
import { bindTwoFactor } from './two-factor/two-factor-module.js';
import { bindUseCases } from './accounts/accounts-module.js';
import type { Config } from './config.js';
import { assembleGatehouse, type Gatehouse } from './gatehouse.js';
import { BacklogWatch } from './mail/backlog-watch.js';
import { startDeliveryLoop } from './mail/delivery-loop.js';
import { isOutage } from './outage.js';
import { projectRoot } from './project-root.js';
import { systemClock } from './shared/system-clock.js';

/** The service identifiers; the only names by which anything is bound. */
export { ids };

/**
 * What `npm start` and `npm run cli` run, wired from one configuration; `logger`
 * receives the web app's lines and the background errors. Nothing opens until used.
 */
export function composeGatehouse(config: Config, logger: Logger): Gatehouse {
  return createContainer(config, logger).get(ids.gatehouse);
}

/**
 * The composition root: the one place that names concrete adapters (with the binders
 * of ./composition/, one per part of the app). Use cases are plain classes, bound with
 * factories, so no decorator reaches the inner layers. Singletons, resolved on first use.
 */
export function createContainer(config: Config, logger: Logger): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  bindDatabase(container, config);
  bindPasswords(container, config);
  const redis = bindStorage(container, config, logger);
  bindAudit(container, logger);
  bindUseCases(container, config, logger);
  bindAccountSettings(container, config);
  bindRememberMe(container, config);
  bindPasskeys(container, config);
  bindMail(container, config, logger);
  bindLinkUseCases(container, config, logger);
  bindAdministration(container, config);
  bindTwoFactor(container, config, logger);
  container
    .bind(ids.sessionStore)
    .toResolvedValue((storage: SessionStorage) => koaSessionStore(storage, config.sessionLifetime), [ids.sessionStorage]);
  container
    .bind(ids.app)
    .toResolvedValue(
      (services: AppServices, sessionStore: SessionStore, readinessChecks: readonly ReadinessCheck[]) =>
        createApp(services, {
          sessionKeys: config.session.keys,
          production: config.production,
          viewsDir: join(projectRoot(), 'views'),
          trustedOrigins: config.trustedOrigins,
          proxyHops: config.proxyHops,
          sessionStore,
          sessionMaxAgeMs: config.sessionLifetime.absoluteMs,
          // Secure, `__Host-` cookie: production runs behind TLS.
          secureCookies: config.sessionCookieSecure,
          logger,
          readinessChecks,
          isOutage,
        }),
      [ids.services, ids.sessionStore, ids.readinessChecks],
    );

  container.bind(ids.gatehouse).toResolvedValue(
    (
      db: Knex,
      setAdminFlag: SetAdminFlag,
      mailStatus: GetMailStatus,
      retryFailedMail: RetryFailedMail,
      createPasswordResetLink: CreatePasswordResetLink,
      listUsers: ListUsers,
      administration: Administration,
    ) =>
      assembleGatehouse({
        db,
        setAdminFlag,
        mailStatus,
        retryFailedMail,
        createPasswordResetLink,
        listUsers,
        administration,
        rekeyTotpSecrets: () => container.get(ids.rekeyTotpSecrets),
        app: () => container.get(ids.app),
        startMailDelivery: () =>
          startDeliveryLoop(
            container.get(ids.deliverMail),
            new BacklogWatch(mailStatus, systemClock, mailLogger(logger)),
            mailLogger(logger),
          ),
        sessionStorage: () => container.get(ids.sessionStorage),
        oneTimeTokens: () => container.get(ids.oneTimeTokens),
        rememberTokens: () => container.get(ids.rememberTokens),
        requestPasswordReset: () => container.get(ids.requestPasswordReset),
        auditEvents: () => container.get(ids.auditEvents),
        auditRetentionMs: config.audit.retentionMs,
        securityEvents: () => container.get(ids.securityEvents),
        redis: config.redisUrl ? { name: 'redis', close: () => redis.quitIfOpened() } : null,
        logger,
      }),
    [
      ids.database,
      ids.setAdminFlag,
      ids.mailStatus,
      ids.retryFailedMail,
      ids.createPasswordResetLink,
      ids.listUsers,
      ids.administration,
    ],
  );
  return container;
}
