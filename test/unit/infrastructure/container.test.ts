import { expect } from 'chai';
import supertest from 'supertest';
import { createContainer, gatehouseOf } from '../../../src/infrastructure/container.js';
import { devicesIds } from '../../../src/infrastructure/devices/devices-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { resolverOf } from '../../../src/infrastructure/shared/binding.js';
import { loadConfig } from '../../../src/infrastructure/config.js';
import { closeAll } from '../../../src/infrastructure/gatehouse.js';
import { KnexRememberTokens } from '../../../src/infrastructure/devices/knex-remember-tokens.js';
import { KnexSessionStorage } from '../../../src/infrastructure/shared/sessions/knex-session-storage.js';
import { RedisSessionStorage } from '../../../src/infrastructure/shared/sessions/redis-session-storage.js';
import { KnexAttemptCounter } from '../../../src/infrastructure/shared/throttling/knex-attempt-counter.js';
import { RedisAttemptCounter } from '../../../src/infrastructure/shared/throttling/redis-attempt-counter.js';
import { silentLogger } from '../../../src/web/shared/logger.js';
import { buildGatehouseApp } from '../../support/gatehouse-app.js';
import { logInRemembered, withRememberCookie } from '../../support/devices/remember-client.js';
import { browser } from '../../support/test-app.js';
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
        expect(started.get(sharedIds.sessionStorage)).to.be.instanceOf(KnexSessionStorage);
        expect(started.get(sharedIds.attemptCounter)).to.be.instanceOf(KnexAttemptCounter);
        expect(started.get(devicesIds.rememberTokens)).to.be.instanceOf(KnexRememberTokens);
      } finally {
        await started.close();
      }
    });

    it('closes the expiry purge, waits for answered reset requests and their events, stops the mail delivery, then closes the database; no Redis', async () => {
      const gatehouse = gatehouseOf(createContainer(loadConfig(SQLITE), silentLogger));

      expect(gatehouse.resources.map((resource) => resource.name)).to.deep.equal([
        'expiry purge',
        'password reset requests',
        'login code requests',
        'security events',
        'mail delivery',
        'database',
      ]);
      await closeAll(gatehouse.resources);
    });
  });

  describe('PASSWORD_HASHER', () => {
    const hasherFor = (env: Record<string, string>) =>
      resolverOf(createContainer(loadConfig({ ...SQLITE, ...env }), silentLogger))(sharedIds.hasher);

    it('hashes with bcrypt at cost 10 by default', async () => {
      expect(await hasherFor({}).hash('a long secret')).to.match(/^\$2b\$10\$/);
    });

    it('hashes with argon2id and the ARGON2_* parameters when set to argon2id', async () => {
      const hasher = hasherFor({ PASSWORD_HASHER: 'argon2id', ARGON2_MEMORY_KIB: '2048', ARGON2_TIME_COST: '1' });
      expect(await hasher.hash('a long secret')).to.match(/^\$argon2id\$v=19\$m=2048,t=1,p=1\$/);
    });

    it('verifies a hash of either algorithm, whichever is configured, and asks to replace the other', async () => {
      const fast = { ARGON2_MEMORY_KIB: '2048', ARGON2_TIME_COST: '1' };
      const bcrypt = hasherFor(fast);
      const argon2id = hasherFor({ ...fast, PASSWORD_HASHER: 'argon2id' });
      const [bcryptHash, argon2idHash] = [await bcrypt.hash('a long secret'), await argon2id.hash('a long secret')];

      for (const hasher of [bcrypt, argon2id]) {
        expect(await hasher.verify('a long secret', bcryptHash)).to.equal(true);
        expect(await hasher.verify('a long secret', argon2idHash)).to.equal(true);
      }
      expect([bcrypt.needsRehash(bcryptHash), bcrypt.needsRehash(argon2idHash)]).to.deep.equal([false, true]);
      expect([argon2id.needsRehash(bcryptHash), argon2id.needsRehash(argon2idHash)]).to.deep.equal([true, false]);
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
        expect(started.get(sharedIds.sessionStorage)).to.be.instanceOf(RedisSessionStorage);
        expect(started.get(sharedIds.attemptCounter)).to.be.instanceOf(RedisAttemptCounter);
      } finally {
        await started.close();
      }
    });

    it('keeps remembered devices in the database, durable credentials: one logs in again once its session is gone from Redis', async () => {
      const started = await buildGatehouseApp(env);
      try {
        expect(started.get(devicesIds.rememberTokens)).to.be.instanceOf(KnexRememberTokens);
        const ada = { email: 'ada@example.com', password: 'analytical engine' };
        await browser(started.app).post('/signup').type('form').send(ada).expect(302);
        const { cookie } = await logInRemembered(started.app, ada);
        await started.get(sharedIds.sessionStorage).destroyAllOfUser(1);

        await withRememberCookie(started.app, cookie).expect(200);
      } finally {
        await started.close();
      }
    });

    it('closes the expiry purge, waits for answered reset requests and their events, stops the mail delivery, closes the database, then Redis', async () => {
      const started = await buildGatehouseApp(env);

      expect(started.gatehouse.resources.map((resource) => resource.name)).to.deep.equal([
        'expiry purge',
        'password reset requests',
        'login code requests',
        'security events',
        'mail delivery',
        'database',
        'redis',
      ]);
      await started.close();
    });
  });
});
