import { expect } from 'chai';
import type { Knex } from 'knex';
import { DEFAULT_THROTTLE_LIMITS } from '../../../src/application/shared/auth-throttle.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { buildGatehouseApp, type GatehouseApp } from '../../support/gatehouse-app.js';
import { browser } from '../../support/test-app.js';

const POSTS = 120;

/**
 * One client posting a new email each time: counted per client address and per email,
 * the email's count starts a row of its own. Past the address's limit the attempt is
 * refused before its email is counted, so the rows stop at the limit plus the address's own.
 */
describe('attempt counts of one client past its limit, on SQLite as npm start builds the app', () => {
  let built: GatehouseApp;
  const rows = async () => {
    const db: Knex = built.get(sharedIds.database);
    const [row] = await db('attempt_counters').count<{ count: number | string }[]>({ count: '*' });
    return Number(row?.count);
  };

  beforeEach(async () => {
    built = await buildGatehouseApp({ DATABASE_URL: 'sqlite::memory:' });
  });
  afterEach(async () => {
    await built.close();
  });

  it(`POST /password/forgot ${POSTS} times with new addresses leaves ${DEFAULT_THROTTLE_LIMITS.passwordResetsPerAddress} + 1 rows`, async () => {
    for (let n = 0; n < POSTS; n++) {
      await browser(built.app).post('/password/forgot').type('form').send({ email: `nobody-${n}@example.com` }).expect(302);
    }
    expect(await rows()).to.equal(DEFAULT_THROTTLE_LIMITS.passwordResetsPerAddress + 1);
  });

  it(`POST /login ${POSTS} times with new addresses leaves ${DEFAULT_THROTTLE_LIMITS.loginFailuresPerAddress} + 1 rows`, async () => {
    for (let n = 0; n < POSTS; n++) {
      const form = { email: `nobody-${n}@example.com`, password: 'a guess' };
      await browser(built.app).post('/login').type('form').send(form).expect(302);
    }
    expect(await rows()).to.equal(DEFAULT_THROTTLE_LIMITS.loginFailuresPerAddress + 1);
  });
});
