import { expect } from 'chai';
import supertest from 'supertest';
import { createContainer, ids } from '../../../src/infrastructure/container.js';
import { loadConfig } from '../../../src/infrastructure/config.js';
import { closeAll } from '../../../src/infrastructure/gatehouse.js';
import { KnexSessionStorage } from '../../../src/infrastructure/sessions/knex-session-storage.js';
import { RedisSessionStorage } from '../../../src/infrastructure/sessions/redis-session-storage.js';
import { KnexAttemptCounter } from '../../../src/infrastructure/throttling/knex-attempt-counter.js';
import { RedisAttemptCounter } from '../../../src/infrastructure/throttling/redis-attempt-counter.js';
import { silentLogger } from '../../../src/web/logger.js';
import { buildGatehouseApp } from '../../support/gatehouse-app.js';
import { TEST_REDIS_URL, uniqueRedisPrefix, useTestRedis } from '../../support/redis.js';

const SQLITE = { DATABASE_URL: 'sqlite::memory:', SESSION_KEYS: 'container-test-key' };

describe('the composition root (createContainer)', () => {
  describe('on SQLite alone', () => {
    it('serves the app npm start serves, with /readyz asking the database', async () => {
      const started = await buildGatehouseApp(SQLITE);
      try {
        const ready = await supertest(started.app.callback()).get('/readyz');

        expect(ready.status).to.equal(200);
        expect(ready.body).to.deep.equal({ status: 'ok', checks: { database: 'ok' } });
      } finally {
        await started.close();
      }
    });

    it('keeps sessions and throttling state in the database', async () => {
      const started = await buildGatehouseApp(SQLITE);
      try {
        expect(started.container.get(ids.sessionStorage)).to.be.instanceOf(KnexSessionStorage);
        expect(started.container.get(ids.attemptCounter)).to.be.instanceOf(KnexAttemptCounter);
      } finally {
        await started.close();
      }
    });

    it('closes the session purge, then the database, and has no Redis to close', async () => {
      const gatehouse = createContainer(loadConfig(SQLITE), silentLogger).get(ids.gatehouse);

      expect(gatehouse.resources.map((resource) => resource.name)).to.deep.equal(['session purge', 'database']);
      await closeAll(gatehouse.resources);
    });
  });

  describe('with REDIS_URL', () => {
    const prefix = uniqueRedisPrefix();
    // Connects before the tests (skipped without a server outside CI) and deletes the prefix's keys after.
    useTestRedis(prefix);
    const env = { ...SQLITE, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };

    it('keeps sessions and throttling state in Redis, and /readyz asks Redis too', async () => {
      const started = await buildGatehouseApp(env);
      try {
        const ready = await supertest(started.app.callback()).get('/readyz');

        expect(ready.body).to.deep.equal({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
        expect(started.container.get(ids.sessionStorage)).to.be.instanceOf(RedisSessionStorage);
        expect(started.container.get(ids.attemptCounter)).to.be.instanceOf(RedisAttemptCounter);
      } finally {
        await started.close();
      }
    });

    it('closes the session purge, the database, then Redis', async () => {
      const started = await buildGatehouseApp(env);

      expect(started.gatehouse.resources.map((resource) => resource.name)).to.deep.equal([
        'session purge',
        'database',
        'redis',
      ]);
      await started.close();
    });
  });
});
