import { expect } from 'chai';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { ADA, signUp, withAda } from '../../support/accounts/account-client.js';
import { TEST_SUDO_MS } from '../../support/administration.js';
import { asksForPassword } from '../../support/administration/admin-client.js';
import { addPasskey, postJson, readyToAdd, registrationOptions } from '../../support/passkeys/passkey-client.js';
import { advance } from '../../support/two-factor/two-factor-client.js';
import { SoftAuthenticator } from '../../support/passkeys/soft-authenticator.js';
import { browser, flashOf } from '../../support/test-app.js';
import { captureLog } from '../../support/captured-log.js';

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

  describe('sudo mode: "Add a passkey" asks for the password before any passkey is made', () => {
    const SUDO_NEEDED = 'Confirm your password first: reload the page and choose "Add a passkey" again.';

    it('shows an "Add a passkey" form (for the script to show) and not the registering button, until the password is confirmed', async () => {
      const built = await withAda();
      const page = await built.ada.get('/account/passkeys').expect(200);
      expect(page.text).to.include('action="/account/passkeys/add"').and.include('data-passkey-start');
      expect(page.text).to.not.include('data-passkey-register');
    });

    it('asks for the password, refuses a wrong one, and shows the page ready to register once it is right', async () => {
      const built = await withAda();
      const asked = await built.ada.post('/account/passkeys/add').type('form').send({}).expect(200);
      expect(asksForPassword(asked.text)).to.equal(true);
      expect(asked.text).to.include('add a passkey').and.include('href="/account/passkeys"').and.not.include('href="/admin"');
      const wrong = await built.ada.post('/account/passkeys/add').type('form').send({ sudoPassword: 'nope' }).expect(200);
      expect(asksForPassword(wrong.text)).to.equal(true);
      expect((await postJson(built.ada, '/account/passkeys/options', {})).status).to.equal(403);
      const ready = await built.ada.post('/account/passkeys/add').type('form').send({ sudoPassword: ADA.password }).expect(200);
      expect(ready.text).to.include('data-passkey-register').and.include('id="passkey-add"');
      expect((await postJson(built.ada, '/account/passkeys/options', {})).status).to.equal(200);
    });

    it('refuses the options with a 403 telling to confirm the password when the session never confirmed it', async () => {
      const passkeys = new InMemoryPasskeys();
      const built = await withAda({ passkeys });
      const answer = await postJson(built.ada, '/account/passkeys/options', {});
      expect(answer).to.deep.equal({ status: 403, body: { error: SUDO_NEEDED } });
      expect(await passkeys.countOfUser(1)).to.equal(0);
    });

    it('gives the options while the confirmation is fresh, and refuses them again once SUDO_SECONDS passed', async () => {
      const built = await withAda();
      await readyToAdd(built.ada);
      expect((await postJson(built.ada, '/account/passkeys/options', {})).status).to.equal(200);
      advance(built, TEST_SUDO_MS);
      expect(await postJson(built.ada, '/account/passkeys/options', {})).to.deep.equal({ status: 403, body: { error: SUDO_NEEDED } });
      // Confirmed again, the stamp then takes "Add a passkey" straight to the ready page, unasked.
      await readyToAdd(built.ada);
      advance(built, TEST_SUDO_MS - 1);
      const unasked = await built.ada.post('/account/passkeys/add').type('form').send({}).expect(200);
      expect(unasked.text).to.include('data-passkey-register');
    });
    it('still registers with SUDO_SECONDS=0: the options follow the password for a challenge\'s lifetime', async () => {
      const built = await withAda({ sudoMs: 0 });
      expect((await addPasskey(built.ada, new SoftAuthenticator())).status).to.equal(200);
      advance(built, 5 * 60 * 1000);
      expect((await postJson(built.ada, '/account/passkeys/options', {})).status).to.equal(403);
    });
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
      const options = await registrationOptions(other, 'difference-engine');
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
      await addPasskey(bob, new SoftAuthenticator(), '', 'difference-engine');
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
