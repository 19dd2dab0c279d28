import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { captureLog } from '../../support/captured-log.js';
import { browser, buildTestApp } from '../../support/test-app.js';

const PASSWORD = 'correct horse battery staple';

function appWithLog(proxyHops = 0) {
  const log = captureLog();
  const built = buildTestApp({ options: { logger: log.logger, proxyHops } });
  return { ...built, log };
}

function events(lines: Record<string, unknown>[]) {
  return lines.filter((line) => typeof line.event === 'string');
}

describe('request logs', () => {
  it('writes one JSON line per request with its id, method, path, status and duration', async () => {
    const { app, log } = appWithLog();

    const response = await browser(app).get('/login?next=secret-token').expect(200);

    const requestId = response.headers['x-request-id'];
    expect(requestId).to.match(/^[0-9a-f-]{36}$/);
    const [line] = log.lines().filter((l) => l.msg === 'request');
    expect(line).to.include({ requestId, method: 'GET', path: '/login', status: 200, level: 'info' });
    expect(line?.durationMs).to.be.a('number');
    expect(log.text()).not.to.include('secret-token');
  });

  it('keeps an incoming X-Request-Id of a sane shape from a trusted proxy and echoes it', async () => {
    const { app, log } = appWithLog(1);

    const response = await browser(app).get('/nowhere').set('X-Request-Id', 'edge-7f3a.42').expect(404);

    expect(response.headers['x-request-id']).to.equal('edge-7f3a.42');
    expect(log.lines().find((l) => l.msg === 'request')).to.include({ requestId: 'edge-7f3a.42', status: 404 });
  });

  for (const [label, value] of [
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'two words'],
    ['with a quote', 'x"y'],
  ]) {
    it(`replaces an incoming X-Request-Id ${label} with its own`, async () => {
      const { app } = appWithLog(1);
      const response = await browser(app)
        .get('/')
        .set('X-Request-Id', value as string);
      expect(response.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    });
  }

  it('ignores an incoming X-Request-Id when no proxy is trusted (TRUST_PROXY=0)', async () => {
    const { app } = appWithLog(0);
    const response = await browser(app).get('/').set('X-Request-Id', 'chosen-by-the-client');
    expect(response.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
  });

  it('never logs the password, its hash, the session cookie or the session id', async () => {
    const { app, log, users } = appWithLog();
    const client = browser(app);

    const signUp = await client.post('/signup').type('form').send({ email: 'ada@example.com', password: PASSWORD });
    await client.get('/logout');
    const logIn = await client.post('/login').type('form').send({ email: 'ada@example.com', password: PASSWORD });
    await client.get('/users/profile').expect(200);
    await client
      .post('/login')
      .type('form')
      .send({ email: 'ada@example.com', password: `${PASSWORD}!` });
    // A password typed into the email field by mistake.
    await client.post('/login').type('form').send({ email: PASSWORD, password: PASSWORD });

    const text = log.text();
    expect(log.lines().length).to.be.greaterThan(6);
    expect(text).not.to.include(PASSWORD);
    expect(text).not.to.include(encodeURIComponent(PASSWORD));
    const user = await users.findByEmail(Email.fromTrusted('ada@example.com'));
    expect(user?.passwordHash).to.be.a('string');
    expect(text).not.to.include(user?.passwordHash);
    const cookies = [...(signUp.headers['set-cookie'] ?? []), ...(logIn.headers['set-cookie'] ?? [])] as string[];
    expect(cookies.length).to.be.greaterThan(1);
    // Cookies set (not the ones cleared, which carry an empty value).
    const values = cookies.map((cookie) => cookie.split(';')[0]?.split('=')[1] ?? '').filter((value) => value !== '');
    expect(values.length).to.be.greaterThan(1);
    for (const value of values) {
      expect(value.length).to.be.greaterThan(10);
      expect(text).not.to.include(value);
    }
  });
});

describe('security events', () => {
  it('logs sign-up, login success and failure, logout and admin refusal with the user id', async () => {
    const { app, log } = appWithLog();
    const client = browser(app);

    await client.post('/signup').type('form').send({ email: 'ada@example.com', password: PASSWORD });
    await client.get('/admin');
    await client.get('/logout');
    await client.post('/login').type('form').send({ email: 'ADA@example.com', password: 'not it at all' });
    await client.post('/login').type('form').send({ email: 'ada@example.com', password: PASSWORD });
    await client.post('/signup').type('form').send({ email: 'ada@example.com', password: PASSWORD });

    const seen = events(log.lines()).map(({ event, userId, email, reason, level }) => ({
      event,
      userId,
      email,
      reason,
      level,
    }));
    const userId = seen[0]?.userId;
    expect(userId).to.be.a('number');
    expect(seen).to.deep.equal([
      { event: 'signup.succeeded', userId, email: undefined, reason: undefined, level: 'info' },
      { event: 'admin.refused', userId, email: undefined, reason: undefined, level: 'warn' },
      { event: 'logout', userId, email: undefined, reason: undefined, level: 'info' },
      { event: 'login.failed', userId, email: 'ada@example.com', reason: undefined, level: 'warn' },
      { event: 'login.succeeded', userId, email: undefined, reason: undefined, level: 'info' },
      { event: 'signup.refused', userId: undefined, email: 'ada@example.com', reason: 'email-taken', level: 'warn' },
    ]);
    for (const line of events(log.lines())) expect(line.ip).to.be.a('string');
  });

  it('stamps an event with the id of its request, as the access line and the response carry it', async () => {
    const { app, log } = appWithLog();

    const response = await browser(app).post('/login').type('form').send({ email: 'nobody@example.com', password: PASSWORD });

    const requestId = response.headers['x-request-id'];
    const [event] = events(log.lines());
    const access = log.lines().find((line) => line.msg === 'request');
    expect(event).to.include({ event: 'login.failed', requestId });
    expect(access).to.include({ requestId, method: 'POST', path: '/login' });
  });
});
