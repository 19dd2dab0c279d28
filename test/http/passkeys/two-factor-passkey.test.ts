import { expect } from 'chai';
import { PENDING_LOGIN_MS } from '../../../src/application/accounts/pending-login.js';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { messages } from '../../support/english.js';
import { secondFactorThrottled, twoFactorMessages } from '../../support/english.js';
import { ADA, type Browser, logIn, signUp, submit } from '../../support/accounts/account-client.js';
import { captureLog } from '../../support/captured-log.js';
import { addPasskey, postJson } from '../../support/passkeys/passkey-client.js';
import { REMEMBER, SESSION } from '../../support/devices/remember-client.js';
import { setCookieHeader, setCookieValue } from '../../support/session-cookies.js';
import { SoftAuthenticator } from '../../support/passkeys/soft-authenticator.js';
import { browser, buildTestApp, flashOf, showsLoggedIn, type TestApp } from '../../support/test-app.js';
import { advance, enrolTotp, totpCode } from '../../support/two-factor/two-factor-client.js';
import { administrationIds } from '../../../src/infrastructure/administration/administration-ids.js';

const BOB = { email: 'bob@example.com', password: 'difference-engine' };
const OPTIONS = '/login/two-factor/passkey/options';
const VERIFY = '/login/two-factor/passkey';

/** Ada (user 1) with one passkey (and the authenticator app and its `secret`, when asked), logged out; Bob (user 2) with a passkey of his own. */
async function adaWithPasskey(parts: { totp?: boolean; app?: Parameters<typeof buildTestApp>[0] } = {}) {
  const passkeys = new InMemoryPasskeys();
  const built = buildTestApp({ ...parts.app, passkeys });
  const ada = await signUp(built, ADA);
  const authenticator = new SoftAuthenticator();
  expect((await addPasskey(ada, authenticator, 'Laptop')).status).to.equal(200);
  const secret = parts.totp ? (await enrolTotp(built, ada)).secret : '';
  await ada.get('/logout').expect(302);
  const bob = await signUp(built, BOB);
  const bobsAuthenticator = new SoftAuthenticator();
  expect((await addPasskey(bob, bobsAuthenticator, 'Phone', BOB.password)).status).to.equal(200);
  return { built, passkeys, authenticator, bobsAuthenticator, secret };
}

/** A new browser that typed Ada's right password: its login waits for the second factor. */
async function pendingLogin(built: TestApp, form: Record<string, string> = {}): Promise<Browser> {
  const client = browser(built.app);
  const response = await client.post('/login').type('form').send({ ...ADA, ...form });
  expect(response.headers.location).to.equal('/login/two-factor');
  return client;
}

/** Options for the pending login of `client`, answered by `authenticator`, posted as the page's script does. */
async function answerWith(client: Browser, authenticator: SoftAuthenticator) {
  const started = await postJson(client, OPTIONS, {});
  expect(started.status).to.equal(200);
  return postJson(client, VERIFY, { response: authenticator.assert(started.body.options) });
}

describe('a passkey as the second factor (/login/two-factor)', () => {
  describe('the page', () => {
    it('makes a passkey-only user\'s password login pending, and offers only "Use a passkey", hidden until the script shows it', async () => {
      const { built } = await adaWithPasskey();
      const page = await (await pendingLogin(built)).get('/login/two-factor').expect(200);
      expect(page.text).to.match(/<div class="card card-narrow passkey-login" data-passkey-second-factor hidden>/);
      expect(page.text).to.include('<button id="passkey-second-factor" type="button">Use a passkey</button>');
      expect(page.text).to.include('<noscript><p>Using a passkey needs JavaScript.</p></noscript>');
      expect(page.text).to.include('<p class="passkey-unsupported" data-passkey-unsupported hidden>This browser cannot use passkeys.</p>');
      expect(page.text).to.include('<script type="module" src="/assets/passkeys.js"></script>');
      expect(page.text).not.to.include('action="/login/two-factor"');
      expect(showsLoggedIn(page.text)).to.equal(false);
    });

    it('offers both the code form and the passkey to a user with the app and a passkey', async () => {
      const { built } = await adaWithPasskey({ totp: true });
      const page = await (await pendingLogin(built)).get('/login/two-factor').expect(200);
      expect(page.text).to.include('action="/login/two-factor"').and.include('data-passkey-second-factor');
      // One primary action: the code form's "Log in"; the passkey is the other way.
      expect(page.text).to.match(/<button[^>]* class="button-secondary"[^>]*>Use a passkey<\/button>/);
      expect(page.text).to.include('<button type="submit">Log in</button>');
    });

    it('offers no passkey, and loads no script, for a user with the app alone', async () => {
      const built = buildTestApp();
      const ada = await signUp(built, ADA);
      await enrolTotp(built, ada);
      await ada.get('/logout');
      const page = await (await pendingLogin(built)).get('/login/two-factor').expect(200);
      expect(page.text).to.include('action="/login/two-factor"');
      expect(page.text).not.to.include('data-passkey-second-factor').and.not.include('<script');
    });
  });

  describe('while a passkey-only login is pending', () => {
    const gated: [string, string][] = [
      ['/users/profile', '/login'],
      ['/special', '/signup'],
      ['/admin', '/login'],
      ['/users', '/login'],
      ['/account', '/login'],
      ['/account/passkeys', '/login'],
    ];
    for (const [path, location] of gated) {
      it(`GET ${path} treats the visitor as anonymous (${location})`, async () => {
        const { built } = await adaWithPasskey();
        await built.setUserAdmin.execute({ user: { email: ADA.email }, admin: true });
        const result = await (await pendingLogin(built)).get(path);
        expect([result.status, result.headers.location]).to.deep.equal([302, location]);
      });
    }

    it('the account endpoints of passkeys answer 401', async () => {
      const { built } = await adaWithPasskey();
      expect((await postJson(await pendingLogin(built), '/account/passkeys/options', {})).status).to.equal(401);
    });
  });

  describe(`POST ${OPTIONS}`, () => {
    it("asks for one of the pending user's passkeys, with user verification", async () => {
      const { built, passkeys } = await adaWithPasskey();
      const started = await postJson(await pendingLogin(built), OPTIONS, {});
      const [adas] = await passkeys.listOfUser(1);
      expect(started.body.options).to.include({ rpId: 'gatehouse.example.test', userVerification: 'required' });
      expect(started.body.options?.allowCredentials).to.deep.equal([{ id: adas?.credentialId, type: 'public-key', transports: ['internal'] }]);
    });

    it('without a pending login answers 401 with the way back to /login', async () => {
      const { built } = await adaWithPasskey();
      const visitor = browser(built.app);
      const answer = await postJson(visitor, OPTIONS, {});
      expect(answer).to.deep.equal({ status: 401, body: { error: twoFactorMessages.pendingLoginExpired, redirect: '/login' } });
      expect(flashOf((await visitor.get('/login')).text, 'messageFailure')).to.equal(twoFactorMessages.pendingLoginExpired);
    });

    it('after 5 minutes answers 401, ends the pending login, and /login says it expired', async () => {
      const { built } = await adaWithPasskey();
      const client = await pendingLogin(built);
      advance(built, PENDING_LOGIN_MS);
      const answer = await postJson(client, OPTIONS, {});
      expect(answer).to.deep.equal({ status: 401, body: { error: twoFactorMessages.pendingLoginExpired, redirect: '/login' } });
      expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal(twoFactorMessages.pendingLoginExpired);
      expect((await client.get('/login/two-factor')).headers.location).to.equal('/login');
    });

    it("does not count against the user's tries: cancelled prompts leave the code form working", async () => {
      const { built, secret } = await adaWithPasskey({ totp: true });
      const client = await pendingLogin(built);
      for (let i = 0; i < 10; i++) expect((await postJson(client, OPTIONS, {})).status).to.equal(200);
      const result = await submit(client, '/login/two-factor', { code: totpCode(secret, built.clock.now()) });
      expect(result.location).to.equal('/');
    });

    it('is bounded per address: the 21st in 15 minutes is told 429 with Retry-After', async () => {
      const { built } = await adaWithPasskey();
      const client = await pendingLogin(built);
      for (let i = 0; i < 20; i++) expect((await postJson(client, OPTIONS, {})).status).to.equal(200);
      const refused = await client.post(OPTIONS).set('Accept', 'application/json').send({});
      expect(refused.status).to.equal(429);
      expect(Number(refused.headers['retry-after'])).to.be.greaterThan(0);
      expect(refused.body.error).to.equal(secondFactorThrottled(Number(refused.headers['retry-after'])));
    });
  });

  describe(`POST ${VERIFY}`, () => {
    it('with her own passkey logs Ada in as the contract says: new session id, "Successfully logged in.", then /', async () => {
      const log = captureLog();
      const { built, passkeys, authenticator } = await adaWithPasskey({ app: { options: { logger: log.logger } } });
      const client = browser(built.app);
      const pending = setCookieValue(await client.post('/login').type('form').send(ADA), SESSION);
      const answer = await answerWith(client, authenticator);
      expect(answer).to.deep.equal({ status: 200, body: { redirect: '/' } });
      const home = await client.get('/').expect(200);
      expect(flashOf(home.text, 'messageSuccess')).to.equal(messages.loggedIn);
      expect(showsLoggedIn(home.text)).to.equal(true);
      expect(await built.sessions.find(pending ?? '', Date.now())).to.equal(null);
      await client.get('/users/profile').expect(200);
      const line = await log.waitForLine((l) => l.event === 'login.succeeded');
      expect(line).to.include({ userId: 1, method: 'passkey' });
      const [passkey] = await passkeys.listOfUser(1);
      expect(passkey?.lastUsedAt).to.equal(built.clock.now());
    });

    it('gets a new session id for the logged-in session', async () => {
      const { built, authenticator } = await adaWithPasskey();
      const client = browser(built.app);
      const pending = setCookieValue(await client.post('/login').type('form').send(ADA), SESSION);
      const started = await client.post(OPTIONS).set('Accept', 'application/json').send({});
      const response = await client.post(VERIFY).set('Accept', 'application/json').send({ response: authenticator.assert(started.body.options) });
      const loggedIn = setCookieValue(response, SESSION);
      expect(loggedIn).to.be.a('string').and.not.equal(pending);
      expect((await built.sessions.find(loggedIn ?? '', Date.now()))?.userId).to.equal(1);
    });

    it('applies "Keep me logged in" only now, not after the password', async () => {
      const { built, authenticator } = await adaWithPasskey();
      const client = browser(built.app);
      const afterPassword = await client.post('/login').type('form').send({ ...ADA, remember: 'yes' });
      expect(setCookieHeader(afterPassword, REMEMBER)).to.equal(null);
      expect(await built.rememberTokens.listOfUser(1, built.clock.now())).to.have.length(0);
      const started = await client.post(OPTIONS).set('Accept', 'application/json').send({});
      expect(setCookieHeader(started, REMEMBER)).to.equal(null);
      const done = await client.post(VERIFY).set('Accept', 'application/json').send({ response: authenticator.assert(started.body.options) });
      expect(setCookieValue(done, REMEMBER)).to.be.a('string');
      expect(await built.rememberTokens.listOfUser(1, built.clock.now())).to.have.length(1);
    });

    it("refuses another user's passkey with 401, logs a failed second factor, and the login still waits", async () => {
      const log = captureLog();
      const { built, authenticator, bobsAuthenticator } = await adaWithPasskey({ app: { options: { logger: log.logger } } });
      const client = await pendingLogin(built);
      const refused = await answerWith(client, bobsAuthenticator);
      expect(refused).to.deep.equal({ status: 401, body: { error: twoFactorMessages.passkeyRefused } });
      const line = await log.waitForLine((l) => l.event === 'two-factor.failed');
      expect(line).to.include({ userId: 1, reason: 'passkey-other-user' });
      const activity = await built.audit.listOfUser(1, { before: null, limit: 50 });
      expect(activity.map((event) => event.type)).to.include('two-factor.failed').and.not.include('login.succeeded');
      expect(showsLoggedIn((await client.get('/').expect(200)).text)).to.equal(false);
      expect((await answerWith(client, authenticator)).body).to.deep.equal({ redirect: '/' });
    });

    it('refuses a malformed answer with 401, and an answer with no options asked for with 400', async () => {
      const { built } = await adaWithPasskey();
      const client = await pendingLogin(built);
      expect((await postJson(client, VERIFY, { response: { id: 'x' } })).status).to.equal(400);
      await postJson(client, OPTIONS, {});
      expect(await postJson(client, VERIFY, { response: 'nonsense' })).to.deep.equal({
        status: 401,
        body: { error: twoFactorMessages.passkeyRefused },
      });
    });

    it("does not take a passwordless login's challenge", async () => {
      const { built, authenticator } = await adaWithPasskey();
      const client = await pendingLogin(built);
      const options = (await postJson(client, '/login/passkey/options', {})).body.options;
      expect((await postJson(client, VERIFY, { response: authenticator.assert(options) })).status).to.equal(400);
    });

    it('without a pending login answers 401 with the way back to /login', async () => {
      const { built, authenticator } = await adaWithPasskey();
      const visitor = browser(built.app);
      const options = (await postJson(visitor, '/login/passkey/options', {})).body.options;
      const answer = await postJson(visitor, VERIFY, { response: authenticator.assert(options) });
      expect(answer).to.deep.equal({ status: 401, body: { error: twoFactorMessages.pendingLoginExpired, redirect: '/login' } });
      expect(showsLoggedIn((await visitor.get('/').expect(200)).text)).to.equal(false);
    });

    it('after 5 minutes answers 401 with the way back to /login, even with a live challenge', async () => {
      const { built, authenticator } = await adaWithPasskey();
      const client = await pendingLogin(built);
      advance(built, PENDING_LOGIN_MS - 1000);
      const started = await postJson(client, OPTIONS, {});
      advance(built, 1000);
      const answer = await postJson(client, VERIFY, { response: authenticator.assert(started.body.options) });
      expect(answer).to.deep.equal({ status: 401, body: { error: twoFactorMessages.pendingLoginExpired, redirect: '/login' } });
      expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal(twoFactorMessages.pendingLoginExpired);
      expect(showsLoggedIn((await client.get('/').expect(200)).text)).to.equal(false);
    });

    it('a locked account cannot complete it: 401 with "Invalid email and/ or password." and /login', async () => {
      const { built, authenticator } = await adaWithPasskey();
      const client = await pendingLogin(built);
      const started = await postJson(client, OPTIONS, {});
      await built.get(administrationIds.administration).lockUser.execute({ user: { id: 1 } });
      const answer = await postJson(client, VERIFY, { response: authenticator.assert(started.body.options) });
      expect(answer).to.deep.equal({ status: 401, body: { error: messages.invalidCredentials, redirect: '/login' } });
    });

    it('counts each answer as a code does: after 5 refused, the sixth (even a right one) is told 429', async () => {
      const { built, authenticator, bobsAuthenticator } = await adaWithPasskey();
      const client = await pendingLogin(built);
      for (let i = 0; i < 5; i++) expect((await answerWith(client, bobsAuthenticator)).status).to.equal(401);
      const refused = await answerWith(client, authenticator);
      expect(refused.status).to.equal(429);
      expect(refused.body.error).to.match(/^Too many codes were tried\./);
      expect(showsLoggedIn((await client.get('/').expect(200)).text)).to.equal(false);
    });

    it('a password reset since the password step voids it: 401 with the expired message, not logged in', async () => {
      const { built, authenticator } = await adaWithPasskey();
      const client = await pendingLogin(built);
      const started = await postJson(client, OPTIONS, {});
      const created = await built.createPasswordResetLink.execute({ email: ADA.email });
      if (created.kind !== 'ok') throw new Error('no reset link');
      const token = new URL(created.link).searchParams.get('token') ?? '';
      await browser(built.app).post('/password/reset').type('form').send({ token, password: 'a-brand-new-passphrase' }).expect(302);
      const answer = await postJson(client, VERIFY, { response: authenticator.assert(started.body.options) });
      expect(answer).to.deep.equal({ status: 401, body: { error: twoFactorMessages.pendingLoginExpired, redirect: '/login' } });
      expect(showsLoggedIn((await client.get('/').expect(200)).text)).to.equal(false);
    });
  });

  describe('login.succeeded says how the login was proved', () => {
    it('`password` alone, then `totp` or `recovery-code` after it', async () => {
      const log = captureLog();
      const built = buildTestApp({ options: { logger: log.logger } });
      await (await signUp(built, ADA)).get('/logout');
      const { secret, recoveryCodes } = await enrolTotp(built, await logIn(built, ADA));
      await submit(await pendingLogin(built), '/login/two-factor', { code: totpCode(secret, built.clock.now()) });
      await submit(await pendingLogin(built), '/login/two-factor', { code: recoveryCodes[0] ?? '' });
      await log.waitForLine((l) => l.event === 'login.succeeded' && l.method === 'recovery-code');
      const methods = log.lines().filter((l) => l.event === 'login.succeeded').map((l) => l.method);
      expect(methods).to.deep.equal(['password', 'totp', 'recovery-code']);
    });
  });
});
