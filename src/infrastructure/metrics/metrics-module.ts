import type { ContainerModule } from 'inversify';
import type { SecurityEvents } from '../../application/shared/ports/security-events.js';
import type { Config } from '../config.js';
import { mailIds } from '../mail/mail-ids.js';
import { resolverOf, typedModule } from '../shared/binding.js';
import { sharedIds } from '../shared/shared-ids.js';
import { isWorker } from '../workers.js';
import { scrapeThroughPrimary } from './cluster-scrape.js';
import { CountingSecurityEvents } from './counting-security-events.js';
import { metricsIds as ids } from './metrics-ids.js';
import { PrometheusMetrics } from './prometheus-metrics.js';
import { registerStateGauges } from './state-gauges.js';

/**
 * The metrics (METRICS=on): this process's series, the security events counted on their
 * way to the recorder, and what the web app reports to and serves at /metrics. On
 * stores in memory (tests) there is no pool or Redis to read. Loaded after every
 * feature, by the composition root.
 */
export function metricsModule(config: Config, storage: 'sql' | 'memory'): ContainerModule {
  return typedModule((provide, options) => {
    provide(ids.metrics, (get) => {
      const metrics = new PrometheusMetrics();
      const redis = storage === 'sql' && config.redisUrl ? get(sharedIds.redis) : null;
      registerStateGauges(metrics.registry, {
        mailStatus: get(mailIds.mailStatus),
        database: storage === 'sql' ? get(sharedIds.database) : null,
        redisStatus: redis ? () => redis.status() : null,
      });
      return metrics;
    });
    // Every use case, the web and the command line receive the recorder through this id.
    options.onActivation<SecurityEvents>(
      sharedIds.securityEvents,
      (context, events) => new CountingSecurityEvents(events, resolverOf(context)(ids.metrics)),
    );
    provide(ids.web, (get) => {
      const metrics = get(ids.metrics);
      return {
        token: config.metrics.token,
        requests: {
          observeRequest: (method, route, status, seconds) => metrics.observeRequest(method, route, status, seconds),
          // A worker's own series are a part: the primary gathers every worker's.
          scrape: isWorker() ? scrapeThroughPrimary(metrics.registry) : () => metrics.scrape(),
        },
      };
    });
  });
}
