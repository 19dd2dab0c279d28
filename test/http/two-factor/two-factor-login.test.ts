import { expect } from 'chai';
import { totpContext } from '../../../src/application/two-factor/totp-secret.js';
import { AesGcmSecretBox } from '../../../src/infrastructure/two-factor/aes-gcm-secret-box.js';
import { cryptoRecoveryCodes } from '../../../src/infrastructure/two-factor/crypto-recovery-codes.js';
import { messages } from '../../support/english.js';
import { ADA, type Browser, signUp, submit } from '../../support/accounts/account-client.js';
import { clearsRememberCookie, REMEMBER, SESSION } from '../../support/devices/remember-client.js';
import { setCookieHeader, setCookieValue } from '../../support/session-cookies.js';
import { captureLog } from '../../support/captured-log.js';
import { browser, buildTestApp, flashOf, showsLoggedIn, type TestApp } from '../../support/test-app.js';
import { advance, enrolTotp, STEP_MS, totpCode } from '../../support/two-factor/two-factor-client.js';
import { secondFactorThrottled, twoFactorMessages } from '../../support/english.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { administrationIds } from '../../../src/infrastructure/administration/administration-ids.js';

const BOB = { email: 'bob@example.com', password: 'difference-engine' };

/** Ada (user 1) with the authenticator app on, logged out; her secret and recovery codes. */
async function adaWithTotp(parts: Parameters<typeof buildTestApp>[0] = {}) {
  const built = buildTestApp(parts);
  const client = await signUp(built, ADA);
  const { secret, recoveryCodes } = await enrolTotp(built, client);
  await client.get('/logout').expect(302);
  return { built, secret, recoveryCodes, code: () => totpCode(secret, built.clock.now()) };
}

/** A new browser (or `client`) that typed Ada's right password: its login waits for the second factor. */
async function pendingLogin(built: TestApp, form: Record<string, string> = {}, client: Browser = browser(built.app)) {
  const response = await client.post('/login').type('form').send({ ...ADA, ...form });
  expect(response.headers.location).to.equal('/login/two-factor');
  return client;
}

describe('logging in with a second factor', () => {
  describe('POST /login with the right password', () => {
    it('logs a user without a second factor in as the contract says', async () => {
      const built = buildTestApp();
      await (await signUp(built, ADA)).get('/logout');
      const result = await submit(browser(built.app), '/login', ADA);
      expect([result.location, result.success]).to.deep.equal(['/', messages.loggedIn]);
    });

    it('sends a user with the authenticator app on to /login/two-factor, not yet logged in', async () => {
      const { built } = await adaWithTotp();
      const page = await (await pendingLogin(built)).get('/login/two-factor').expect(200);
      expect(page.text).to.include('action="/login/two-factor"').and.include('href="/login"');
      expect(flashOf(page.text, 'messageSuccess')).to.equal(null);
      expect(showsLoggedIn(page.text)).to.equal(false);
      const events = await built.audit.listOfUser(1, { before: null, limit: 50 });
      expect(events.filter((event) => event.type === 'login.succeeded')).to.have.length(0);
    });

    it('keeps the pending login on a new session id, with no user in it', async () => {
      const { built } = await adaWithTotp();
      const client = browser(built.app);
      const bobs = setCookieValue(await client.post('/signup').type('form').send(BOB), SESSION);
      const response = await client.post('/login').type('form').send(ADA);
      const pending = setCookieValue(response, SESSION);
      expect(pending).to.be.a('string').and.not.equal(bobs);
      expect(await built.sessions.find(bobs ?? '', Date.now())).to.equal(null);
      const stored = await built.sessions.find(pending ?? '', Date.now());
      expect(stored?.userId).to.equal(null);
      expect(stored?.data).to.have.property('pendingLogin').that.includes({ userId: 1, remember: false });
      expect(stored?.data).not.to.have.property('passport');
    });
  });

  describe('while the login is pending', () => {
    const gated: [string, string, string][] = [
      ['/users/profile', '/login', messages.mustBeLoggedIn],
      ['/special', '/signup', messages.mustBeSignedUp],
      ['/admin', '/login', messages.mustBeLoggedIn],
      ['/users', '/login', messages.mustBeLoggedIn],
      ['/users/1', '/login', messages.mustBeLoggedIn],
      ['/account', '/login', messages.mustBeLoggedIn],
      ['/account/activity', '/login', messages.mustBeLoggedIn],
      ['/account/sessions', '/login', messages.mustBeLoggedIn],
      ['/account/two-factor', '/login', messages.mustBeLoggedIn],
    ];
    for (const [path, location, message] of gated) {
      it(`GET ${path} treats the visitor as anonymous: ${location} with "${message}"`, async () => {
        const { built } = await adaWithTotp();
        // Ada is an administrator, so /admin and /users would open to her session.
        await built.setUserAdmin.execute({ user: { email: ADA.email }, admin: true });
        const client = await pendingLogin(built);
        const result = await client.get(path);
        expect([result.status, result.headers.location]).to.deep.equal([302, location]);
        expect(flashOf((await client.get(location)).text, 'messageFailure')).to.equal(message);
      });
    }

    it('shows the login and sign-up links, not the logout link', async () => {
      const { built } = await adaWithTotp();
      const home = await (await pendingLogin(built)).get('/');
      expect(showsLoggedIn(home.text)).to.equal(false);
    });
  });

  describe('POST /login/two-factor', () => {
    it('with the right code logs in exactly as the contract says: new session id, "Successfully logged in.", /', async () => {
      const { built, code } = await adaWithTotp();
      const client = browser(built.app);
      const pending = setCookieValue(await client.post('/login').type('form').send(ADA), SESSION);
      const response = await client.post('/login/two-factor').type('form').send({ code: code() });
      expect([response.status, response.headers.location]).to.deep.equal([302, '/']);
      const loggedIn = setCookieValue(response, SESSION);
      expect(loggedIn).to.be.a('string').and.not.equal(pending);
      expect(await built.sessions.find(pending ?? '', Date.now())).to.equal(null);
      expect((await built.sessions.find(loggedIn ?? '', Date.now()))?.userId).to.equal(1);
      const home = await client.get('/');
      expect(flashOf(home.text, 'messageSuccess')).to.equal(messages.loggedIn);
      expect(showsLoggedIn(home.text)).to.equal(true);
      await client.get('/users/profile').expect(200);
      const events = await built.audit.listOfUser(1, { before: null, limit: 50 });
      expect(events.map((event) => event.type)).to.include('login.succeeded');
    });

    it('takes the code with spaces in it', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      const typed = code().replace(/^(\d{3})/, ' $1 ');
      const result = await submit(client, '/login/two-factor', { code: typed });
      expect([result.location, result.success]).to.deep.equal(['/', messages.loggedIn]);
    });

    const refusals: [string, (code: string) => string, string][] = [
      ['a wrong code', (code) => String((Number(code) + 1) % 1_000_000).padStart(6, '0'), twoFactorMessages.secondFactorWrong],
      ['letters', () => 'abcdef', twoFactorMessages.secondFactorMalformed],
      ['a code too short', (code) => code.slice(0, 5), twoFactorMessages.secondFactorMalformed],
      ['a code too long', (code) => `${code}1`, twoFactorMessages.secondFactorMalformed],
      ['an empty code', () => '', twoFactorMessages.secondFactorMalformed],
    ];
    for (const [what, typed, message] of refusals) {
      it(`refuses ${what} with "${message}", and the form stays`, async () => {
        const { built, code } = await adaWithTotp();
        const client = await pendingLogin(built);
        const result = await submit(client, '/login/two-factor', { code: typed(code()) });
        expect([result.location, result.failure]).to.deep.equal(['/login/two-factor', message]);
        expect(showsLoggedIn(result.page)).to.equal(false);
        // The login still waits: the right code now completes it.
        expect((await submit(client, '/login/two-factor', { code: code() })).location).to.equal('/');
      });
    }

    it('refuses a code of two minutes ago', async () => {
      const { built, secret } = await adaWithTotp();
      const client = await pendingLogin(built);
      const old = totpCode(secret, built.clock.now() - 4 * STEP_MS);
      const result = await submit(client, '/login/two-factor', { code: old });
      expect(result.failure).to.equal(twoFactorMessages.secondFactorWrong);
    });

    it('takes the code of the step before or after, for a phone clock a little off', async () => {
      const { built, secret } = await adaWithTotp();
      advance(built, 2 * STEP_MS);
      const behind = await submit(await pendingLogin(built), '/login/two-factor', {
        code: totpCode(secret, built.clock.now() - STEP_MS),
      });
      const ahead = await submit(await pendingLogin(built), '/login/two-factor', {
        code: totpCode(secret, built.clock.now() + STEP_MS),
      });
      expect([behind.location, ahead.location]).to.deep.equal(['/', '/']);
    });

    it('refuses a code used once already (a replay), also from another browser', async () => {
      const { built, code } = await adaWithTotp();
      const used = code();
      await submit(await pendingLogin(built), '/login/two-factor', { code: used });
      const result = await submit(await pendingLogin(built), '/login/two-factor', { code: used });
      expect([result.location, result.failure]).to.deep.equal(['/login/two-factor', twoFactorMessages.secondFactorReplayed]);
    });

    it('lets only one of two requests with the same code through', async () => {
      const { built, code } = await adaWithTotp();
      const [first, second] = [await pendingLogin(built), await pendingLogin(built)];
      const used = code();
      const answers = await Promise.all(
        [first, second].map((client) => client.post('/login/two-factor').type('form').send({ code: used })),
      );
      expect(answers.map((answer) => answer.headers.location).sort()).to.deep.equal(['/', '/login/two-factor']);
    });

    it('refuses a form field sent twice without a 500', async () => {
      const { built } = await adaWithTotp();
      const client = await pendingLogin(built);
      const result = await submit(client, '/login/two-factor', 'code=123456&code=654321');
      expect([result.location, result.failure]).to.deep.equal(['/login/two-factor', messages.unreadableForm]);
    });
  });

  describe('the pending login expires after 5 minutes', () => {
    it('GET /login/two-factor then goes to /login with "Your login has expired. Please log in again."', async () => {
      const { built } = await adaWithTotp();
      const client = await pendingLogin(built);
      advance(built, 5 * 60 * 1000);
      const result = await client.get('/login/two-factor');
      expect(result.headers.location).to.equal('/login');
      expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal(twoFactorMessages.pendingLoginExpired);
    });

    it('a right code posted then does not log in', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      advance(built, 5 * 60 * 1000 + 1);
      const result = await submit(client, '/login/two-factor', { code: code() });
      expect([result.location, result.failure]).to.deep.equal(['/login', twoFactorMessages.pendingLoginExpired]);
      expect((await client.get('/users/profile')).headers.location).to.equal('/login');
    });

    it('four minutes in, the code still logs in', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      advance(built, 4 * 60 * 1000);
      expect((await submit(client, '/login/two-factor', { code: code() })).location).to.equal('/');
    });

    it('a logged-in user who opens /login/two-factor (the back button) stays logged in', async () => {
      const built = buildTestApp();
      const client = await signUp(built, ADA);
      expect((await client.get('/login/two-factor')).headers.location).to.equal('/login');
      await client.get('/users/profile').expect(200);
    });

    it('without a pending login, /login/two-factor sends the visitor to /login with the same message', async () => {
      const built = buildTestApp();
      const client = browser(built.app);
      const result = await submit(client, '/login/two-factor', { code: '123456' });
      expect([result.location, result.failure]).to.deep.equal(['/login', twoFactorMessages.pendingLoginExpired]);
    });
  });

  describe('logging out, or opening the login form again, while the login is pending', () => {
    it('GET /logout answers as the contract says, "Successfully logged out" and /login, and removes the pending login from the store', async () => {
      const { built } = await adaWithTotp();
      const client = browser(built.app);
      const pending = setCookieValue(await client.post('/login').type('form').send(ADA), SESSION);

      const logout = await client.get('/logout');

      expect([logout.status, logout.headers.location]).to.deep.equal([302, '/login']);
      expect(await built.sessions.find(pending ?? '', Date.now())).to.equal(null);
      expect(flashOf((await client.get('/login')).text, 'messageSuccess')).to.equal(messages.loggedOut);
    });

    it('after GET /logout, the right code posted does not log in', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      await client.get('/logout').expect(302);

      const result = await submit(client, '/login/two-factor', { code: code() });

      expect([result.location, result.failure]).to.deep.equal(['/login', twoFactorMessages.pendingLoginExpired]);
      expect(showsLoggedIn(result.page)).to.equal(false);
      expect((await client.get('/users/profile')).headers.location).to.equal('/login');
    });

    it('after GET /login, the right code posted does not log in', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      await client.get('/login').expect(200);

      const result = await submit(client, '/login/two-factor', { code: code() });

      expect([result.location, result.failure]).to.deep.equal(['/login', twoFactorMessages.pendingLoginExpired]);
      expect(showsLoggedIn(result.page)).to.equal(false);
      expect((await client.get('/users/profile')).headers.location).to.equal('/login');
    });

    it('HEAD /login (a prefetch) changes nothing: the right code still logs in', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      await client.head('/login').expect(200);

      expect((await submit(client, '/login/two-factor', { code: code() })).location).to.equal('/');
    });
  });

  describe('throttling', () => {
    it('refuses a sixth code within 15 minutes, even a right one, and takes codes again after', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      for (let i = 0; i < 5; i += 1) await submit(client, '/login/two-factor', { code: '000000' });
      const refused = await submit(client, '/login/two-factor', { code: code() });
      expect(refused.failure).to.equal(secondFactorThrottled(15 * 60));
      // Throttled per user: a new login of Ada from another browser is refused too.
      const other = await submit(await pendingLogin(built), '/login/two-factor', { code: code() });
      expect(other.failure).to.match(/^Too many codes were tried/);
      advance(built, 15 * 60 * 1000);
      expect((await submit(await pendingLogin(built), '/login/two-factor', { code: code() })).location).to.equal('/');
    });

    it('refuses codes from one address after 20, whatever the users', async () => {
      const { built, code } = await adaWithTotp({ throttle: { secondFactorPerUser: 0 } });
      const client = await pendingLogin(built);
      for (let i = 0; i < 20; i += 1) await submit(client, '/login/two-factor', { code: '000000' });
      const refused = await submit(client, '/login/two-factor', { code: code() });
      expect(refused.failure).to.match(/^Too many codes were tried/);
    });
  });

  describe('recovery codes', () => {
    it('log in once each, typed with any case and dashes', async () => {
      const { built, recoveryCodes } = await adaWithTotp();
      const [first] = recoveryCodes;
      const typed = (first ?? '').toUpperCase().replace(/-/g, ' ');
      const result = await submit(await pendingLogin(built), '/login/two-factor', { code: typed });
      expect([result.location, result.success]).to.deep.equal(['/', messages.loggedIn]);
      const again = await submit(await pendingLogin(built), '/login/two-factor', { code: first ?? '' });
      expect([again.location, again.failure]).to.deep.equal(['/login/two-factor', twoFactorMessages.recoveryCodeWrong]);
      const events = await built.audit.listOfUser(1, { before: null, limit: 50 });
      expect(events.map((event) => event.type)).to.include('two-factor.recovery-code-used');
    });

    it('log in with a code of the earlier 16-character shape (80 bits) while its set stands, once', async () => {
      const { built } = await adaWithTotp();
      const earlier = 'abcdefghijklmn23';
      await built.twoFactor.recoveryCodes.replace(1, [cryptoRecoveryCodes.hashOf(earlier)]);

      const result = await submit(await pendingLogin(built), '/login/two-factor', { code: 'ABCD-EFGH-IJKL-MN23' });
      expect([result.location, result.success]).to.deep.equal(['/', messages.loggedIn]);
      const again = await submit(await pendingLogin(built), '/login/two-factor', { code: earlier });
      expect(again.failure).to.equal(twoFactorMessages.recoveryCodeWrong);
    });

    it('are 24 characters (120 bits), shown in six groups of four', async () => {
      const { recoveryCodes } = await adaWithTotp();
      expect(recoveryCodes).to.have.length(10);
      for (const code of recoveryCodes) expect(code).to.match(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
    });

    it('refuses a made-up one', async () => {
      const { built } = await adaWithTotp();
      const result = await submit(await pendingLogin(built), '/login/two-factor', { code: 'aaaa-bbbb-cccc-dddd' });
      expect(result.failure).to.equal(twoFactorMessages.recoveryCodeWrong);
    });
  });

  describe('remember me', () => {
    /** A browser that Bob's "remember me" login left a remember-me cookie in, where Ada's login now waits for its second factor. */
    async function adaPendingWhereBobIsRemembered(built: TestApp) {
      await signUp(built, BOB);
      const client = browser(built.app);
      await client.post('/login').type('form').send({ ...BOB, remember: 'yes' });
      await client.get('/logout');
      await client.post('/login').type('form').send({ ...BOB, remember: 'yes' });
      await pendingLogin(built, {}, client);
      return client;
    }

    it('sets no remember-me cookie after the password, only after the second factor', async () => {
      const { built, code } = await adaWithTotp();
      const client = browser(built.app);
      const afterPassword = await client.post('/login').type('form').send({ ...ADA, remember: 'yes' });
      expect(setCookieHeader(afterPassword, REMEMBER)).to.equal(null);
      const afterCode = await client.post('/login/two-factor').type('form').send({ code: code() });
      expect(setCookieValue(afterCode, REMEMBER)).to.be.a('string');
      expect(await built.rememberTokens.listOfUser(1, built.clock.now())).to.have.length(1);
    });

    it('without the box, removes another account\'s remember-me cookie at the end, as a password login does', async () => {
      const { built, code } = await adaWithTotp();
      const client = await adaPendingWhereBobIsRemembered(built);
      // Bob's remembered device does not log this browser in while Ada's login waits.
      expect((await client.get('/login/two-factor')).status).to.equal(200);
      const done = await client.post('/login/two-factor').type('form').send({ code: code() });
      expect(clearsRememberCookie(done)).to.equal(true);
    });
    it('an expired pending login no longer stops the remembered login of the same browser', async () => {
      const { built } = await adaWithTotp();
      const client = await adaPendingWhereBobIsRemembered(built);
      expect((await client.get('/users/profile')).status).to.equal(302);
      advance(built, 6 * 60 * 1000);
      const profile = await client.get('/users/profile');
      expect(profile.status).to.equal(200);
      expect(profile.text).to.include(BOB.email);
    });
  });

  describe('an account that changed while the login waited', () => {
    it('a locked account cannot complete it: "Invalid email and/ or password."', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      await built.get(administrationIds.administration).lockUser.execute({ user: { id: 1 } });
      const result = await submit(client, '/login/two-factor', { code: code() });
      expect([result.location, result.failure]).to.deep.equal(['/login', messages.invalidCredentials]);
    });

    it('a deleted account cannot complete it', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      await built.get(administrationIds.administration).deleteUser.execute({ user: { id: 1 } });
      const result = await submit(client, '/login/two-factor', { code: code() });
      expect([result.location, result.failure]).to.deep.equal(['/login', messages.invalidCredentials]);
      // The administrator's deletion took the secret and the recovery codes with the account.
      expect(await built.twoFactor.totp.find(1)).to.equal(null);
      expect(await built.twoFactor.recoveryCodes.countUnused(1)).to.equal(0);
    });
  });

  describe('a password changed while the login waited', () => {
    /** Ada's password reset by link, as its owner does: the reset link, a new password. */
    async function resetAdasPassword(built: TestApp): Promise<void> {
      const created = await built.createPasswordResetLink.execute({ email: ADA.email });
      if (created.kind !== 'ok') throw new Error('no reset link');
      const token = new URL(created.link).searchParams.get('token') ?? '';
      await browser(built.app).post('/password/reset').type('form').send({ token, password: 'a-brand-new-passphrase' }).expect(302);
    }

    it('a reset voids it: a right code then does not log in, "Your login has expired. Please log in again."', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      await resetAdasPassword(built);
      const result = await submit(client, '/login/two-factor', { code: code() });
      expect([result.location, result.failure]).to.deep.equal(['/login', twoFactorMessages.pendingLoginExpired]);
      expect((await client.get('/users/profile')).headers.location).to.equal('/login');
      // The pending login is gone: the form sends the visitor back to /login as well.
      expect((await client.get('/login/two-factor')).headers.location).to.equal('/login');
    });

    it('a change by the owner voids it too', async () => {
      const { built, code } = await adaWithTotp();
      const client = await pendingLogin(built);
      const owner = await pendingLogin(built);
      expect((await submit(owner, '/login/two-factor', { code: code() })).location).to.equal('/');
      const changed = await submit(owner, '/account/password', { currentPassword: ADA.password, password: 'a-brand-new-passphrase' });
      expect(changed.failure).to.equal(null);
      // A step later, so the owner's code is not what refuses it.
      advance(built, STEP_MS);
      const result = await submit(client, '/login/two-factor', { code: code() });
      expect([result.location, result.failure]).to.deep.equal(['/login', twoFactorMessages.pendingLoginExpired]);
      expect((await client.get('/users/profile')).headers.location).to.equal('/login');
    });

    it('anything else leaves it: a pending login started after the change completes', async () => {
      const { built, code } = await adaWithTotp();
      // Verified, so the reset keeps the app (docs/security.md).
      await built.users.markEmailVerified(1);
      await resetAdasPassword(built);
      const client = browser(built.app);
      await client.post('/login').type('form').send({ email: ADA.email, password: 'a-brand-new-passphrase' }).expect(302);
      expect((await submit(client, '/login/two-factor', { code: code() })).location).to.equal('/');
    });
  });

  describe('a password reset', () => {
    it('keeps the second factor of a verified address: the next login still asks for a code', async () => {
      const { built, code } = await adaWithTotp();
      await built.users.markEmailVerified(1);
      const created = await built.createPasswordResetLink.execute({ email: ADA.email });
      if (created.kind !== 'ok') throw new Error('no reset link');
      const token = new URL(created.link).searchParams.get('token') ?? '';
      const password = 'a-brand-new-passphrase';
      await browser(built.app).post('/password/reset').type('form').send({ token, password }).expect(302);
      const client = browser(built.app);
      const response = await client.post('/login').type('form').send({ email: ADA.email, password });
      expect(response.headers.location).to.equal('/login/two-factor');
      expect((await submit(client, '/login/two-factor', { code: code() })).location).to.equal('/');
    });
  });

  describe('a secret no configured key opens', () => {
    it('says the code cannot be checked now, logs an error without the secret, and a recovery code still logs in', async () => {
      const log = captureLog();
      const { built, secret, recoveryCodes, code } = await adaWithTotp({ options: { logger: log.logger } });
      const stored = await built.twoFactor.totp.find(1);
      const lost = new AesGcmSecretBox([Buffer.alloc(32, 7)]).seal(secret, totpContext(1));
      expect(await built.twoFactor.totp.reseal(1, stored?.sealedSecret ?? '', lost)).to.equal(true);
      const client = await pendingLogin(built);
      const typed = code();
      const result = await submit(client, '/login/two-factor', { code: typed });
      expect([result.location, result.failure]).to.deep.equal(['/login/two-factor', twoFactorMessages.totpUncheckable]);
      const line = await log.waitForLine((entry) => entry.msg === 'authenticator secret cannot be opened with the configured keys');
      expect(line).to.include({ userId: 1, level: 'error' });
      for (const secretText of [secret, typed, lost]) expect(log.text()).not.to.include(secretText);
      expect((await submit(client, '/login/two-factor', { code: recoveryCodes[0] ?? '' })).location).to.equal('/');
    });
  });

  describe('the log', () => {
    it('never holds a code, a recovery code or the secret, and records each refusal as two-factor.failed', async () => {
      const log = captureLog();
      const { built, secret, recoveryCodes, code } = await adaWithTotp({ options: { logger: log.logger } });
      const client = await pendingLogin(built);
      await client.post('/login/two-factor').type('form').send({ code: '424242' });
      const used = code();
      await client.post('/login/two-factor').type('form').send({ code: used });
      await submit(await pendingLogin(built), '/login/two-factor', { code: recoveryCodes[0] ?? '' });
      await built.get(sharedIds.securityEvents).settled();
      const failed = await log.waitForLine((line) => line.event === 'two-factor.failed');
      expect(failed).to.include({ userId: 1, reason: 'wrong-code' });
      for (const secretText of [secret, used, '424242', recoveryCodes[0] ?? '', (recoveryCodes[0] ?? '').replace(/-/g, '')]) {
        expect(log.text()).not.to.include(secretText);
      }
    });
  });
});
