import { expect } from 'chai';
import type Koa from 'koa';
import type { Config } from '../../../src/infrastructure/config.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { testConfig, testContainer } from '../../support/test-container.js';
import { browser, buildTestApp } from '../../support/test-app.js';
import type { ManualClock } from '../../support/throttle.js';

const TOKEN = 'scrape-token-0123456789abcdef';
const ADA = { email: 'ada@example.com', password: 'analytical engine' };

/** The app as production wires it, with METRICS=on (and METRICS_TOKEN when given) and these throttle limits. */
function metricsApp(token: string | null = null, throttle: Partial<Config['throttle']> = {}): { app: Koa; clock: ManualClock } {
  const config = testConfig((defaults) => ({
    ...defaults,
    metrics: { enabled: true, token },
    throttle: { ...defaults.throttle, ...throttle },
  }));
  const built = testContainer({ config });
  return { app: built.get(sharedIds.app), clock: built.clock as ManualClock };
}

/** Every sample of a scrape, `name{labels}` → value, labels as prom-client writes them. */
async function scrape(app: Koa): Promise<Map<string, number>> {
  const response = await browser(app).get('/metrics').expect(200);
  expect(response.headers['content-type']).to.match(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of response.text.split('\n')) {
    const match = /^(\S+(?:\{.*\})?) (\S+)$/.exec(line);
    if (match && !line.startsWith('#')) samples.set(match[1] ?? '', Number(match[2]));
  }
  return samples;
}

/** A sample's value, 0 when it has none yet. */
function valueOf(samples: Map<string, number>, series: string): number {
  return samples.get(series) ?? 0;
}

const requests = (route: string, status: number, method = 'GET') =>
  `gatehouse_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`;

describe('GET /metrics (METRICS=on)', () => {
  it('counts requests by route pattern and status, logins by method and outcome, and reads the mail queue', async () => {
    const { app, clock } = metricsApp();
    const before = await scrape(app);

    await browser(app).get('/').expect(200);
    await browser(app).get('/users/123').expect(302);
    await browser(app).get('/users/456').expect(302);
    await browser(app).get('/no/such/page').expect(404);
    await browser(app).post('/signup').type('form').send(ADA).expect(302);
    await browser(app).post('/login').type('form').send({ ...ADA, password: 'wrong' }).expect(302).expect('Location', '/login');
    await browser(app).post('/login').type('form').send(ADA).expect(302).expect('Location', '/');
    clock.advance(90_000);
    const after = await scrape(app);

    const moved = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(moved(requests('/', 200))).to.equal(1);
    // The router's pattern, never the path as sent: two users, one series.
    expect(moved(requests('/users/:id', 302))).to.equal(2);
    expect(moved(requests('unmatched', 404))).to.equal(1);
    expect([...after.keys()].some((series) => series.includes('/no/such/page') || series.includes('/users/123'))).to.equal(false);
    expect(moved(requests('/login', 302, 'POST'))).to.equal(2);
    expect(moved('gatehouse_logins_total{method="password",outcome="failed"}')).to.equal(1);
    expect(moved('gatehouse_logins_total{method="password",outcome="succeeded"}')).to.equal(1);
    expect(valueOf(before, 'gatehouse_http_request_duration_seconds_sum{method="GET",route="/",status="200"}')).to.equal(0);
    expect(valueOf(after, 'gatehouse_http_request_duration_seconds_sum{method="GET",route="/",status="200"}')).to.be.above(0);
    // The sign-up queued its verification message, and the login from another browser its
    // new-device alert; the clock moved 90 s since.
    expect(valueOf(before, 'gatehouse_mail_queue_messages{state="pending"}')).to.equal(0);
    expect(valueOf(after, 'gatehouse_mail_queue_messages{state="pending"}')).to.equal(2);
    expect(valueOf(after, 'gatehouse_mail_queue_oldest_age_seconds{state="pending"}')).to.equal(90);
    // Node's own series, the event-loop delay among them.
    expect(after.has('nodejs_eventloop_lag_p99_seconds')).to.equal(true);
    // The earlier scrape is counted too, under its own route.
    expect(moved(requests('/metrics', 200))).to.equal(1);
  });

  it('counts logins a throttle refused, and the refusal', async () => {
    const { app } = metricsApp(null, { loginFailuresPerEmail: 2 });
    await browser(app).post('/signup').type('form').send(ADA).expect(302);
    for (let n = 0; n < 3; n += 1) {
      await browser(app).post('/login').type('form').send({ ...ADA, password: `wrong-${n}` }).expect(302);
    }
    const after = await scrape(app);
    expect(valueOf(after, 'gatehouse_logins_total{method="password",outcome="failed"}')).to.equal(2);
    expect(valueOf(after, 'gatehouse_logins_total{method="password",outcome="throttled"}')).to.equal(1);
    expect(valueOf(after, 'gatehouse_throttled_total{event="login.failed"}')).to.equal(1);
  });

  it('answers without a session cookie and refuses other methods with 405', async () => {
    const { app } = metricsApp();
    const response = await browser(app).get('/metrics').expect(200);
    expect(response.headers['set-cookie']).to.equal(undefined);
    expect(response.headers['cache-control']).to.equal('no-store');
    await browser(app).post('/metrics').expect(405).expect('Allow', 'GET, HEAD');
  });

  describe('with METRICS_TOKEN', () => {
    it('answers 401 without the bearer token or with another, and 200 with it', async () => {
      const { app } = metricsApp(TOKEN);
      const missing = await browser(app).get('/metrics').expect(401);
      expect(missing.headers['www-authenticate']).to.equal('Bearer realm="metrics"');
      expect(missing.text).not.to.include('gatehouse_');
      await browser(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
      await browser(app).get('/metrics').set('Authorization', `Bearer ${TOKEN.slice(0, -1)}`).expect(401);
      await browser(app).get('/metrics').set('Authorization', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`).expect(401);
      const scraped = await browser(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      expect(scraped.text).to.include('gatehouse_http_request_duration_seconds');
    });
  });
});

describe('GET /metrics (METRICS off, the default)', () => {
  it('is an unknown path: 404, like any other', async () => {
    const { app } = buildTestApp();
    await browser(app).get('/metrics').expect(404);
    await browser(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });
});
