import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import supertest from 'supertest';
import { Email } from '../../../src/domain/shared/email.js';
import { browser, buildTestApp, flashOf, showsLoggedIn, type TestApp } from '../../support/test-app.js';

/** Go's csrf_test.go requests `https://example.com/`, so its Host is example.com. */
const HOST = 'example.com';

interface Case {
  readonly name: string;
  readonly method?: string;
  readonly secFetchSite?: string;
  readonly origin?: string;
  readonly allowed: boolean;
}

// TestCrossOriginProtectionSecFetchSite, row for row.
const secFetchSiteCases: readonly Case[] = [
  { name: 'same-origin allowed', secFetchSite: 'same-origin', allowed: true },
  { name: 'none allowed', secFetchSite: 'none', allowed: true },
  { name: 'cross-site blocked', secFetchSite: 'cross-site', allowed: false },
  { name: 'same-site blocked', secFetchSite: 'same-site', allowed: false },
  { name: 'no header with no origin', allowed: true },
  { name: 'no header with matching origin', origin: 'https://example.com', allowed: true },
  { name: 'no header with mismatched origin', origin: 'https://attacker.example', allowed: false },
  { name: 'no header with null origin', origin: 'null', allowed: false },
  { name: 'GET allowed', method: 'GET', secFetchSite: 'cross-site', allowed: true },
  { name: 'HEAD allowed', method: 'HEAD', secFetchSite: 'cross-site', allowed: true },
  { name: 'OPTIONS allowed', method: 'OPTIONS', secFetchSite: 'cross-site', allowed: true },
  { name: 'PUT blocked', method: 'PUT', secFetchSite: 'cross-site', allowed: false },
];

// TestCrossOriginProtectionTrustedOriginBypass, with https://trusted.example trusted.
const trustedOriginCases: readonly Case[] = [
  { name: 'trusted origin without sec-fetch-site', origin: 'https://trusted.example', allowed: true },
  {
    name: 'trusted origin with cross-site',
    origin: 'https://trusted.example',
    secFetchSite: 'cross-site',
    allowed: true,
  },
  { name: 'untrusted origin without sec-fetch-site', origin: 'https://attacker.example', allowed: false },
  {
    name: 'untrusted origin with cross-site',
    origin: 'https://attacker.example',
    secFetchSite: 'cross-site',
    allowed: false,
  },
];

// Beyond Go's table: details of its Origin/Host comparison that a port could get wrong.
const hostComparisonCases: readonly Case[] = [
  {
    name: 'origin with the default port written out (Go compares hosts as written)',
    origin: 'https://example.com:80',
    allowed: false,
  },
  { name: 'origin on another port', origin: 'https://example.com:8443', allowed: false },
  { name: 'origin of a subdomain', origin: 'https://evil.example.com', allowed: false },
  { name: 'unknown sec-fetch-site value', secFetchSite: 'cross-origin', allowed: false },
];

const forms = {
  '/login': { email: 'ada@example.com', password: 'analytical' },
  '/signup': { email: 'new@example.com', password: 'correct horse' },
} as const;

async function appWithUser(trustedOrigins: readonly string[] = []): Promise<TestApp> {
  const built = buildTestApp({ options: { trustedOrigins } });
  await browser(built.app).post('/signup').type('form').send(forms['/login']).expect(302);
  return built;
}

function send(built: TestApp, path: keyof typeof forms, testCase: Case) {
  const method = (testCase.method ?? 'POST').toLowerCase() as 'post' | 'get' | 'head' | 'options' | 'put';
  let request = supertest(built.app.callback())[method](path).set('Host', HOST);
  if (testCase.secFetchSite) request = request.set('Sec-Fetch-Site', testCase.secFetchSite);
  if (testCase.origin) request = request.set('Origin', testCase.origin);
  return method === 'post' || method === 'put' ? request.type('form').send(forms[path]) : request;
}

async function expectOutcome(built: TestApp, path: keyof typeof forms, testCase: Case) {
  const response = await send(built, path, testCase);
  if (!testCase.allowed) {
    expect(response.status).to.equal(403);
    expect(response.type).to.equal('text/html');
    expect(response.text).to.include('Forbidden');
    expect(response.headers['set-cookie']).to.equal(undefined);
    return;
  }
  expect(response.status).to.be.oneOf([200, 204, 302]);
}

describe('cross-origin protection (Go 1.25 CrossOriginProtection, csrf_test.go)', () => {
  for (const path of ['/login', '/signup'] as const) {
    describe(`${path}`, () => {
      for (const testCase of [...secFetchSiteCases, ...hostComparisonCases]) {
        it(`${testCase.allowed ? 'lets through' : 'refuses with 403'}: ${testCase.name}`, async () => {
          await expectOutcome(await appWithUser(), path, testCase);
        });
      }
      for (const testCase of trustedOriginCases) {
        it(`${testCase.allowed ? 'lets through' : 'refuses with 403'} with a trusted origin: ${testCase.name}`, async () => {
          await expectOutcome(await appWithUser(['https://trusted.example']), path, testCase);
        });
      }
    });
  }

  it('logs nobody in when it refuses a cross-site POST /login, and checks no password', async () => {
    const built = await appWithUser();
    const calls = (built.hasher as unknown as { calls: { verify: number } }).calls;
    const before = calls.verify;
    await send(built, '/login', { name: 'attack', secFetchSite: 'cross-site', allowed: false }).expect(403);
    expect(calls.verify).to.equal(before);
  });

  it('creates no account when it refuses a cross-site POST /signup', async () => {
    const built = await appWithUser();
    await send(built, '/signup', { name: 'attack', origin: 'https://attacker.example', allowed: false }).expect(403);
    expect(await built.users.findByEmail(Email.parse('new@example.com') as Email)).to.equal(null);
  });

  it('compares Origin with the Host header, never with X-Forwarded-Host', async () => {
    const built = await appWithUser();
    await supertest(built.app.callback())
      .post('/login')
      .set('Host', HOST)
      .set('X-Forwarded-Host', 'attacker.example')
      .set('Origin', 'https://attacker.example')
      .type('form')
      .send(forms['/login'])
      .expect(403);
  });

  // TestCrossOriginProtectionServer: the same checks over a real socket.
  describe('over a real socket', () => {
    let server: ReturnType<typeof createServer>;
    let base: string;
    before(async () => {
      const built = await appWithUser(['https://trusted.example']);
      server = createServer(built.app.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const post = (headers: Record<string, string>) =>
      fetch(`${base}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(forms['/login']).toString(),
      });

    it('refuses cross-site', async () => {
      const response = await post({ origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' });
      expect(response.status).to.equal(403);
    });
    it('allows same-origin', async () => {
      expect((await post({ 'sec-fetch-site': 'same-origin' })).status).to.equal(302);
    });
    it('allows an origin that matches the host', async () => {
      expect((await post({ origin: base })).status).to.equal(302);
    });
    it('allows a trusted origin', async () => {
      expect((await post({ origin: 'https://trusted.example' })).status).to.equal(302);
    });
    it('refuses an untrusted origin', async () => {
      expect((await post({ origin: 'https://attacker.example' })).status).to.equal(403);
    });
  });
});

describe('GET /logout from another site', () => {
  async function loggedIn() {
    const built = await appWithUser();
    const client = browser(built.app);
    await client.post('/login').type('form').send(forms['/login']).expect(302);
    await client.get('/');
    return client;
  }

  for (const site of ['cross-site', 'same-site']) {
    it(`keeps the user logged in on a ${site} navigation and offers a logout link instead`, async () => {
      const client = await loggedIn();

      const page = await client.get('/logout').set('Sec-Fetch-Site', site).expect(200);

      expect(page.text).to.include('href="/logout"');
      expect(flashOf(page.text, 'messageSuccess')).to.equal(null);
      await client.get('/users/profile').expect(200);
    });
  }

  for (const site of ['same-origin', 'none']) {
    it(`logs out as the specification says on a ${site} navigation`, async () => {
      const client = await loggedIn();

      const response = await client.get('/logout').set('Sec-Fetch-Site', site).expect(302);

      expect(response.headers.location).to.equal('/login');
      const page = await client.get('/login').expect(200);
      expect(flashOf(page.text, 'messageSuccess')).to.equal('Successfully logged out');
      expect(showsLoggedIn(page.text)).to.equal(false);
    });
  }

  it('logs out when the confirmation link is followed from the confirmation page', async () => {
    const client = await loggedIn();
    await client.get('/logout').set('Sec-Fetch-Site', 'cross-site').expect(200);

    await client.get('/logout').set('Sec-Fetch-Site', 'same-origin').expect(302);

    await client.get('/users/profile').expect(302);
  });
});
