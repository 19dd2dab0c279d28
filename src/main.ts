import { join } from 'node:path';
import type { Knex } from 'knex';
import { ConfigError, loadConfig } from './infrastructure/config.js';
import { appServices, createContainer, ids } from './infrastructure/container.js';
import { startHttpServer } from './infrastructure/http-server.js';
import { createLogger } from './infrastructure/logging/create-logger.js';
import { isOutage } from './infrastructure/outage.js';
import { migrateToLatest } from './infrastructure/persistence/database.js';
import { databaseReadiness } from './infrastructure/persistence/database-readiness.js';
import { projectRoot } from './infrastructure/project-root.js';
import { redisReadiness } from './infrastructure/redis-readiness.js';
import { schedulePurge } from './infrastructure/sessions/purge-schedule.js';
import { shutDownOnSignals } from './infrastructure/shutdown.js';
import { isWorker, shouldSuperviseWorkers, superviseWorkers } from './infrastructure/workers.js';
import { createApp } from './web/app.js';

/** Entry point of `npm start`: configuration, migrations, then the HTTP server. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { stdoutIsTty: process.stdout.isTTY });
  } catch (error) {
    // One line, before anything listens: the variable and what is wrong with it.
    console.error(error instanceof ConfigError ? `Invalid configuration: ${error.message}` : error);
    process.exit(1);
  }
  const logger = createLogger(config.log);
  // Lines go out in batches (create-logger.ts): whatever ends the process, the last batch is written.
  process.once('exit', () => logger.flushSync());
  try {
    if (config.session.generatedKeys) {
      logger.warn({}, 'SESSION_KEYS is not set: using a random key, so sessions end when the process restarts');
    }
    const container = createContainer(config);
    const db: Knex = container.get(ids.database);
    // With WEB_CONCURRENCY > 1 the primary migrates once, then only forks workers.
    if (!isWorker()) await migrateToLatest(db);
    if (config.sessionCookieSecure && config.proxyHops === 0 && !isWorker()) {
      logger.warn({}, 'Secure session cookies need HTTPS: behind a TLS proxy set TRUST_PROXY, else SESSION_COOKIE_SECURE=false');
    }
    if (shouldSuperviseWorkers(config.webConcurrency)) {
      await db.destroy();
      // Every worker must sign with the same keys, including a generated one.
      const env = { SESSION_KEYS: config.session.keys.join(',') };
      superviseWorkers(config.webConcurrency, env, logger, (code) => process.exit(code));
      return;
    }

    const redis = config.redisUrl ? container.get(ids.redis) : null;
    // Without a listener ioredis prints each failed reconnect; log it instead, and stay up.
    redis?.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'));

    const app = createApp(appServices(container), {
      sessionKeys: config.session.keys,
      production: config.production,
      viewsDir: join(projectRoot(), 'views'),
      trustedOrigins: config.trustedOrigins,
      proxyHops: config.proxyHops,
      sessionStore: container.get(ids.sessionStore),
      sessionMaxAgeMs: config.sessionLifetime.absoluteMs,
      // Production runs behind TLS: Secure, `__Host-` cookie (see README, proxies).
      secureCookies: config.sessionCookieSecure,
      logger,
      readinessChecks: [databaseReadiness(db), ...(redis ? [redisReadiness(redis)] : [])],
      isOutage,
    });
    const server = await startHttpServer(app.callback(), config.http);
    logger.info({ host: config.http.host, port: server.port }, 'listening');
    // Whoever started the process may be waiting for this line.
    logger.flushSync();
    const stopPurge = schedulePurge(container.get(ids.sessionStorage), (error) =>
      logger.error({ err: error }, 'session purge failed'),
    );

    shutDownOnSignals({
      server,
      resources: [
        { name: 'session purge', close: async () => stopPurge() },
        { name: 'database', close: () => db.destroy() },
        // The throttle's Redis client, when throttling state lives in Redis.
        ...(config.redisUrl ? [{ name: 'redis', close: () => container.get(ids.redis).quit().then(() => {}) }] : []),
      ],
      timeoutMs: config.shutdownTimeoutMs,
      logger,
      exit: (code) => process.exit(code),
    });
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    process.exit(1);
  }
}

void main();
