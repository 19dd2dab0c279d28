import { expect } from 'chai';
import type { EmailVerificationPolicy } from '../../../src/application/links/authorize-verified-email.js';
import { signUp } from '../../support/accounts/account-client.js';
import { captureLog } from '../../support/captured-log.js';
import { postReset, postVerify, resetLinkPath, tokenIn, verificationLinkPath } from '../../support/links/link-flows.js';
import { addPasskey, loginOptions, postJson } from '../../support/passkeys/passkey-client.js';
import { SoftAuthenticator } from '../../support/passkeys/soft-authenticator.js';
import { browser, buildTestApp, type TestApp } from '../../support/test-app.js';
import { enrolTotp } from '../../support/two-factor/two-factor-client.js';

/** Someone who signs up with Ada's address before she does: nothing proves the mailbox. */
const MALLORY = { email: 'ada@example.com', password: 'not-ada-at-all' };

/** Ada, who owns the mailbox. */
const ADA = { email: 'ada@example.com', password: 'analytical-engine' };

const NEW_PASSWORD = 'a brand new secret';

const REFUSED = 'That passkey could not log you in. Try again, or log in with your email and password.';

/** Where a password login of the account answers: `/` when it needs nothing more, `/login/two-factor` when it waits for a second factor. */
async function passwordLogin(built: TestApp, password: string): Promise<string | undefined> {
  const response = await browser(built.app).post('/login').type('form').send({ email: 'ada@example.com', password });
  return response.headers.location;
}

/** A passwordless login with a passkey of `authenticator`, from a fresh browser. */
async function passkeyLogin(built: TestApp, authenticator: SoftAuthenticator) {
  const visitor = browser(built.app);
  return postJson(visitor, '/login/passkey', { response: authenticator.assert(await loginOptions(visitor)) });
}

/** "Forgot your password?" from the owner's mailbox: the emailed link, then the new password. */
async function resetByMail(built: TestApp): Promise<void> {
  const path = await resetLinkPath(built, 'ada@example.com');
  const response = await postReset(built.app, tokenIn(path), NEW_PASSWORD);
  expect(response.headers.location).to.equal('/login');
}

/** The "password changed" message the reset queued. */
async function resetNotice(built: TestApp) {
  return (await built.queuedMail()).filter((mail) => mail.kind === 'password-changed').at(-1);
}

describe('a password reset and the second factors of the account', () => {
  for (const emailVerification of ['optional', 'required'] as const satisfies readonly EmailVerificationPolicy[]) {
    describe(`that first proves the mailbox (EMAIL_VERIFICATION=${emailVerification})`, () => {
      it('removes a passkey planted before it: the password alone logs in, and the passkey no longer does', async () => {
        const built = buildTestApp({ emailVerification });
        const mallory = await signUp(built, MALLORY);
        const planted = new SoftAuthenticator();
        expect((await addPasskey(mallory, planted, 'Spare key', MALLORY.password)).status).to.equal(200);
        expect(await passwordLogin(built, MALLORY.password)).to.equal('/login/two-factor');

        await resetByMail(built);

        expect(await passwordLogin(built, NEW_PASSWORD)).to.equal('/');
        expect(await passkeyLogin(built, planted)).to.deep.equal({ status: 401, body: { error: REFUSED } });
        expect((await mallory.get('/users/profile')).headers.location).to.equal('/login');
        expect(await resetNotice(built)).to.deep.equal({
          kind: 'password-changed',
          to: 'ada@example.com',
          secondFactors: { kind: 'removed', factors: { authenticatorApp: false, passkeyNames: ['Spare key'], recoveryCodes: 0 } },
        });
      });

      it('logs the reset with the reason second-factors-removed', async () => {
        const log = captureLog();
        const built = buildTestApp({ emailVerification, options: { logger: log.logger } });
        await addPasskey(await signUp(built, MALLORY), new SoftAuthenticator(), 'Spare key', MALLORY.password);

        await resetByMail(built);

        const line = await log.waitForLine((l) => l.event === 'password-reset.succeeded');
        expect(line).to.include({ userId: 1, reason: 'second-factors-removed' });
      });

      it('removes an authenticator app and recovery codes planted before it: the password alone logs in', async () => {
        const built = buildTestApp({ emailVerification });
        const mallory = await signUp(built, MALLORY);
        await enrolTotp(built, mallory, MALLORY.password);
        expect(await passwordLogin(built, MALLORY.password)).to.equal('/login/two-factor');

        await resetByMail(built);

        expect(await passwordLogin(built, NEW_PASSWORD)).to.equal('/');
        expect(await resetNotice(built)).to.deep.equal({
          kind: 'password-changed',
          to: 'ada@example.com',
          secondFactors: { kind: 'removed', factors: { authenticatorApp: true, passkeyNames: [], recoveryCodes: 10 } },
        });
      });
    });
  }

  describe('of a verified address', () => {
    it('keeps the second factors: the login still asks for the passkey, which still logs in', async () => {
      const built = buildTestApp();
      const ada = await signUp(built, ADA);
      await postVerify(built.app, tokenIn(await verificationLinkPath(built)), ada).expect(302);
      const laptop = new SoftAuthenticator();
      expect((await addPasskey(ada, laptop, 'Laptop', ADA.password)).status).to.equal(200);

      await resetByMail(built);

      expect(await passwordLogin(built, NEW_PASSWORD)).to.equal('/login/two-factor');
      expect(await passkeyLogin(built, laptop)).to.deep.equal({ status: 200, body: { redirect: '/' } });
      expect(await resetNotice(built)).to.deep.equal({
        kind: 'password-changed',
        to: 'ada@example.com',
        secondFactors: { kind: 'kept', factors: { authenticatorApp: false, passkeyNames: ['Laptop'], recoveryCodes: 0 } },
      });
    });
  });
});
