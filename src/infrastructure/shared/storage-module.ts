import { createRequire } from 'node:module';
import type { Container } from 'inversify';
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { Logger } from '../../application/shared/ports/logger.js';
import type { Config } from '../config.js';
import { databaseReadiness } from '../persistence/database-readiness.js';
import { redisReadiness } from '../redis-readiness.js';
import { KnexSessionStorage } from './sessions/knex-session-storage.js';
import { RedisSessionStorage } from './sessions/redis-session-storage.js';
import { KnexAttemptCounter } from './throttling/knex-attempt-counter.js';
import { RedisAttemptCounter } from './throttling/redis-attempt-counter.js';
import { KnexOneTimeTokens } from '../links/knex-one-time-tokens.js';
import { KnexRememberTokens } from '../devices/knex-remember-tokens.js';
import { KnexTransactions } from './knex-transactions.js';
import { KnexUserRepository } from './users/knex-user-repository.js';
import { openDatabase } from '../persistence/database.js';
import { ids } from '../composition/ids.js';

const require = createRequire(import.meta.url);

/**
 * Sessions and throttling state live in Redis when REDIS_URL is set, else in the app's
 * own database. Returns how to quit the Redis client, which exists only once used.
 * ioredis is loaded only then: a process without Redis does not carry it.
 */
export function bindStorage(container: Container, config: Config, logger: Logger): { quitIfOpened(): Promise<void> } {
  const { redisUrl, redisKeyPrefix } = config;
  let opened: Redis | null = null;
  if (redisUrl) {
    container.bind(ids.redis).toResolvedValue(() => {
      // An outage fails a command after two reconnect attempts, and a silent server after
      // 2 s, so a page answers 503 quickly instead of waiting on Redis.
      const { Redis: RedisClient } = require('ioredis') as typeof IoRedis;
      opened = new RedisClient(redisUrl, { maxRetriesPerRequest: 2, commandTimeout: 2000 });
      // Without a listener ioredis prints each failed reconnect; log it instead, and stay up.
      opened.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'));
      return opened;
    });
    container
      .bind(ids.attemptCounter)
      .toResolvedValue((redis: Redis) => new RedisAttemptCounter(redis, `${redisKeyPrefix}throttle:`), [ids.redis]);
    container
      .bind(ids.sessionStorage)
      .toResolvedValue((redis: Redis) => new RedisSessionStorage(redis, redisKeyPrefix), [ids.redis]);
    container
      .bind(ids.readinessChecks)
      .toResolvedValue((db: Knex, redis: Redis) => [databaseReadiness(db), redisReadiness(redis)], [ids.database, ids.redis]);
  } else {
    container.bind(ids.attemptCounter).toResolvedValue((db: Knex) => new KnexAttemptCounter(db), [ids.database]);
    container.bind(ids.sessionStorage).toResolvedValue((db: Knex) => new KnexSessionStorage(db), [ids.database]);
    container.bind(ids.readinessChecks).toResolvedValue((db: Knex) => [databaseReadiness(db)], [ids.database]);
  }
  return {
    async quitIfOpened() {
      await opened?.quit();
    },
  };
}

/**
 * The app's own database, and what always lives there: users, link tokens, remembered
 * devices (credentials, kept in SQL also when sessions are in Redis), and the
 * transactions that change an account together with its queued message.
 */
export function bindDatabase(container: Container, config: Config): void {
  container.bind(ids.database).toResolvedValue(() => openDatabase(config.database));
  container.bind(ids.users).toResolvedValue((db: Knex) => new KnexUserRepository(db), [ids.database]);
  container.bind(ids.oneTimeTokens).toResolvedValue((db: Knex) => new KnexOneTimeTokens(db), [ids.database]);
  container.bind(ids.rememberTokens).toResolvedValue((db: Knex) => new KnexRememberTokens(db), [ids.database]);
  container.bind(ids.transactions).toResolvedValue((db: Knex) => new KnexTransactions(db), [ids.database]);
}
