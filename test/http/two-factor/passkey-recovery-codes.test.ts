import { expect } from 'chai';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { messages } from '../../support/english.js';
import { passkeyMessages } from '../../support/english.js';
import { twoFactorMessages } from '../../support/english.js';
import { ADA, type Browser, signUp, submit } from '../../support/accounts/account-client.js';
import { activityLabels } from '../../support/audit/activity-page.js';
import { asksForPassword } from '../../support/administration/admin-client.js';
import { TEST_SUDO_MS } from '../../support/administration.js';
import { captureLog } from '../../support/captured-log.js';
import { addPasskey } from '../../support/passkeys/passkey-client.js';
import { SoftAuthenticator } from '../../support/passkeys/soft-authenticator.js';
import { browser, buildTestApp, showsLoggedIn, type TestApp } from '../../support/test-app.js';
import { advance, enrolTotp, recoveryCodesOnPage, secretOnPage, totpCode } from '../../support/two-factor/two-factor-client.js';

const PAGE = '/account/two-factor';
const MAKE = '/account/two-factor/recovery-codes';

/** Ada (user 1), logged in, whose only second factor is one passkey; past the sudo window that adding it opened. */
async function passkeyOnlyAda(parts: Parameters<typeof buildTestApp>[0] = {}) {
  const passkeys = new InMemoryPasskeys();
  const built = buildTestApp({ ...parts, passkeys });
  const ada = await signUp(built, ADA);
  expect((await addPasskey(ada, new SoftAuthenticator(), 'Laptop')).status).to.equal(200);
  advance(built, TEST_SUDO_MS);
  return { built, ada, passkeys };
}

/** "Make recovery codes" with the password its sudo mode asks for; resolves the response and the codes it shows. */
async function makeCodes(ada: Browser) {
  const shown = await ada.post(MAKE).type('form').send({ sudoPassword: ADA.password });
  expect(shown.status).to.equal(200);
  return { shown, codes: recoveryCodesOnPage(shown.text) };
}

/** A passkey-only Ada with her recovery codes made, logged out. */
async function withCodes(parts: Parameters<typeof buildTestApp>[0] = {}) {
  const made = await passkeyOnlyAda(parts);
  const { codes } = await makeCodes(made.ada);
  expect(codes).to.have.length(10);
  await made.ada.get('/logout').expect(302);
  return { ...made, codes };
}

/** A new browser that typed Ada's right password: its login waits for the second factor. */
async function pendingLogin(built: TestApp): Promise<Browser> {
  const client = browser(built.app);
  const response = await client.post('/login').type('form').send(ADA);
  expect(response.headers.location).to.equal('/login/two-factor');
  return client;
}

describe('recovery codes for a user whose only second factor is a passkey', () => {
  describe(`GET ${PAGE}`, () => {
    it('says plainly that without recovery codes a lost passkey means asking an administrator, and offers to make them', async () => {
      const { ada } = await passkeyOnlyAda();
      const page = (await ada.get(PAGE).expect(200)).text;
      expect(page).to.include('data-two-factor-status="off"').and.include('The authenticator app is off.');
      expect(page).to.include('data-no-recovery-codes').and.include('means asking an administrator');
      expect(page).to.include(`action="${MAKE}"`).and.include('>Make recovery codes</button>');
    });

    it('shows a user with neither the app nor a passkey no recovery codes at all', async () => {
      const built = buildTestApp();
      const page = (await (await signUp(built, ADA)).get(PAGE).expect(200)).text;
      expect(page).not.to.include(`action="${MAKE}"`).and.not.include('data-no-recovery-codes');
    });
  });

  describe(`POST ${MAKE}`, () => {
    it('asks for the password first, then shows 10 codes once, in a page no cache keeps', async () => {
      const log = captureLog();
      const { built, ada } = await passkeyOnlyAda({ options: { logger: log.logger } });
      const asked = await ada.post(MAKE).type('form').send({}).expect(200);
      expect(asksForPassword(asked.text)).to.equal(true);
      expect(recoveryCodesOnPage(asked.text)).to.deep.equal([]);
      expect(await built.twoFactor.recoveryCodes.countUnused(1)).to.equal(0);

      const { shown, codes } = await makeCodes(ada);

      expect(shown.headers['cache-control']).to.equal('no-store');
      expect(codes).to.have.length(10);
      for (const code of codes) expect(code).to.match(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
      const page = (await ada.get(PAGE)).text;
      expect(recoveryCodesOnPage(page)).to.deep.equal([]);
      expect(page).to.include('10 unused recovery codes').and.include('>Make new recovery codes</button>');
      expect(page).not.to.include('data-no-recovery-codes');
      expect(await activityLabels(ada)).to.include('New recovery codes made');
      const line = await log.waitForLine((l) => l.event === 'two-factor.recovery-codes-regenerated');
      expect(line).to.include({ userId: 1 });
    });

    it('"Make new recovery codes" replaces the set: the old codes stop working', async () => {
      const { built, ada } = await passkeyOnlyAda();
      const { codes: first } = await makeCodes(ada);
      const { codes: second } = await makeCodes(ada);
      expect(second).to.have.length(10);
      expect(second).not.to.include(first[0]);
      await ada.get('/logout');
      const refused = await submit(await pendingLogin(built), '/login/two-factor', { code: first[0] ?? '' });
      expect(refused.failure).to.equal(twoFactorMessages.recoveryCodeWrong);
    });
  });

  describe('GET /login/two-factor', () => {
    it('offers the passkey and a field for a recovery code, with no authenticator wording', async () => {
      const { built } = await withCodes();
      const page = (await (await pendingLogin(built)).get('/login/two-factor').expect(200)).text;
      expect(page).to.include('data-passkey-second-factor').and.include('action="/login/two-factor"');
      expect(page).to.include('<label for="code">Recovery code</label>');
      expect(page).not.to.match(/authenticator|6-digit/i);
      expect(page.indexOf('data-passkey-second-factor')).to.be.lessThan(page.indexOf('action="/login/two-factor"'));
      // One primary action: the passkey's; a recovery code is the way back when it is lost.
      expect(page).to.include('<button id="passkey-second-factor" type="button">Use a passkey</button>');
      expect(page).to.include('<button class="button-secondary" type="submit">Log in with a recovery code</button>');
    });

    it('offers only the passkey once every code is used', async () => {
      const { built, codes } = await withCodes();
      for (const code of codes) expect((await submit(await pendingLogin(built), '/login/two-factor', { code })).location).to.equal('/');
      const page = (await (await pendingLogin(built)).get('/login/two-factor').expect(200)).text;
      expect(page).to.include('data-passkey-second-factor').and.not.include('action="/login/two-factor"');
    });
  });

  describe('POST /login/two-factor', () => {
    it('logs in with a recovery code, as the contract says, and the code works once', async () => {
      const log = captureLog();
      const { built, codes } = await withCodes({ options: { logger: log.logger } });
      const client = await pendingLogin(built);
      const typed = (codes[0] ?? '').toUpperCase();

      const result = await submit(client, '/login/two-factor', { code: typed });

      expect([result.location, result.success]).to.deep.equal(['/', messages.loggedIn]);
      expect(showsLoggedIn(result.page)).to.equal(true);
      const line = await log.waitForLine((l) => l.event === 'login.succeeded' && l.userId === 1 && l.method !== 'password');
      expect(line).to.include({ method: 'recovery-code' });
      expect(await activityLabels(client)).to.include('Logged in with a recovery code');
      expect(await built.twoFactor.recoveryCodes.countUnused(1)).to.equal(9);

      const again = await submit(await pendingLogin(built), '/login/two-factor', { code: codes[0] ?? '' });
      expect([again.location, again.failure]).to.deep.equal(['/login/two-factor', twoFactorMessages.recoveryCodeWrong]);
      expect(showsLoggedIn(again.page)).to.equal(false);
    });

    it('refuses six digits with a clear message (there is no app), and the login still waits', async () => {
      const { built, codes } = await withCodes();
      const client = await pendingLogin(built);

      const refused = await submit(client, '/login/two-factor', { code: '123456' });

      expect([refused.status, refused.location]).to.deep.equal([302, '/login/two-factor']);
      expect(refused.failure).to.equal(twoFactorMessages.totpCodeWithoutApp);
      expect(showsLoggedIn(refused.page)).to.equal(false);
      expect(await activityLabels(await loggedInWith(client, codes[0] ?? ''))).to.include(
        'Second factor refused after a right password',
      );
    });

    it('asks for a recovery code, not an app code, when the input has neither shape', async () => {
      const { built } = await withCodes();
      const refused = await submit(await pendingLogin(built), '/login/two-factor', { code: 'abc' });
      expect([refused.location, refused.failure]).to.deep.equal(['/login/two-factor', twoFactorMessages.recoveryCodeMalformed]);
    });

    it('counts six digits as every code: after 5, even a right recovery code is told to wait', async () => {
      const { built, codes } = await withCodes();
      const client = await pendingLogin(built);
      for (let i = 0; i < 5; i++) await submit(client, '/login/two-factor', { code: '123456' });
      const refused = await submit(client, '/login/two-factor', { code: codes[0] ?? '' });
      expect(refused.failure).to.match(/^Too many codes were tried\./);
      expect(await built.twoFactor.recoveryCodes.countUnused(1)).to.equal(10);
    });
  });

  describe('when a second factor goes', () => {
    it('turning the app off with a passkey left keeps the recovery codes, and says so', async () => {
      const { built, ada } = await passkeyOnlyAda();
      const { recoveryCodes } = await enrolTotp(built, ada);
      const result = await submit(ada, '/account/two-factor/disable', { sudoPassword: ADA.password });
      expect([result.location, result.success]).to.deep.equal([PAGE, twoFactorMessages.totpDisabledPasskeysRemain]);
      expect(await built.twoFactor.totp.find(1)).to.equal(null);
      expect(await built.twoFactor.recoveryCodes.countUnused(1)).to.equal(10);
      await ada.get('/logout');
      const login = await submit(await pendingLogin(built), '/login/two-factor', { code: recoveryCodes[0] ?? '' });
      expect(login.location).to.equal('/');
    });

    it('removing the last passkey with the app off removes the recovery codes too', async () => {
      const { built, ada, passkeys } = await passkeyOnlyAda();
      await makeCodes(ada);
      advance(built, TEST_SUDO_MS);
      const [only] = await passkeys.listOfUser(1);

      const removed = await submit(ada, '/account/passkeys/delete', { id: String(only?.id), sudoPassword: ADA.password });

      expect(removed.success).to.equal(passkeyMessages.removedWithRecoveryCodes);
      expect(await passkeys.countOfUser(1)).to.equal(0);
      expect(await built.twoFactor.recoveryCodes.countUnused(1)).to.equal(0);
      const page = (await ada.get(PAGE)).text;
      expect(page).to.include('Two-factor authentication is off.').and.not.include(`action="${MAKE}"`);
    });

    it('setting up the app replaces the codes made for the passkey with a fresh set, shown once', async () => {
      const { built, ada } = await passkeyOnlyAda();
      const { codes: old } = await makeCodes(ada);
      await ada.post('/account/two-factor/setup').type('form').send({ sudoPassword: ADA.password }).expect(302);
      const enrolling = (await ada.get(PAGE)).text;
      expect(enrolling).to.include('data-codes-replaced');
      const secret = secretOnPage(enrolling);
      const shown = await ada.post(PAGE).type('form').send({ code: totpCode(secret, built.clock.now()) });
      const fresh = recoveryCodesOnPage(shown.text);
      expect(fresh).to.have.length(10);
      expect(fresh).not.to.include(old[0]);
      await ada.get('/logout');
      const refused = await submit(await pendingLogin(built), '/login/two-factor', { code: old[0] ?? '' });
      expect(refused.failure).to.equal(twoFactorMessages.recoveryCodeWrong);
    });
  });
});

/** Completes `client`'s pending login with a recovery code; resolves the client, logged in. */
async function loggedInWith(client: Browser, code: string): Promise<Browser> {
  expect((await submit(client, '/login/two-factor', { code })).location).to.equal('/');
  return client;
}
