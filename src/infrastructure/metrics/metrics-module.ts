import type { SecurityEvents } from '../../application/shared/ports/security-events.js';
import { mailIds } from '../mail/mail-ids.js';
import { resolverOf, typedModule } from '../shared/binding.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds } from '../shared/shared-ids.js';
import { isWorker } from '../workers.js';
import { scrapeThroughPrimary } from './cluster-scrape.js';
import { CountingSecurityEvents } from './counting-security-events.js';
import { metricsIds as ids } from './metrics-ids.js';
import { PrometheusMetrics } from './prometheus-metrics.js';
import { registerStateGauges } from './state-gauges.js';

/**
 * The metrics, with METRICS=on (otherwise it binds nothing): this process's series, the
 * security events counted on their way to the recorder, and what the web app reports
 * to and serves at /metrics. On a database it reads the pool, and Redis's state when
 * REDIS_URL is set; in memory (tests) there is neither.
 */
export const metrics: Feature = {
  name: 'metrics',
  module: (config) =>
    typedModule((provide, options) => {
      if (!config.metrics.enabled) return;
      provide(ids.metrics, (get) => {
        const prometheus = new PrometheusMetrics();
        registerStateGauges(prometheus.registry, {
          mailStatus: get(mailIds.mailStatus),
          database: get.all(ids.database)[0] ?? null,
          redisStatus: get.all(ids.redisStatus)[0] ?? null,
        });
        return prometheus;
      });
      // Every use case, the web and the command line receive the recorder through this id.
      options.onActivation<SecurityEvents>(
        sharedIds.securityEvents,
        (context, events) => new CountingSecurityEvents(events, resolverOf(context)(ids.metrics)),
      );
      provide(ids.web, (get) => {
        const prometheus = get(ids.metrics);
        return {
          token: config.metrics.token,
          requests: {
            observeRequest: (method, route, status, seconds) => prometheus.observeRequest(method, route, status, seconds),
            // A worker's own series are a part: the primary gathers every worker's.
            scrape: isWorker() ? scrapeThroughPrimary(prometheus.registry) : () => prometheus.scrape(),
          },
        };
      });
    }),
  storage: {
    sql: (config) =>
      typedModule((provide) => {
        if (!config.metrics.enabled) return;
        provide(ids.database, (get) => get(sharedIds.database));
        if (config.redisUrl) {
          provide(ids.redisStatus, (get) => {
            const redis = get(sharedIds.redis);
            return () => redis.status();
          });
        }
      }),
    memory: () => typedModule(() => {}),
  },
};
