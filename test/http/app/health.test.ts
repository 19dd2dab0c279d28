import { expect } from 'chai';
import type { ReadinessCheck } from '../../../src/application/shared/ports/readiness-check.js';
import { browser, buildTestApp } from '../../support/test-app.js';

function appWith(checks: ReadinessCheck[]) {
  return buildTestApp({ options: { readinessChecks: checks } }).app;
}

const up = (name: string): ReadinessCheck => ({ name, check: async () => {} });

describe('GET /healthz', () => {
  it('answers 200 without asking any dependency and sets no cookie', async () => {
    let asked = false;
    const app = appWith([
      {
        name: 'database',
        check: async () => {
          asked = true;
        },
      },
    ]);

    const response = await browser(app).get('/healthz').expect(200);

    expect(response.body).to.deep.equal({ status: 'ok' });
    expect(response.headers['set-cookie']).to.equal(undefined);
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(asked).to.equal(false);
  });
});

describe('GET /readyz', () => {
  it('answers 200 when every dependency answers', async () => {
    const response = await browser(appWith([up('database'), up('redis')]))
      .get('/readyz')
      .expect(200);
    expect(response.body).to.deep.equal({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    expect(response.headers['set-cookie']).to.equal(undefined);
  });

  it('answers 503 naming the dependency that fails', async () => {
    const down: ReadinessCheck = { name: 'redis', check: () => Promise.reject(new Error('ECONNREFUSED')) };
    const response = await browser(appWith([up('database'), down]))
      .get('/readyz')
      .expect(503);
    expect(response.body).to.deep.equal({ status: 'unavailable', checks: { database: 'ok', redis: 'unavailable' } });
  });

  it('answers 503 when a dependency does not answer in time', async () => {
    const hangs: ReadinessCheck = { name: 'database', check: () => new Promise(() => {}) };
    const response = await browser(appWith([hangs]))
      .get('/readyz')
      .expect(503);
    expect(response.body.checks).to.deep.equal({ database: 'unavailable' });
  });

  it('refuses other methods with 405', async () => {
    await browser(appWith([])).post('/readyz').expect(405).expect('Allow', 'GET, HEAD');
  });
});
