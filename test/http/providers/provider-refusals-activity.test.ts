import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { loadConfig } from '../../../src/infrastructure/config.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { OLD_PASSWORD, signedUp } from '../../support/links/link-flows.js';
import { TEST_CLIENT, TestOpenIdProvider } from '../../support/providers/test-provider.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';
import { TEST_APP_URL } from '../../support/test-container.js';
import { enrolTotp, totpCode } from '../../support/two-factor/two-factor-client.js';

// Inside one describe, so that the provider's hooks run for this file's tests only (at the top level mocha runs them for every test of the suite).
describe('sign-in providers: provider refusals activity', () => {
  const op = new TestOpenIdProvider([`${TEST_APP_URL}/auth/test/callback`]);
  let built: TestApp;
  let issuer = '';
  before(async () => {
    issuer = await op.start();
  });
  after(() => op.stop());
  beforeEach(() => {
    op.account = { sub: 'subject-ada', email: 'ada@example.com', emailVerified: true };
    const env = {
      OIDC_PROVIDERS: 'test',
      OIDC_TEST_ISSUER: issuer,
      OIDC_TEST_CLIENT_ID: TEST_CLIENT.id,
      OIDC_TEST_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_TEST_LABEL: 'Test ID',
    };
    built = buildTestApp({ providers: loadConfig({ APP_URL: TEST_APP_URL, ...env }).providers });
  });

  type Client = ReturnType<typeof browser>;

  async function follow(client: Client, started: { headers: Record<string, string> }) {
    return client.get(await op.signIn(started.headers.location ?? ''));
  }

  /** The account's stored activity: each row's type and the provider it names. */
  async function activityOf(email: string): Promise<{ type: string; provider: string | null }[]> {
    await built.get(sharedIds.securityEvents).settled();
    const user = await built.users.findByEmail(Email.fromTrusted(email));
    const rows = await built.audit.listOfUser(user?.id ?? 0, { before: null, limit: 100 });
    return rows.map((row) => ({ type: row.type, provider: row.provider ?? null }));
  }

  /** Links the provider's current account to the password account logged in on `client`. */
  async function linkProvider(client: Client): Promise<string | undefined> {
    const started = await client.post('/account/providers/link').type('form').send({ provider: 'test', sudoPassword: OLD_PASSWORD });
    return (await follow(client, started)).headers.location;
  }

  describe('refused provider logins on the activity of the account they reached (in memory, a real oidc-provider on loopback)', () => {
    it('a locked account: a failed login naming the provider', async () => {
      const client = await signedUp(built.app, 'ada@example.com');
      await linkProvider(client);
      const ada = await built.users.findByEmail(Email.fromTrusted('ada@example.com'));
      await built.users.setLocked(ada?.id ?? 0, true);
      const other = browser(built.app);
      expect((await follow(other, await other.get('/auth/test'))).headers.location).to.equal('/login');
      expect(await activityOf('ada@example.com')).to.deep.include({ type: 'login.failed', provider: 'test' });
    });

    it('a second factor refused after the provider: the refusal names the provider, and so does the login it completes', async () => {
      const client = await signedUp(built.app, 'ada@example.com');
      await linkProvider(client);
      const { secret } = await enrolTotp(built, client, OLD_PASSWORD);
      const other = browser(built.app);
      expect((await follow(other, await other.get('/auth/test'))).headers.location).to.equal('/login/two-factor');
      const wrong = totpCode(secret, built.clock.now()) === '000000' ? '000001' : '000000';
      await other.post('/login/two-factor').type('form').send({ code: wrong });
      expect(await activityOf('ada@example.com')).to.deep.include({ type: 'two-factor.failed', provider: 'test' });
      const done = await other.post('/login/two-factor').type('form').send({ code: totpCode(secret, built.clock.now()) });
      expect(done.headers.location).to.equal('/');
      const succeeded = (await activityOf('ada@example.com')).filter((row) => row.type === 'login.succeeded');
      expect(succeeded.at(0)).to.deep.equal({ type: 'login.succeeded', provider: 'test' });
      const page = (await client.get('/account/activity')).text;
      expect(page).to.include('Second factor refused after a right password (test)');
    });

    it('a provider account linked to another account, when linking: on the activity of the one who tried', async () => {
      const first = browser(built.app);
      expect((await follow(first, await first.get('/auth/test'))).headers.location).to.equal('/users/profile');
      const bob = await signedUp(built.app, 'bob@example.com');
      expect(await linkProvider(bob)).to.equal('/account/providers');
      expect(flashOf((await bob.get('/account/providers')).text, 'messageFailure')).to.equal(
        'That Test ID account is linked to another account, so it was not linked to yours.',
      );
      expect(await activityOf('bob@example.com')).to.deep.include({ type: 'provider.refused', provider: 'test' });
      expect((await bob.get('/account/activity')).text).to.include('Sign-in with a provider refused (test)');
    });

    it('an unknown provider account with the address of an account: on that account, which was not linked', async () => {
      await signedUp(built.app, 'ada@example.com');
      const visitor = browser(built.app);
      expect((await follow(visitor, await visitor.get('/auth/test'))).headers.location).to.equal('/login');
      expect(await activityOf('ada@example.com')).to.deep.include({ type: 'provider.refused', provider: 'test' });
    });

    it('a password login refused is still a failed login naming no provider', async () => {
      await signedUp(built.app, 'ada@example.com');
      await browser(built.app).post('/login').type('form').send({ email: 'ada@example.com', password: 'not the password' });
      expect(await activityOf('ada@example.com')).to.deep.include({ type: 'login.failed', provider: null });
    });
  });
});
