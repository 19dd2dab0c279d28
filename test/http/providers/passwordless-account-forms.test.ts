import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { onEveryBackend, type BuildApp } from '../../support/app-backends.js';
import { TEST_CLIENT, TestOpenIdProvider } from '../../support/providers/test-provider.js';
import { browser, flashOf, type TestApp } from '../../support/test-app.js';
import { TEST_APP_URL } from '../../support/test-container.js';

// Inside one describe, so that the provider's hooks run for this file's tests only (at the top level mocha runs them for every test of the suite).
describe('sign-in providers: passwordless account forms', () => {
  const op = new TestOpenIdProvider([`${TEST_APP_URL}/auth/test/callback`]);
  let issuer = '';
  before(async () => {
    issuer = await op.start();
  });
  after(() => op.stop());

  type Client = ReturnType<typeof browser>;

  const FRESH_SIGN_IN_NEEDED = 'Your account has no password: first confirm it is you with a provider linked to it, then do it again.';

  onEveryBackend(
    (build: BuildApp) => {
      let built: TestApp;
      beforeEach(async () => {
        op.account = { sub: 'subject-ada', email: 'ada@example.com', emailVerified: true };
        built = await build();
      });

      async function signedUpWithProvider(): Promise<Client> {
        const client = browser(built.app);
        const started = await client.get('/auth/test');
        const answer = await client.get(await op.signIn(started.headers.location ?? ''));
        expect(answer.headers.location).to.equal('/users/profile');
        return client;
      }

      async function confirmWithProvider(client: Client): Promise<void> {
        const started = await client.post('/auth/test/confirm').type('form').send({ return: '/account' });
        const authorization = new URL(started.headers.location ?? '');
        expect(authorization.searchParams.get('prompt')).to.equal('login');
        expect(authorization.searchParams.get('max_age')).to.equal('0');
        const back = await client.get(await op.signIn(authorization.href));
        expect(back.headers.location).to.equal('/account');
      }

      describe('the account forms of an account without a password', () => {
        it('ask for no current password, and offer a fresh sign-in with the linked provider until one is made', async () => {
          const client = await signedUpWithProvider();
          const before = await client.get('/account');
          expect(before.text).to.not.include('name="currentPassword"');
          expect(before.text).to.include('action="/auth/test/confirm"');
          expect(before.text).to.include('Confirm with Test ID');
          await confirmWithProvider(client);
          const after = await client.get('/account');
          expect(flashOf(after.text, 'messageSuccess')).to.equal('Confirmed with Test ID. Now do it again.');
          expect(after.text).to.not.include('action="/auth/test/confirm"');
          expect(after.text).to.not.include('name="currentPassword"');
        });

        it('refuse a change of address without a fresh sign-in, a password typed anyway included', async () => {
          const client = await signedUpWithProvider();
          const refused = await client.post('/account/email').type('form').send({ email: 'ada@new.example', currentPassword: '' });
          expect(refused.headers.location).to.equal('/account');
          expect(flashOf((await client.get('/account')).text, 'messageFailure')).to.equal(FRESH_SIGN_IN_NEEDED);
          // A password typed anyway proves nothing: the account has none.
          const guessed = await client.post('/account/email').type('form').send({ email: 'ada@new.example', currentPassword: 'a guess' });
          expect(guessed.headers.location).to.equal('/account');
          expect(flashOf((await client.get('/account')).text, 'messageFailure')).to.equal(FRESH_SIGN_IN_NEEDED);
          expect((await built.queuedMail()).filter((mail) => mail.kind === 'email-change-confirmation')).to.deep.equal([]);
        });

        it('change the address after a fresh sign-in with the provider', async () => {
          const client = await signedUpWithProvider();
          await confirmWithProvider(client);
          const changed = await client.post('/account/email').type('form').send({ email: 'ada@new.example' });
          expect(changed.headers.location).to.equal('/account');
          expect(flashOf((await client.get('/account')).text, 'messageSuccess')).to.equal(
            'We sent a link to ada@new.example. Your email address changes when you open it.',
          );
        });

        it('refuse to delete the account without a fresh sign-in, and delete it after one', async () => {
          const client = await signedUpWithProvider();
          const refused = await client.post('/account/delete').type('form').send({ confirm: 'yes' });
          expect(refused.headers.location).to.equal('/account');
          expect(flashOf((await client.get('/account')).text, 'messageFailure')).to.equal(FRESH_SIGN_IN_NEEDED);
          expect(await built.users.findByEmail(Email.fromTrusted('ada@example.com'))).to.not.equal(null);
          await confirmWithProvider(client);
          const unticked = await client.post('/account/delete').type('form').send({});
          expect(unticked.headers.location).to.equal('/account');
          expect(await built.users.findByEmail(Email.fromTrusted('ada@example.com'))).to.not.equal(null);
          const deleted = await client.post('/account/delete').type('form').send({ confirm: 'yes' });
          expect(deleted.headers.location).to.equal('/');
          expect(flashOf((await client.get('/')).text, 'messageSuccess')).to.equal('Your account was deleted.');
          expect(await built.users.findByEmail(Email.fromTrusted('ada@example.com'))).to.equal(null);
        });

        it('set a first password after a fresh sign-in, which is then asked for as any account’s', async () => {
          const client = await signedUpWithProvider();
          await confirmWithProvider(client);
          const set = await client.post('/account/password').type('form').send({ password: 'a brand new passphrase' });
          expect(set.headers.location).to.equal('/account');
          const page = await client.get('/account');
          expect(flashOf(page.text, 'messageSuccess')).to.not.equal(null);
          expect(page.text).to.include('name="currentPassword"');
          const phone = await client.post('/account/phone').type('form').send({ phone: '+44 20 7946 0000', currentPassword: '' });
          expect(phone.headers.location).to.equal('/account');
          expect(flashOf((await client.get('/account')).text, 'messageFailure')).to.equal('Please enter your current password.');
        });
      });
    },
    {
      env: () => ({
        OIDC_PROVIDERS: 'test',
        OIDC_TEST_ISSUER: issuer,
        OIDC_TEST_CLIENT_ID: TEST_CLIENT.id,
        OIDC_TEST_CLIENT_SECRET: TEST_CLIENT.secret,
        OIDC_TEST_LABEL: 'Test ID',
        APP_URL: TEST_APP_URL,
      }),
    },
  );
});
