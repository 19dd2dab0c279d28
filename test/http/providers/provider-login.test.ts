import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { loadConfig } from '../../../src/infrastructure/config.js';
import { providersIds } from '../../../src/infrastructure/providers/providers-ids.js';
import { onEveryDatabase } from '../../support/app-backends.js';
import { TEST_CLIENT, TestOpenIdProvider } from '../../support/providers/test-provider.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';
import { TEST_APP_URL } from '../../support/test-container.js';
import { advance } from '../../support/two-factor/two-factor-client.js';
import { REMEMBER_COOKIE } from '../../../src/web/shared/remember-me-cookie.js';

// Inside one describe, so that the provider's hooks run for this file's tests only (at the top level mocha runs them for every test of the suite).
describe('sign-in providers: provider login', () => {
  /** The app origins the tests run on: the in-memory app's, and the one `npm start` builds without APP_URL. */
  const REDIRECTS = [`${TEST_APP_URL}/auth/test/callback`, 'http://127.0.0.1:3000/auth/test/callback'];

  const op = new TestOpenIdProvider(REDIRECTS);
  let issuer = '';
  before(async () => {
    issuer = await op.start();
  });
  after(() => op.stop());
  beforeEach(() => {
    op.mode = 'normal';
    op.account = { sub: 'subject-ada', email: 'ada@example.com', emailVerified: true };
  });

  const env = () => ({
    OIDC_PROVIDERS: 'test',
    OIDC_TEST_ISSUER: issuer,
    OIDC_TEST_CLIENT_ID: TEST_CLIENT.id,
    OIDC_TEST_CLIENT_SECRET: TEST_CLIENT.secret,
    OIDC_TEST_LABEL: 'Test ID',
  });

  type Client = ReturnType<typeof browser>;

  /** Starts at /auth/test, signs in at the provider, and follows it back: the app's answer to the callback. */
  async function throughProvider(client: Client, start = '/auth/test') {
    const started = await client.get(start);
    expect(started.status, started.text).to.equal(302);
    const callback = await op.signIn(started.headers.location ?? '');
    return { callback, answer: await client.get(callback) };
  }

  async function flashAfter(client: Client, location: string, kind: 'messageSuccess' | 'messageFailure') {
    return flashOf((await client.get(location)).text, kind);
  }

  async function linksOf(built: TestApp, email: string) {
    const user = await built.users.findByEmail(Email.fromTrusted(email));
    return user ? built.get(providersIds.linkedIdentities).listOfUser(user.id) : [];
  }

  describe('sign in with an OpenID Connect provider (a real oidc-provider on loopback)', () => {
    onEveryDatabase(
      (build) => {
        it('signs up an unknown identity with a verified address: a verified account, no password, the link made', async () => {
          const built = await build();
          const client = browser(built.app);
          const { answer } = await throughProvider(client);
          expect(answer.headers.location).to.equal('/users/profile');
          expect(await flashAfter(client, '/users/profile', 'messageSuccess')).to.equal('Successfully signed up.');
          const user = await built.users.findByEmail(Email.fromTrusted('ada@example.com'));
          expect(user?.emailVerified).to.equal(true);
          expect((await linksOf(built, 'ada@example.com')).map((link) => [link.provider, link.subject])).to.deep.equal([
            ['test', 'subject-ada'],
          ]);
          // No password of its own: a password login is refused as a wrong one.
          const other = browser(built.app);
          const login = await other.post('/login').type('form').send({ email: 'ada@example.com', password: 'anything-at-all' });
          expect(login.headers.location).to.equal('/login');
        });

        it('logs a linked identity in through the login completion: "Successfully logged in.", /', async () => {
          const built = await build();
          await throughProvider(browser(built.app));
          const client = browser(built.app);
          const { answer } = await throughProvider(client);
          expect(answer.headers.location).to.equal('/');
          expect(await flashAfter(client, '/', 'messageSuccess')).to.equal('Successfully logged in.');
          expect((await client.get('/users/profile')).status).to.equal(200);
          expect((await linksOf(built, 'ada@example.com'))[0]?.lastUsedAt).to.be.a('number');
        });

        it('never links an identity to an existing account by its address, and creates nothing', async () => {
          const built = await build();
          await browser(built.app).post('/signup').type('form').send({ email: 'ada@example.com', password: 'a long enough password 1' });
          const client = browser(built.app);
          const { answer } = await throughProvider(client);
          expect(answer.headers.location).to.equal('/login');
          expect(await flashAfter(client, '/login', 'messageFailure')).to.equal(
            'An account with ada@example.com already exists. Log in to it, then link Test ID from your account page.',
          );
          expect(await linksOf(built, 'ada@example.com')).to.deep.equal([]);
        });

        it('creates nothing for an address the provider did not verify', async () => {
          const built = await build();
          op.account = { sub: 'subject-eve', email: 'eve@example.com', emailVerified: false };
          const client = browser(built.app);
          const { answer } = await throughProvider(client);
          expect(answer.headers.location).to.equal('/login');
          expect(await flashAfter(client, '/login', 'messageFailure')).to.match(/did not give a verified email address/);
          expect(await built.users.findByEmail(Email.fromTrusted('eve@example.com'))).to.equal(null);
        });

        it('refuses a replayed callback, and one with no sign-in under way in the session', async () => {
          const built = await build();
          const client = browser(built.app);
          const { callback } = await throughProvider(client);
          await client.get('/logout');
          const replayed = await client.get(callback);
          expect(replayed.headers.location).to.equal('/login');
          expect(await flashAfter(client, '/login', 'messageFailure')).to.equal('The sign-in with Test ID expired or was already used. Try again.');
          const stranger = browser(built.app);
          expect((await stranger.get(callback)).headers.location).to.equal('/login');
        });
      },
      { env },
    );
  });

  describe('bad callbacks and provider faults (in memory)', () => {
    let built: TestApp;
    beforeEach(() => {
      built = buildTestApp({ providers: { ...loadConfig({ APP_URL: TEST_APP_URL, ...env() }).providers, timeoutMs: 300 } });
    });

    async function refusal(client: Client, path: string) {
      const answer = await client.get(path);
      expect(answer.status).to.equal(302);
      expect(answer.headers.location).to.equal('/login');
      return flashAfter(client, '/login', 'messageFailure');
    }

    it('refuses a forged state, creating nothing', async () => {
      const client = browser(built.app);
      const started = await client.get('/auth/test');
      const callback = await op.signIn(started.headers.location ?? '');
      const forged = callback.replace(/state=[^&]+/, 'state=forged');
      expect(await refusal(client, forged)).to.equal('Logging in with Test ID failed. Try again, or log in with your email and password.');
      expect(await built.users.findByEmail(Email.fromTrusted('ada@example.com'))).to.equal(null);
    });

    it('refuses a callback more than 10 minutes after the trip started', async () => {
      const client = browser(built.app);
      const started = await client.get('/auth/test');
      const callback = await op.signIn(started.headers.location ?? '');
      advance(built, 10 * 60 * 1000 + 1);
      expect(await refusal(client, callback)).to.equal('The sign-in with Test ID expired or was already used. Try again.');
      expect(await built.users.findByEmail(Email.fromTrusted('ada@example.com'))).to.equal(null);
    });

    it('remembers the device when the login page\'s box was ticked, and only then', async () => {
      await throughProvider(browser(built.app));
      for (const [start, remembered] of [['/auth/test?remember=yes', true], ['/auth/test', false]] as const) {
        const client = browser(built.app);
        const { answer } = await throughProvider(client, start);
        expect(answer.headers.location).to.equal('/');
        const cookies = (answer.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
        expect(cookies.some((cookie) => cookie.startsWith(`${REMEMBER_COOKIE}=`) && !cookie.startsWith(`${REMEMBER_COOKIE}=;`)), start).to.equal(remembered);
      }
    });

    it("counts each trip against the address's login budget, and gives a completed login's back", async () => {
      const throttled = buildTestApp({
        providers: loadConfig({ APP_URL: TEST_APP_URL, ...env() }).providers,
        throttle: { loginFailuresPerAddress: 2 },
      });
      await throughProvider(browser(throttled.app));
      await throughProvider(browser(throttled.app));
      await browser(throttled.app).get('/auth/test');
      await browser(throttled.app).get('/auth/test');
      const client = browser(throttled.app);
      const refused = await client.get('/auth/test');
      expect(refused.headers.location).to.equal('/login');
      expect(await flashAfter(client, '/login', 'messageFailure')).to.match(/^Too many failed login attempts/);
    });

    it('tells a cancelled sign-in (error=access_denied) apart', async () => {
      const client = browser(built.app);
      const started = await client.get('/auth/test');
      const state = new URL(started.headers.location ?? '').searchParams.get('state');
      expect(await refusal(client, `/auth/test/callback?error=access_denied&state=${state}`)).to.equal('Logging in with Test ID was cancelled.');
    });

    it('refuses a callback with no code', async () => {
      const client = browser(built.app);
      const started = await client.get('/auth/test');
      const state = new URL(started.headers.location ?? '').searchParams.get('state');
      expect(await refusal(client, `/auth/test/callback?state=${state}`)).to.match(/^Logging in with Test ID failed/);
    });

    it('answers a provider that is slow, answers garbage, or is down with a page, and tries discovery again later', async () => {
      for (const mode of ['slow', 'garbage'] as const) {
        op.mode = mode;
        const client = browser(built.app);
        expect(await refusal(client, '/auth/test')).to.equal(
          'Test ID is not answering right now. Try again later, or log in with your email and password.',
        );
      }
      op.mode = 'normal';
      const { answer } = await throughProvider(browser(built.app));
      expect(answer.headers.location).to.equal('/users/profile');
    });

    it('answers a token endpoint that hangs after the visitor signed in with a page, creating nothing', async () => {
      const client = browser(built.app);
      const started = await client.get('/auth/test');
      const callback = await op.signIn(started.headers.location ?? '');
      op.mode = 'slow';
      expect(await refusal(client, callback)).to.match(/^Test ID is not answering right now/);
      expect(await built.users.findByEmail(Email.fromTrusted('ada@example.com'))).to.equal(null);
    });

    it('shows "Continue with Test ID" on /login and /signup, and an unknown provider is the 404 page', async () => {
      const client = browser(built.app);
      expect((await client.get('/login')).text).to.include('Continue with Test ID');
      expect((await client.get('/signup')).text).to.include('Continue with Test ID');
      expect((await client.get('/auth/nobody')).status).to.equal(404);
    });

    it("lets forms lead to the provider's origin (CSP form-action), and only when one is configured", async () => {
      const csp = (await browser(built.app).get('/login')).headers['content-security-policy'];
      expect(csp).to.include(`form-action 'self' ${new URL(issuer).origin}`);
      const plain = (await browser(buildTestApp().app).get('/login')).headers['content-security-policy'];
      expect(plain).to.include("form-action 'self';");
    });

    it('with no provider configured, shows no button and has no /auth route', async () => {
      const plain = browser(buildTestApp().app);
      expect((await plain.get('/login')).text).to.not.include('Continue with');
      expect((await plain.get('/auth/test')).status).to.equal(404);
    });
  });
});
