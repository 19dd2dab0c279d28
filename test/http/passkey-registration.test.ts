import { expect } from 'chai';
import { InMemoryPasskeys } from '../../src/infrastructure/persistence/in-memory-passkeys.js';
import { ADA, signUp, withAda } from '../support/account-client.js';
import { addPasskey, postJson, registrationOptions } from '../support/passkey-client.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';
import { browser, flashOf } from '../support/test-app.js';
import { captureLog } from '../support/captured-log.js';

describe('Passkey registration (/account/passkeys)', () => {
  it('lists nothing at first, and says that adding one needs JavaScript', async () => {
    const built = await withAda();
    const page = await built.ada.get('/account/passkeys').expect(200);
    expect(page.text).to.include('You have no passkey yet.');
    expect(page.text).to.include('<noscript><p>Adding a passkey needs JavaScript.</p></noscript>');
    expect(page.text).to.include('<script type="module" src="/assets/passkeys.js"></script>');
  });

  it('sends an anonymous visitor of the page to /login with "Must be logged in"', async () => {
    const built = await withAda();
    const answer = await browser(built.app).get('/account/passkeys').expect(302);
    expect(answer.headers.location).to.equal('/login');
  });

  it('asks for a discoverable passkey with user verification, under a random user handle, for the RP of APP_URL', async () => {
    const built = await withAda();
    const options = await registrationOptions(built.ada);
    expect(options.rp).to.deep.equal({ name: 'Gatehouse', id: 'gatehouse.example.test' });
    expect(options.authenticatorSelection).to.include({ residentKey: 'required', userVerification: 'required' });
    const user = options.user as { id: string; name: string };
    expect(user.name).to.equal(ADA.email);
    expect(Buffer.from(user.id, 'base64url')).to.have.length(64);
    expect(Buffer.from(user.id, 'base64url').toString('utf8')).to.not.include(ADA.email);
  });

  it('adds a passkey under the typed name, trimmed, and lists it with its dates', async () => {
    const built = await withAda();
    const answer = await addPasskey(built.ada, new SoftAuthenticator(), '  My   laptop ');
    expect(answer).to.deep.equal({ status: 200, body: { redirect: '/account/passkeys' } });
    const page = await built.ada.get('/account/passkeys').expect(200);
    expect(flashOf(page.text, 'messageSuccess')).to.equal('Passkey "My laptop" added.');
    expect(page.text).to.include('My laptop');
    expect(page.text).to.include('<dt>Last used</dt><dd>Never</dd>');
  });

  it('names an unnamed passkey "Passkey N", and keeps one user handle for all of a user\'s passkeys', async () => {
    const passkeys = new InMemoryPasskeys();
    const built = await withAda({ passkeys });
    await addPasskey(built.ada, new SoftAuthenticator());
    await addPasskey(built.ada, new SoftAuthenticator());
    const stored = await passkeys.listOfUser(1);
    expect(stored.map((p) => p.name)).to.deep.equal(['Passkey 1', 'Passkey 2']);
    expect(stored[0]?.userHandle).to.equal(stored[1]?.userHandle);
  });

  it('excludes the authenticators that already hold one of the user\'s passkeys', async () => {
    const passkeys = new InMemoryPasskeys();
    const built = await withAda({ passkeys });
    await addPasskey(built.ada, new SoftAuthenticator());
    const options = await registrationOptions(built.ada);
    const [stored] = await passkeys.listOfUser(1);
    expect(options.excludeCredentials).to.deep.equal([{ id: stored?.credentialId, type: 'public-key', transports: ['internal'] }]);
  });

  it('records "Passkey added" on the activity page', async () => {
    const built = await withAda();
    await addPasskey(built.ada, new SoftAuthenticator(), 'Phone');
    const page = await built.ada.get('/account/activity').expect(200);
    expect(page.text).to.include('Passkey added');
  });

  describe('refusals: a JSON 4xx with a message, nothing stored, and a log line', () => {
    it('refuses a name over 64 characters', async () => {
      const passkeys = new InMemoryPasskeys();
      const built = await withAda({ passkeys });
      const answer = await addPasskey(built.ada, new SoftAuthenticator(), 'x'.repeat(65));
      expect(answer).to.deep.equal({ status: 400, body: { error: 'A passkey name can be at most 64 characters.' } });
      expect(await passkeys.countOfUser(1)).to.equal(0);
    });

    it('refuses an answer with no challenge asked for first', async () => {
      const built = await withAda();
      const other = await signUp(built, { email: 'bob@example.com', password: 'difference-engine' });
      const options = await registrationOptions(other);
      const answer = await postJson(built.ada, '/account/passkeys', { name: '', response: new SoftAuthenticator().register(options) });
      expect(answer).to.deep.equal({ status: 400, body: { error: 'The passkey request expired or was already used. Try again.' } });
    });

    it('refuses an answer signed for another challenge', async () => {
      const built = await withAda();
      const options = await registrationOptions(built.ada);
      const response = new SoftAuthenticator().register(options, { challenge: 'c29tZS1vdGhlci1jaGFsbGVuZ2U' });
      const answer = await postJson(built.ada, '/account/passkeys', { name: '', response });
      expect(answer).to.deep.equal({ status: 400, body: { error: 'The passkey could not be verified, so it was not added. Try again.' } });
    });

    it('refuses a reused challenge: the first answer used it up, even a refused one', async () => {
      const built = await withAda();
      const options = await registrationOptions(built.ada);
      const authenticator = new SoftAuthenticator();
      await postJson(built.ada, '/account/passkeys', { name: 'x'.repeat(65), response: authenticator.register(options) });
      const answer = await postJson(built.ada, '/account/passkeys', { name: '', response: authenticator.register(options) });
      expect(answer.status).to.equal(400);
      expect(answer.body.error).to.equal('The passkey request expired or was already used. Try again.');
    });

    it('refuses an answer after the challenge expired (5 minutes)', async () => {
      const built = await withAda();
      const options = await registrationOptions(built.ada);
      (built.clock as unknown as { advance(ms: number): void }).advance(5 * 60 * 1000);
      const answer = await postJson(built.ada, '/account/passkeys', { name: '', response: new SoftAuthenticator().register(options) });
      expect(answer.body.error).to.equal('The passkey request expired or was already used. Try again.');
    });

    it('refuses an answer from another origin', async () => {
      const built = await withAda();
      const options = await registrationOptions(built.ada);
      const response = new SoftAuthenticator('https://evil.example').register(options);
      const answer = await postJson(built.ada, '/account/passkeys', { name: '', response });
      expect(answer.status).to.equal(400);
    });

    it('refuses a passkey that did not verify its user', async () => {
      const built = await withAda();
      const options = await registrationOptions(built.ada);
      const response = new SoftAuthenticator().register(options, { userVerified: false });
      expect((await postJson(built.ada, '/account/passkeys', { name: '', response })).status).to.equal(400);
    });

    for (const [what, body] of [
      ['no response', { name: '' }],
      ['a response of the wrong type', { name: '', response: 'yes' }],
      ['a response with a field of the wrong type', { name: '', response: { id: 1, rawId: 1, type: 'public-key', response: {} } }],
      ['a name that is not a string', { name: ['a'], response: {} }],
    ] as const) {
      it(`refuses ${what} with a 400`, async () => {
        const built = await withAda();
        await registrationOptions(built.ada);
        const answer = await postJson(built.ada, '/account/passkeys', body);
        expect(answer.status).to.equal(400);
        expect(answer.body.error).to.be.a('string');
      });
    }

    it('refuses malformed JSON with a 400 JSON answer', async () => {
      const built = await withAda();
      const answer = await built.ada.post('/account/passkeys').set('Content-Type', 'application/json').send('{"name":');
      expect(answer.status).to.equal(400);
      expect(answer.body).to.deep.equal({ error: 'The request could not be read. Reload the page and try again.' });
    });

    it('refuses a body over 32 KB with a 413 JSON answer', async () => {
      const built = await withAda();
      const answer = await built.ada.post('/account/passkeys').send({ name: 'x'.repeat(40_000) });
      expect(answer.status).to.equal(413);
      expect(answer.body.error).to.equal('The request was too large. Reload the page and try again.');
    });

    it('refuses a form body with a 415 JSON answer', async () => {
      const built = await withAda();
      const answer = await built.ada.post('/account/passkeys').type('form').send({ name: 'x' });
      expect(answer.status).to.equal(415);
      expect(answer.body.error).to.be.a('string');
    });

    it('answers an anonymous visitor with a 401 JSON answer', async () => {
      const built = await withAda();
      const answer = await postJson(browser(built.app), '/account/passkeys/options', {});
      expect(answer).to.deep.equal({ status: 401, body: { error: 'Your session has ended. Log in again to manage your passkeys.' } });
    });

    it('refuses a cross-origin request with 403 before anything', async () => {
      const built = await withAda();
      const answer = await built.ada.post('/account/passkeys/options').set('Sec-Fetch-Site', 'cross-site').send({});
      expect(answer.status).to.equal(403);
    });

    it('refuses a response used once already: its challenge is gone', async () => {
      const built = await withAda();
      const options = await registrationOptions(built.ada);
      const response = new SoftAuthenticator().register(options);
      await postJson(built.ada, '/account/passkeys', { name: '', response });
      await registrationOptions(built.ada);
      const again = await postJson(built.ada, '/account/passkeys', { name: '', response });
      expect(again.status).to.equal(400);
    });

    it("refuses a credential id that is registered already, another user's included (409)", async () => {
      const passkeys = new InMemoryPasskeys();
      const built = await withAda({ passkeys });
      const bob = await signUp(built, { email: 'bob@example.com', password: 'difference-engine' });
      await addPasskey(bob, new SoftAuthenticator());
      const [bobs] = await passkeys.listOfUser(2);
      const options = await registrationOptions(built.ada);
      const response = new SoftAuthenticator().register(options, { credentialId: bobs?.credentialId });
      const answer = await postJson(built.ada, '/account/passkeys', { name: '', response });
      expect(answer).to.deep.equal({ status: 409, body: { error: 'This passkey is already registered.' } });
      expect(await passkeys.countOfUser(1)).to.equal(0);
    });

    it('logs each refusal as passkey.refused with its reason', async () => {
      const log = captureLog();
      const built = await withAda({ options: { logger: log.logger } });
      await postJson(built.ada, '/account/passkeys', { name: '', response: {} });
      const line = await log.waitForLine((l) => l.event === 'passkey.refused');
      expect(line).to.include({ userId: 1, reason: 'registration-challenge-expired', level: 'warn' });
    });
  });
});
