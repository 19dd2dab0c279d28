import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import supertest from 'supertest';
import { type AppProcess, startApp } from '../support/app-process.js';
import { deleteRedisKeys, redisAnswers, connectTestRedis, uniqueRedisPrefix } from '../support/redis.js';
import { requireServer } from '../support/servers.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const ADA = { email: 'ada@example.com', password: 'analytical engine' };

describe('a Redis outage (sessions in Redis behind a proxy the test cuts)', () => {
  let dir: string;
  let proxy: TcpProxy;
  let app: AppProcess & { port: number };
  const prefix = uniqueRedisPrefix();

  before(async function () {
    await requireServer(this, 'Redis', redisAnswers);
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-redis-outage-'));
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 6379 });
    app = await startApp({
      DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`,
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_KEY_PREFIX: prefix,
    });
  });

  after(async () => {
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGKILL');
      await app.exited;
    }
    await proxy?.close();
    const redis = connectTestRedis();
    await deleteRedisKeys(redis, prefix);
    redis.disconnect();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const [label, fail] of [
    ['refused', (p: TcpProxy) => p.cut()],
    ['silent', (p: TcpProxy) => p.stall()],
  ] as const) {
    it(`answers 503 while Redis is ${label} and recovers without a restart`, async () => {
      const client = supertest.agent(`http://127.0.0.1:${app.port}`);
      await client.post('/signup').type('form').send(ADA);
      await client.post('/login').type('form').send(ADA).expect(302).expect('Location', '/');
      await client.get('/users/profile').expect(200);

      fail(proxy);

      const profile = await client.get('/users/profile').expect(503);
      expect(profile.text).to.include('temporarily unavailable');
      const ready = await client.get('/readyz').expect(503);
      expect(ready.body.checks).to.deep.equal({ database: 'ok', redis: 'unavailable' });
      expect(app.child.exitCode).to.equal(null);

      proxy.restore();

      await waitUntilReady(client);
      await client.get('/users/profile').expect(200);
    });
  }

  it('answers at once while Redis refuses connections, and is back within a second of Redis', async () => {
    const client = supertest.agent(`http://127.0.0.1:${app.port}`);
    await client.post('/login').type('form').send(ADA).expect(302).expect('Location', '/');
    await client.get('/users/profile').expect(200);

    proxy.cut();
    // Each answer took 2 s and more when commands waited for reconnection attempts.
    for (let n = 0; n < 5; n += 1) {
      const { elapsedMs } = await timed(() => client.get('/users/profile').expect(503));
      expect(elapsedMs).to.be.below(500);
      await sleep(200);
    }

    proxy.restore();
    // It took 5.4 s when reconnection attempts came further and further apart.
    const { elapsedMs } = await timed(() => untilOk(() => client.get('/users/profile')));
    expect(elapsedMs).to.be.below(1500);
  });
});

/** Runs `work` and says how long it took. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; elapsedMs: number }> {
  const started = performance.now();
  const result = await work();
  return { result, elapsedMs: performance.now() - started };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Repeats a request every 50 ms until it answers 200. */
async function untilOk(request: () => PromiseLike<{ status: number }>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await request()).status === 200) return;
    await sleep(50);
  }
  throw new Error('no 200 within 10 s');
}

/** ioredis reconnects on its own schedule; readiness says when it is back. */
async function waitUntilReady(client: ReturnType<typeof supertest.agent>): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if ((await client.get('/readyz')).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not ready again after Redis came back');
}
