import type { Redis } from 'ioredis';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { InMemoryAttemptCounter } from '../../src/infrastructure/throttling/in-memory-attempt-counter.js';
import { KnexAttemptCounter } from '../../src/infrastructure/throttling/knex-attempt-counter.js';
import { RedisAttemptCounter } from '../../src/infrastructure/throttling/redis-attempt-counter.js';
import { useMigratedMysqlDatabase } from '../support/mysql-suite.js';
import { deleteRedisKeys, redisAnswers, connectTestRedis, uniqueRedisPrefix } from '../support/redis.js';
import { requireServer } from '../support/servers.js';
import { attemptCounterContract } from './attempt-counter.contract.js';

describe('AttemptCounter contract', () => {
  describe('InMemoryAttemptCounter', () => {
    attemptCounterContract(async () => ({ counter: new InMemoryAttemptCounter(), close: async () => {} }));
  });

  describe('KnexAttemptCounter on SQLite', () => {
    attemptCounterContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { counter: new KnexAttemptCounter(db), close: () => db.destroy() };
    });
  });

  describe('KnexAttemptCounter on MySQL', () => {
    const db = useMigratedMysqlDatabase();

    attemptCounterContract(async () => {
      await db()('attempt_counters').truncate();
      return { counter: new KnexAttemptCounter(db()), close: async () => {} };
    });
  });

  describe('RedisAttemptCounter', () => {
    let redis: Redis;

    before(async function () {
      await requireServer(this, 'Redis', redisAnswers);
      redis = connectTestRedis();
      await redis.connect();
    });
    after(async () => {
      await redis?.quit();
    });

    attemptCounterContract(async () => {
      const prefix = uniqueRedisPrefix();
      return { counter: new RedisAttemptCounter(redis, prefix), close: () => deleteRedisKeys(redis, prefix) };
    });
  });
});
