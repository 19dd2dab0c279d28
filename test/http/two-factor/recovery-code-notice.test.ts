import { expect } from 'chai';
import { messages } from '../../support/english.js';
import { ADA, signUp, submit } from '../../support/accounts/account-client.js';
import { onEveryDatabase } from '../../support/app-backends.js';
import { browser, type TestApp } from '../../support/test-app.js';
import { recoveryCodesOnPage, secretOnPage, totpCode } from '../../support/two-factor/two-factor-client.js';

/** Ada with the authenticator app on (through the pages), logged out; her recovery codes. */
async function adaWithRecoveryCodes(built: TestApp): Promise<string[]> {
  const client = await signUp(built, ADA);
  await client.post('/account/two-factor/setup').type('form').send({ sudoPassword: ADA.password }).expect(302);
  const secret = secretOnPage((await client.get('/account/two-factor').expect(200)).text);
  const shown = await client.post('/account/two-factor').type('form').send({ code: totpCode(secret, built.clock.now()) }).expect(200);
  await client.get('/logout').expect(302);
  return recoveryCodesOnPage(shown.text);
}

/** Logs Ada in on a new browser with her password and then `code`; resolves where it went and the flash. */
async function logInWith(built: TestApp, code: string) {
  const client = browser(built.app);
  expect((await client.post('/login').type('form').send(ADA)).headers.location).to.equal('/login/two-factor');
  return submit(client, '/login/two-factor', { code });
}

describe('the notice of a login with a recovery code', () => {
  onEveryDatabase((build) => {
    it('mails the owner, with the number of codes left, when a recovery code completes a login', async () => {
      const built = await build();
      const [first, second] = await adaWithRecoveryCodes(built);

      expect((await logInWith(built, first ?? '')).success).to.equal(messages.loggedIn);
      expect((await logInWith(built, second ?? '')).success).to.equal(messages.loggedIn);

      const notices = (await built.queuedMail()).filter((mail) => mail.kind === 'recovery-code-used');
      expect(notices).to.deep.equal([
        { kind: 'recovery-code-used', to: ADA.email, codesLeft: 9 },
        { kind: 'recovery-code-used', to: ADA.email, codesLeft: 8 },
      ]);
    });

    it('mails nothing for a used or wrong code', async () => {
      const built = await build();
      const [first] = await adaWithRecoveryCodes(built);
      await logInWith(built, first ?? '');

      expect((await logInWith(built, first ?? '')).failure).to.be.a('string');
      expect((await built.queuedMail()).filter((mail) => mail.kind === 'recovery-code-used')).to.have.length(1);
    });
  });
});
