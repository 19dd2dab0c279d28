import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { InMemoryAttemptCounter } from '../../../src/infrastructure/shared/throttling/in-memory-attempt-counter.js';
import { KnexAttemptCounter } from '../../../src/infrastructure/shared/throttling/knex-attempt-counter.js';
import { RedisAttemptCounter } from '../../../src/infrastructure/shared/throttling/redis-attempt-counter.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { deleteRedisKeys, uniqueRedisPrefix, useTestRedis } from '../../support/redis.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
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

  for (const server of SQL_SERVERS) {
    describe(`KnexAttemptCounter on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      attemptCounterContract(async () => {
        await db()('attempt_counters').truncate();
        return { counter: new KnexAttemptCounter(db()), close: async () => {} };
      });
    });
  }

  describe('RedisAttemptCounter', () => {
    const redis = useTestRedis();

    attemptCounterContract(async () => {
      const prefix = uniqueRedisPrefix();
      return { counter: new RedisAttemptCounter(redis(), prefix), close: () => deleteRedisKeys(redis(), prefix) };
    });
  });
});
