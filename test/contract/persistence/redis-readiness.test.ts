import { expect } from 'chai';
import { Redis } from 'ioredis';
import { redisReadiness } from '../../../src/infrastructure/redis-readiness.js';
import { redisAnswers, connectTestRedis } from '../../support/redis.js';
import { requireServer } from '../../support/servers.js';
import { browser, buildTestApp } from '../../support/test-app.js';

describe('GET /readyz with Redis', () => {
  before(async function () {
    await requireServer(this, 'Redis', redisAnswers);
  });

  it('answers 200 while Redis answers PING', async () => {
    const redis = connectTestRedis();
    try {
      const { app } = buildTestApp({ options: { readinessChecks: [redisReadiness(redis)] } });
      const response = await browser(app).get('/readyz').expect(200);
      expect(response.body.checks).to.deep.equal({ redis: 'ok' });
    } finally {
      redis.disconnect();
    }
  });

  it('answers 503 when Redis cannot be reached', async () => {
    // Port 1 on this machine: nothing listens, so every connection attempt is refused.
    const redis = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, retryStrategy: () => 50 });
    redis.on('error', () => {});
    try {
      const { app } = buildTestApp({ options: { readinessChecks: [redisReadiness(redis)] } });
      const response = await browser(app).get('/readyz').expect(503);
      expect(response.body.checks).to.deep.equal({ redis: 'unavailable' });
    } finally {
      redis.disconnect();
    }
  });
});
