import { expect } from 'chai';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { signUp, withAda } from '../../support/accounts/account-client.js';
import { captureLog } from '../../support/captured-log.js';
import { clearsRememberCookie, logInRemembered } from '../../support/devices/remember-client.js';
import { addPasskey, loginOptions, postJson } from '../../support/passkeys/passkey-client.js';
import { SoftAuthenticator } from '../../support/passkeys/soft-authenticator.js';
import { browser, flashOf, showsLoggedIn } from '../../support/test-app.js';

/** Ada signed up with one passkey held by `authenticator`, and a fresh anonymous browser. */
async function adaWithPasskey(parts: Parameters<typeof withAda>[0] = {}, authenticator = new SoftAuthenticator()) {
  const passkeys = parts.passkeys ?? new InMemoryPasskeys();
  const built = await withAda({ ...parts, passkeys });
  const added = await addPasskey(built.ada, authenticator, 'Laptop');
  if (added.status !== 200) throw new Error(`passkey not added: ${JSON.stringify(added.body)}`);
  return { ...built, passkeys, authenticator, visitor: browser(built.app) };
}

/** The value of the session cookie among these Set-Cookie headers. */
function sessionCookie(headers: string | string[] | undefined): string | undefined {
  return ([] as string[]).concat(headers ?? []).find((cookie) => cookie.startsWith('gatehouse.sid='))?.split(';')[0];
}

const REFUSED = 'That passkey could not log you in. Try again, or log in with your email and password.';
const EXPIRED = 'The passkey request expired or was already used. Try again.';

describe('Passkey login (/login)', () => {
  it('offers "Log in with a passkey", hidden until the script shows it, and says it needs JavaScript', async () => {
    const built = await withAda();
    const page = await browser(built.app).get('/login').expect(200);
    expect(page.text).to.match(/<div class="card card-narrow passkey-login" data-passkey-login hidden>/);
    expect(page.text).to.include('<noscript><p>Logging in with a passkey needs JavaScript.</p></noscript>');
    expect(page.text).to.include('<script type="module" src="/assets/passkeys.js"></script>');
  });

  it('loads no script on other pages', async () => {
    const built = await withAda();
    for (const path of ['/', '/signup', '/account', '/users/profile']) {
      expect((await built.ada.get(path).expect(200)).text, path).to.not.include('<script');
    }
  });

  it('serves the bundled script from our own origin', async () => {
    const built = await withAda();
    const script = await browser(built.app).get('/assets/passkeys.js').expect(200);
    expect(script.headers['content-type']).to.equal('text/javascript; charset=utf-8');
    expect(script.text).to.include('/login/passkey/options');
  });

  it('asks for any discoverable passkey of the RP, with user verification', async () => {
    const built = await withAda();
    const options = await loginOptions(browser(built.app));
    expect(options).to.include({ rpId: 'gatehouse.example.test', userVerification: 'required' });
    expect(options.allowCredentials ?? []).to.deep.equal([]);
  });

  it('logs in with no email: a new session, "Successfully logged in.", then /', async () => {
    const built = await adaWithPasskey();
    const started = await built.visitor.post('/login/passkey/options').send({}).expect(200);
    const response = built.authenticator.assert(started.body.options);
    const answer = await built.visitor.post('/login/passkey').send({ response });
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({ redirect: '/' });
    // A new session id: the visitor's session (which held the challenge) is not the one logged in.
    expect(sessionCookie(answer.headers['set-cookie'])).to.not.equal(sessionCookie(started.headers['set-cookie']));
    const home = await built.visitor.get('/').expect(200);
    expect(flashOf(home.text, 'messageSuccess')).to.equal('Successfully logged in.');
    expect(showsLoggedIn(home.text)).to.equal(true);
  });

  it('records the use (counter, last use) and the login, with the method in the log', async () => {
    const log = captureLog();
    const built = await adaWithPasskey({ options: { logger: log.logger } });
    const options = await loginOptions(built.visitor);
    await postJson(built.visitor, '/login/passkey', { response: built.authenticator.assert(options) });
    const [passkey] = await built.passkeys.listOfUser(1);
    expect(passkey).to.include({ counter: 1, lastUsedAt: built.clock.now() });
    const line = await log.waitForLine((l) => l.event === 'login.succeeded' && l.method === 'passkey');
    expect(line).to.include({ userId: 1 });
    const page = await built.ada.get('/account/passkeys');
    expect(page.text).to.not.include('<dd>Never</dd>');
  });

  it("remembers no device, and removes another account's remember-me cookie, as a password login without the box does", async () => {
    const built = await adaWithPasskey();
    await signUp(built, { email: 'bob@example.com', password: 'difference-engine' });
    const { client } = await logInRemembered(built.app, { email: 'bob@example.com', password: 'difference-engine' });
    const options = await loginOptions(client);
    const done = await client.post('/login/passkey').send({ response: built.authenticator.assert(options) });
    expect(done.status).to.equal(200);
    expect(clearsRememberCookie(done)).to.equal(true);
    expect(await built.rememberTokens.listOfUser(1, built.clock.now())).to.have.length(0);
  });

  it('logs in with an authenticator that does not count (0 every time), again and again', async () => {
    const built = await adaWithPasskey({}, new SoftAuthenticator(undefined, false));
    for (let i = 0; i < 2; i++) {
      const visitor = browser(built.app);
      const options = await loginOptions(visitor);
      const answer = await postJson(visitor, '/login/passkey', { response: built.authenticator.assert(options) });
      expect(answer.status).to.equal(200);
    }
  });

  describe('refusals: a JSON 4xx with a message, no login, and a log line', () => {
    it("refuses login options past the address's login budget with a 429, shared with password guesses", async () => {
      const built = await adaWithPasskey({ throttle: { loginFailuresPerAddress: 2 } });
      await postJson(built.visitor, '/login/passkey/options', {});
      await built.visitor.post('/login').type('form').send({ email: 'ada@example.com', password: 'wrong-guess' });
      const answer = await built.visitor.post('/login/passkey/options').send({});
      expect(answer.status).to.equal(429);
      expect(answer.headers['retry-after']).to.match(/^\d+$/);
      expect(answer.body.error).to.match(/^Too many failed login attempts\. Please try again in /);
    });

    it('gives the attempt back to the address when the passkey login succeeds', async () => {
      const built = await adaWithPasskey({ throttle: { loginFailuresPerAddress: 2 } });
      for (let i = 0; i < 3; i++) {
        const visitor = browser(built.app);
        const options = await loginOptions(visitor);
        expect((await postJson(visitor, '/login/passkey', { response: built.authenticator.assert(options) })).status).to.equal(200);
      }
    });

    it('refuses a counter that went backwards, and tells the owner on the activity page', async () => {
      const built = await adaWithPasskey();
      const first = await loginOptions(built.visitor);
      await postJson(built.visitor, '/login/passkey', { response: built.authenticator.assert(first, { counter: 5 }) });
      const thief = browser(built.app);
      const options = await loginOptions(thief);
      const answer = await postJson(thief, '/login/passkey', { response: built.authenticator.assert(options, { counter: 3 }) });
      expect(answer).to.deep.equal({ status: 401, body: { error: REFUSED } });
      expect(showsLoggedIn((await thief.get('/')).text)).to.equal(false);
      expect((await built.ada.get('/account/activity')).text).to.include('Failed login attempt');
    });

    it('refuses an unknown credential', async () => {
      const built = await adaWithPasskey();
      const stranger = new SoftAuthenticator();
      stranger.register({ challenge: 'eA', rp: { id: 'gatehouse.example.test' }, user: { id: 'dXNlcg' } });
      const options = await loginOptions(built.visitor);
      const answer = await postJson(built.visitor, '/login/passkey', { response: stranger.assert(options) });
      expect(answer).to.deep.equal({ status: 401, body: { error: REFUSED } });
    });

    it('refuses an answer with no challenge asked for, or a reused one', async () => {
      const built = await adaWithPasskey();
      const options = await loginOptions(built.visitor);
      const response = built.authenticator.assert(options);
      const fresh = browser(built.app);
      expect(await postJson(fresh, '/login/passkey', { response })).to.deep.equal({ status: 401, body: { error: EXPIRED } });
      await postJson(built.visitor, '/login/passkey', { response: { id: 'nope' } });
      const reused = await postJson(built.visitor, '/login/passkey', { response });
      expect(reused).to.deep.equal({ status: 401, body: { error: EXPIRED } });
    });

    it('refuses an answer after the challenge expired (5 minutes)', async () => {
      const built = await adaWithPasskey();
      const options = await loginOptions(built.visitor);
      (built.clock as unknown as { advance(ms: number): void }).advance(5 * 60 * 1000);
      const answer = await postJson(built.visitor, '/login/passkey', { response: built.authenticator.assert(options) });
      expect(answer.body.error).to.equal(EXPIRED);
    });

    it('refuses an answer signed for another challenge', async () => {
      const built = await adaWithPasskey();
      const options = await loginOptions(built.visitor);
      const response = built.authenticator.assert(options, { challenge: 'b3RoZXItY2hhbGxlbmdl' });
      expect(await postJson(built.visitor, '/login/passkey', { response })).to.deep.equal({ status: 401, body: { error: REFUSED } });
    });

    it('refuses an answer with a user handle that is not the passkey\'s', async () => {
      const built = await adaWithPasskey();
      const options = await loginOptions(built.visitor);
      const response = built.authenticator.assert(options, { userHandle: 'c29tZW9uZS1lbHNl' });
      expect((await postJson(built.visitor, '/login/passkey', { response })).status).to.equal(401);
    });

    it('refuses an answer from another origin', async () => {
      const passkeys = new InMemoryPasskeys();
      const built = await adaWithPasskey({ passkeys });
      const options = await loginOptions(built.visitor);
      const phished = built.authenticator.on('https://evil.example');
      const answer = await postJson(built.visitor, '/login/passkey', { response: phished.assert(options) });
      expect(answer.status).to.equal(401);
    });

    it('refuses a valid passkey of a locked account, as it refuses a wrong one', async () => {
      const users = new InMemoryUserRepository();
      const built = await adaWithPasskey({ users });
      await users.setLocked(1, true);
      const options = await loginOptions(built.visitor);
      const answer = await postJson(built.visitor, '/login/passkey', { response: built.authenticator.assert(options) });
      expect(answer).to.deep.equal({ status: 401, body: { error: REFUSED } });
    });

    it("refuses a passkey whose account is gone", async () => {
      const users = new InMemoryUserRepository();
      const built = await adaWithPasskey({ users });
      await users.delete(1);
      const options = await loginOptions(built.visitor);
      const answer = await postJson(built.visitor, '/login/passkey', { response: built.authenticator.assert(options) });
      expect(answer).to.deep.equal({ status: 401, body: { error: REFUSED } });
    });

    for (const [what, body] of [
      ['no response', {}],
      ['a response that is a string', { response: 'hello' }],
      ['a response with fields of the wrong types', { response: { id: ['a'], rawId: 1, type: 'public-key', response: { signature: 5 } } }],
      ['a JSON array', [1, 2]],
    ] as const) {
      it(`refuses ${what} with a 401`, async () => {
        const built = await adaWithPasskey();
        await loginOptions(built.visitor);
        const answer = await postJson(built.visitor, '/login/passkey', body);
        expect(answer).to.deep.equal({ status: 401, body: { error: REFUSED } });
      });
    }

    it('refuses malformed JSON and a bare JSON value with a 400', async () => {
      const built = await withAda();
      for (const text of ['{"response":', '"just a string"']) {
        const answer = await browser(built.app).post('/login/passkey').set('Content-Type', 'application/json').send(text);
        expect(answer.status, text).to.equal(400);
        expect(answer.body.error, text).to.be.a('string');
      }
    });

    it('refuses an oversized body with a 413', async () => {
      const built = await withAda();
      const answer = await browser(built.app).post('/login/passkey').send({ response: 'x'.repeat(40_000) });
      expect(answer.status).to.equal(413);
    });

    it('refuses a cross-origin request with 403', async () => {
      const built = await withAda();
      const answer = await browser(built.app).post('/login/passkey/options').set('Origin', 'https://evil.example').send({});
      expect(answer.status).to.equal(403);
    });

    it('logs every refusal as passkey.refused with its reason', async () => {
      const log = captureLog();
      const built = await adaWithPasskey({ options: { logger: log.logger } });
      await loginOptions(built.visitor);
      await postJson(built.visitor, '/login/passkey', { response: { nonsense: true } });
      const line = await log.waitForLine((l) => l.event === 'passkey.refused');
      expect(line).to.include({ reason: 'passkey-invalid-response', level: 'warn' });
    });

    it("ends the visitor's session that held only the challenge", async () => {
      const built = await adaWithPasskey();
      await loginOptions(built.visitor);
      const refused = await built.visitor.post('/login/passkey').send({ response: {} });
      const cookies = ([] as string[]).concat(refused.headers['set-cookie'] ?? []);
      expect(cookies.some((cookie) => /^gatehouse\.sid=;/.test(cookie))).to.equal(true);
    });
  });

  it('does not log in the user whose passkey it is not: Bob with his own passkey is Bob', async () => {
    const built = await adaWithPasskey();
    const bob = await signUp(built, { email: 'bob@example.com', password: 'difference-engine' });
    const bobs = new SoftAuthenticator();
    await addPasskey(bob, bobs, '', 'difference-engine');
    const visitor = browser(built.app);
    const options = await loginOptions(visitor);
    await postJson(visitor, '/login/passkey', { response: bobs.assert(options) });
    const profile = await visitor.get('/users/profile').expect(200);
    expect(profile.text).to.include('bob@example.com');
  });
});
