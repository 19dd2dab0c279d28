import type { Knex } from 'knex';
import type { WebMetrics } from '../../web/shared/request-metrics.js';
import { serviceId } from '../shared/binding.js';
import type { PrometheusMetrics } from './prometheus-metrics.js';

const id = <T>(name: string) => serviceId<T>(`metrics.${name}`);

/** The service identifiers of the metrics (bound only with METRICS=on). */
export const metricsIds = {
  /** This process's series. */
  metrics: id<PrometheusMetrics>('Metrics'),
  /** What the web app reports to and serves at /metrics. */
  web: id<WebMetrics>('WebMetrics'),
  /** The database whose pool is read (stores on a database only). */
  database: id<Knex>('Database'),
  /** The Redis connection's state (stores on a database, with REDIS_URL). */
  redisStatus: id<() => string>('RedisStatus'),
};
