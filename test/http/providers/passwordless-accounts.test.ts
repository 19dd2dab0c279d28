import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { loadConfig } from '../../../src/infrastructure/config.js';
import { providersIds } from '../../../src/infrastructure/providers/providers-ids.js';
import { loginAnswer, postReset, resetLinkPath, tokenIn } from '../../support/links/link-flows.js';
import { TEST_CLIENT, TestOpenIdProvider } from '../../support/providers/test-provider.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';
import { TEST_APP_URL } from '../../support/test-container.js';

// Inside one describe, so that the provider's hooks run for this file's tests only (at the top level mocha runs them for every test of the suite).
describe('sign-in providers: passwordless accounts', () => {
  const op = new TestOpenIdProvider([`${TEST_APP_URL}/auth/test/callback`]);
  let issuer = '';
  let built: TestApp;
  before(async () => {
    issuer = await op.start();
  });
  after(() => op.stop());
  beforeEach(() => {
    op.account = { sub: 'subject-ada', email: 'ada@example.com', emailVerified: true };
    const env = { OIDC_PROVIDERS: 'test', OIDC_TEST_ISSUER: issuer, OIDC_TEST_CLIENT_ID: TEST_CLIENT.id, OIDC_TEST_CLIENT_SECRET: TEST_CLIENT.secret, OIDC_TEST_LABEL: 'Test ID' };
    built = buildTestApp({ providers: loadConfig({ APP_URL: TEST_APP_URL, ...env }).providers });
  });

  type Client = ReturnType<typeof browser>;

  async function signedUpWithProvider(): Promise<Client> {
    const client = browser(built.app);
    const started = await client.get('/auth/test');
    const answer = await client.get(await op.signIn(started.headers.location ?? ''));
    expect(answer.headers.location).to.equal('/users/profile');
    return client;
  }

  describe('accounts without a password (signed up with a provider)', () => {
    it('confirm sudo mode by a fresh sign-in with the linked provider instead of a password', async () => {
      const client = await signedUpWithProvider();
      const asked = await client.post('/account/passkeys/add').type('form').send({});
      expect(asked.status).to.equal(200);
      expect(asked.text).to.include('Confirm with Test ID');
      const started = await client.post('/auth/test/confirm').type('form').send({ return: '/account/passkeys' });
      const authorization = new URL(started.headers.location ?? '');
      expect(authorization.searchParams.get('prompt')).to.equal('login');
      expect(authorization.searchParams.get('max_age')).to.equal('0');
      const signInsBefore = op.signIns;
      const back = await client.get(await op.signIn(authorization.href));
      expect(op.signIns).to.equal(signInsBefore + 1);
      expect(back.headers.location).to.equal('/account/passkeys');
      expect(flashOf((await client.get('/account/passkeys')).text, 'messageSuccess')).to.equal('Confirmed with Test ID. Now do it again.');
      const ready = await client.post('/account/passkeys/add').type('form').send({});
      expect(ready.status).to.equal(200);
      expect(ready.text).to.not.include('name="sudoPassword"');
    });

    it('refuses a confirmation by a provider account not linked to the user', async () => {
      const client = await signedUpWithProvider();
      op.account = { sub: 'someone-else', email: 'eve@example.com', emailVerified: true };
      const started = await client.post('/auth/test/confirm').type('form').send({ return: '//evil.example/' });
      const back = await client.get(await op.signIn(started.headers.location ?? ''));
      expect(back.headers.location).to.equal('/account');
      expect(flashOf((await client.get('/account')).text, 'messageFailure')).to.equal(
        'That Test ID account is not linked to yours, so nothing was confirmed.',
      );
    });

    it('set a password through "Forgot your password?", and from then on may unlink the provider', async () => {
      await signedUpWithProvider();
      const ada = await built.users.findByEmail(Email.fromTrusted('ada@example.com'));
      const identities = built.get(providersIds.linkedIdentities);
      expect(await identities.isPasswordless(ada?.id ?? 0)).to.equal(true);
      const path = await resetLinkPath(built, 'ada@example.com');
      expect((await postReset(built.app, tokenIn(path), 'a brand new passphrase')).status).to.equal(302);
      expect(await loginAnswer(built.app, 'ada@example.com', 'a brand new passphrase')).to.equal('/');
      expect(await identities.isPasswordless(ada?.id ?? 0)).to.equal(false);
      const [link] = await identities.listOfUser(ada?.id ?? 0);
      const again = browser(built.app);
      await again.post('/login').type('form').send({ email: 'ada@example.com', password: 'a brand new passphrase' });
      await again.post('/account/providers/unlink').type('form').send({ id: String(link?.id) });
      expect(await identities.listOfUser(ada?.id ?? 0)).to.deep.equal([]);
    });
  });
});
