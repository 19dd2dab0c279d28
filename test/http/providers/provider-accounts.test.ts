import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { loadConfig } from '../../../src/infrastructure/config.js';
import { providersIds } from '../../../src/infrastructure/providers/providers-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { OLD_PASSWORD, signedUp } from '../../support/links/link-flows.js';
import { TEST_CLIENT, TestOpenIdProvider } from '../../support/providers/test-provider.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';
import { TEST_APP_URL } from '../../support/test-container.js';
import { enrolTotp } from '../../support/two-factor/two-factor-client.js';

// Inside one describe, so that the provider's hooks run for this file's tests only (at the top level mocha runs them for every test of the suite).
describe('sign-in providers: provider accounts', () => {
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
    const callback = await op.signIn(started.headers.location ?? '');
    return client.get(callback);
  }

  const links = async (email: string) => {
    const user = await built.users.findByEmail(Email.fromTrusted(email));
    return user ? built.get(providersIds.linkedIdentities).listOfUser(user.id) : [];
  };

  describe('linked providers on the account (in memory, a real oidc-provider on loopback)', () => {
    it('links the provider to a password account behind the password, then logs in with it, and unlinks it', async () => {
      const client = await signedUp(built.app, 'ada@example.com');
      op.account = { sub: 'subject-ada-elsewhere', email: 'ada@elsewhere.example', emailVerified: false };
      const asked = await client.post('/account/providers/link').type('form').send({ provider: 'test' });
      expect(asked.status).to.equal(200);
      expect(asked.text).to.include('link a sign-in provider');
      const started = await client.post('/account/providers/link').type('form').send({ provider: 'test', sudoPassword: OLD_PASSWORD });
      expect(started.status).to.equal(302);
      expect(new URL(started.headers.location ?? '').searchParams.get('prompt')).to.equal('login');
      const linked = await follow(client, started);
      expect(linked.headers.location).to.equal('/account/providers');
      const page = await client.get('/account/providers');
      expect(flashOf(page.text, 'messageSuccess')).to.equal('Test ID linked. You can now log in with it.');
      expect(page.text).to.include('ada@elsewhere.example');
      expect((await links('ada@example.com')).map((link) => link.subject)).to.deep.equal(['subject-ada-elsewhere']);

      const other = browser(built.app);
      const login = await follow(other, await other.get('/auth/test'));
      expect(login.headers.location).to.equal('/');
      await built.get(sharedIds.securityEvents).settled();
      const activity = (await client.get('/account/activity')).text;
      expect(activity).to.include('Sign-in provider linked (test)');
      expect(activity).to.include('Logged in (test)');

      const [link] = await links('ada@example.com');
      const unlinked = await client.post('/account/providers/unlink').type('form').send({ id: String(link?.id) });
      expect(unlinked.headers.location).to.equal('/account/providers');
      expect(flashOf((await client.get('/account/providers')).text, 'messageSuccess')).to.equal('Test ID unlinked.');
      expect(await links('ada@example.com')).to.deep.equal([]);
    });

    it('refuses to unlink the last way in of an account without a password or passkey', async () => {
      const client = browser(built.app);
      expect((await follow(client, await client.get('/auth/test'))).headers.location).to.equal('/users/profile');
      const [link] = await links('ada@example.com');
      const refused = await client.post('/account/providers/unlink').type('form').send({ id: String(link?.id) });
      expect(refused.headers.location).to.equal('/account/providers');
      expect(flashOf((await client.get('/account/providers')).text, 'messageFailure')).to.match(/^Test ID is your only way to log in/);
      expect(await links('ada@example.com')).to.have.length(1);
    });

    it('asks for the second factor after the provider when one is enrolled', async () => {
      const client = await signedUp(built.app, 'ada@example.com');
      await client.post('/account/providers/link').type('form').send({ provider: 'test', sudoPassword: OLD_PASSWORD });
      const started = await client.post('/account/providers/link').type('form').send({ provider: 'test' });
      await follow(client, started);
      await enrolTotp(built, client, OLD_PASSWORD);
      const other = browser(built.app);
      const login = await follow(other, await other.get('/auth/test'));
      expect(login.headers.location).to.equal('/login/two-factor');
      expect((await other.get('/users/profile')).headers.location).to.equal('/login');
    });

    it("lists the links on the administrator's page of the user", async () => {
      const root = await signedUp(built.app, 'root@example.com');
      await built.setUserAdmin.execute({ user: { email: 'root@example.com' }, admin: true });
      const client = browser(built.app);
      await follow(client, await client.get('/auth/test'));
      const ada = await built.users.findByEmail(Email.fromTrusted('ada@example.com'));
      const page = await root.get(`/users/${ada?.id}`);
      expect(page.status).to.equal(200);
      expect(page.text).to.match(/data-sign-in-providers[^>]*>No password of its own. Test ID \(ada@example.com\)</);
      const rootPage = await root.get('/users/1');
      expect(rootPage.text).to.not.include('data-sign-in-providers');
    });

    it('deletes the links with the account', async () => {
      const client = await signedUp(built.app, 'ada@example.com');
      const started = await client.post('/account/providers/link').type('form').send({ provider: 'test', sudoPassword: OLD_PASSWORD });
      await follow(client, started);
      const ada = await built.users.findByEmail(Email.fromTrusted('ada@example.com'));
      await client.post('/account/delete').type('form').send({ currentPassword: OLD_PASSWORD, confirm: 'yes' });
      expect(await built.users.findByEmail(Email.fromTrusted('ada@example.com'))).to.equal(null);
      expect(await built.get(providersIds.linkedIdentities).listOfUser(ada?.id ?? 0)).to.deep.equal([]);
    });
  });
});
