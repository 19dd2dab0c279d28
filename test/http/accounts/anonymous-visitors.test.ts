import { expect } from 'chai';
import type { Knex } from 'knex';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { KnexSessionStorage } from '../../../src/infrastructure/shared/sessions/knex-session-storage.js';
import { RedisSessionStorage } from '../../../src/infrastructure/shared/sessions/redis-session-storage.js';
import type { SessionStorage } from '../../../src/application/shared/ports/session-storage.js';
import { uniqueRedisPrefix, useTestRedis } from '../../support/redis.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';

/** Cookieless requests a bot could send by the thousand: gated pages, a logout, a failed login. */
async function floodAnonymously(storage: SessionStorage, count: number): Promise<void> {
  const { app } = buildTestApp({ sessions: { storage } });
  const paths = ['/special', '/users/profile', '/admin', '/users', '/logout'];
  for (let n = 0; n < count; n += 1) {
    await browser(app).get(paths[n % paths.length] ?? '/').expect(302);
  }
  await browser(app).post('/login').type('form').send({ email: 'nobody@example.com', password: 'guess' }).expect(302);
}

describe('anonymous visitors leave no state on the server', () => {
  it('1,000 cookieless requests leave no row in the Knex session store (SQLite)', async () => {
    const db: Knex = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
    try {
      await migrateToLatest(db);
      await floodAnonymously(new KnexSessionStorage(db), 1000);
      expect(await db('sessions').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
    } finally {
      await db.destroy();
    }
  });

  describe('in Redis', () => {
    const prefix = uniqueRedisPrefix();
    const redis = useTestRedis(prefix);

    it('1,000 cookieless requests leave no session key in Redis', async () => {
      await floodAnonymously(new RedisSessionStorage(redis(), prefix), 1000);
      expect(await redis().keys(`${prefix}*`)).to.deep.equal([]);
    });
  });

  it('still shows a visitor the gate’s message, from a short-lived signed cookie of its own', async () => {
    const client = browser(buildTestApp().app);
    const gated = await client.get('/special').expect(302);
    const cookie = ([] as string[]).concat(gated.headers['set-cookie'] ?? []).find((line) => line.startsWith('gatehouse.flash='));
    expect(cookie).to.match(/httponly/i).and.match(/max-age=300|expires=/i);

    const page = await client.get('/signup').expect(200);
    expect(flashOf(page.text, 'messageFailure')).to.equal('Must be signed up');
    const again = await client.get('/signup').expect(200);
    expect(flashOf(again.text, 'messageFailure')).to.equal(null);
  });

  it('ignores a flash cookie whose signature does not match', async () => {
    const client = browser(buildTestApp().app);
    const forged = Buffer.from(JSON.stringify({ messageFailure: 'Forged' })).toString('base64url');
    const page = await client.get('/login').set('Cookie', `gatehouse.flash=${forged}; gatehouse.flash.sig=AAAA`).expect(200);
    expect(page.text).not.to.include('Forged');
  });
});
