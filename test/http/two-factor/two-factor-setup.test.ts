import { expect } from 'chai';
import { messages } from '../../support/english.js';
import { ADA, signUp, submit } from '../../support/accounts/account-client.js';
import { activityLabels } from '../../support/audit/activity-page.js';
import { browser, buildTestApp } from '../../support/test-app.js';
import { TEST_SUDO_MS } from '../../support/administration.js';
import { advance, enrolTotp, recoveryCodesOnPage, secretOnPage, totpCode } from '../../support/two-factor/two-factor-client.js';
import { twoFactorMessages } from '../../support/english.js';
import { twoFactorIds } from '../../../src/infrastructure/two-factor/two-factor-ids.js';

/** Ada, logged in, with nothing set up yet. */
async function withAda() {
  const built = buildTestApp();
  const client = await signUp(built, ADA);
  return { built, client };
}

describe('/account/two-factor', () => {
  it('says two-factor authentication is off, with a "Set up" button, and the account page links to it', async () => {
    const { client } = await withAda();
    const page = await client.get('/account/two-factor').expect(200);
    expect(page.text).to.include('data-two-factor-status="off"').and.include('action="/account/two-factor/setup"');
    expect((await client.get('/account')).text).to.include('href="/account/two-factor"');
  });

  it('"Set up" asks for the password first (sudo mode), starting nothing until it is given', async () => {
    const { built, client } = await withAda();
    const asked = await client.post('/account/two-factor/setup').type('form').send({}).expect(200);
    expect(asked.text).to.include('name="sudoPassword"').and.include('set up an authenticator app');
    expect(asked.text).to.include('href="/account/two-factor"').and.not.include('href="/admin"');
    const wrong = await client.post('/account/two-factor/setup').type('form').send({ sudoPassword: 'nope' }).expect(200);
    expect(wrong.text).to.include(messages.sudoWrongPassword);
    expect((await client.get('/account/two-factor')).text).to.include('data-two-factor-status="off"');
    expect(await built.twoFactor.totp.find(1)).to.equal(null);
  });

  it('"Set up" shows a QR code drawn on the server as inline SVG, the secret as text, and an otpauth link', async () => {
    const { client } = await withAda();
    const setUp = await client.post('/account/two-factor/setup').type('form').send({ sudoPassword: ADA.password });
    expect(setUp.headers.location).to.equal('/account/two-factor');
    const page = (await client.get('/account/two-factor').expect(200)).text;
    expect(page).to.match(/<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(page).not.to.match(/<img[^>]+src="https?:/);
    const secret = secretOnPage(page);
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    const link = /href="(otpauth:\/\/totp\/[^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const uri = new URL(link);
    expect(decodeURIComponent(uri.pathname)).to.equal('/Gatehouse:ada@example.com');
    expect(uri.searchParams.get('secret')).to.equal(secret);
    expect(uri.searchParams.get('issuer')).to.equal('Gatehouse');
  });

  it('a wrong first code keeps it off, with a message', async () => {
    const { built, client } = await withAda();
    await client.post('/account/two-factor/setup').type('form').send({ sudoPassword: ADA.password });
    const result = await submit(client, '/account/two-factor', { code: '000000' });
    expect([result.location, result.failure]).to.deep.equal(['/account/two-factor', twoFactorMessages.secondFactorWrong]);
    expect((await built.get(twoFactorIds.getSecondFactors).execute(1)).totp).to.equal(false);
    const letters = await submit(client, '/account/two-factor', { code: 'abcdef' });
    expect(letters.failure).to.equal(twoFactorMessages.totpCodeMalformed);
  });

  it('a first code with nothing set up asks to start again', async () => {
    const { client } = await withAda();
    const result = await submit(client, '/account/two-factor', { code: '123456' });
    expect(result.failure).to.equal(twoFactorMessages.totpNotEnrolling);
  });

  it('the right first code turns it on and shows 10 recovery codes once, in a page no cache keeps', async () => {
    const { built, client } = await withAda();
    await client.post('/account/two-factor/setup').type('form').send({ sudoPassword: ADA.password });
    const secret = secretOnPage((await client.get('/account/two-factor')).text);
    const shown = await client.post('/account/two-factor').type('form').send({ code: totpCode(secret, built.clock.now()) });
    expect(shown.status).to.equal(200);
    expect(shown.headers['cache-control']).to.equal('no-store');
    expect(shown.text).to.include(twoFactorMessages.totpEnabled);
    const codes = recoveryCodesOnPage(shown.text);
    expect(codes).to.have.length(10);
    for (const code of codes) expect(code).to.match(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
    const page = (await client.get('/account/two-factor')).text;
    expect(page).to.include('data-two-factor-status="on"').and.include('10 unused recovery codes');
    expect(recoveryCodesOnPage(page)).to.deep.equal([]);
    expect(page).not.to.include(secret);
    expect(await activityLabels(client)).to.include('Authenticator app turned on');
  });

  it('"Make new recovery codes" asks for the password, then replaces the set', async () => {
    const { built, client } = await withAda();
    const { recoveryCodes } = await enrolTotp(built, client);
    advance(built, TEST_SUDO_MS);
    const asked = await client.post('/account/two-factor/recovery-codes').type('form').send({}).expect(200);
    expect(asked.text).to.include('name="sudoPassword"');
    expect(recoveryCodesOnPage(asked.text)).to.deep.equal([]);
    const wrong = await client.post('/account/two-factor/recovery-codes').type('form').send({ sudoPassword: 'nope' });
    expect(wrong.text).to.include(messages.sudoWrongPassword);
    const shown = await client.post('/account/two-factor/recovery-codes').type('form').send({ sudoPassword: ADA.password });
    const fresh = recoveryCodesOnPage(shown.text);
    expect(fresh).to.have.length(10);
    expect(fresh).not.to.include(recoveryCodes[0]);
    expect(await activityLabels(client)).to.include('New recovery codes made');
  });

  it('"Turn off" asks for the password, then turns it off: the next login needs no code', async () => {
    const { built, client } = await withAda();
    await enrolTotp(built, client);
    advance(built, TEST_SUDO_MS);
    const asked = await client.post('/account/two-factor/disable').type('form').send({}).expect(200);
    expect(asked.text).to.include('name="sudoPassword"').and.include('href="/account/two-factor"');
    expect(asked.text).not.to.include('href="/admin"');
    const result = await submit(client, '/account/two-factor/disable', { sudoPassword: ADA.password });
    expect([result.location, result.success]).to.deep.equal(['/account/two-factor', twoFactorMessages.totpDisabled]);
    expect(await activityLabels(client)).to.include('Authenticator app turned off');
    await client.get('/logout');
    const login = await submit(browser(built.app), '/login', ADA);
    expect([login.location, login.success]).to.deep.equal(['/', messages.loggedIn]);
  });

  it('a wrong second-factor code shows on the activity page', async () => {
    const { built, client } = await withAda();
    const { secret } = await enrolTotp(built, client);
    const other = browser(built.app);
    await other.post('/login').type('form').send(ADA);
    await other.post('/login/two-factor').type('form').send({ code: '000000' });
    expect(await activityLabels(client)).to.include('Second factor refused after a right password');
    await other.post('/login/two-factor').type('form').send({ code: totpCode(secret, built.clock.now()) });
    expect((await activityLabels(client)).slice(0, 2)).to.deep.equal(['Logged in', 'Second factor refused after a right password']);
  });

  it("deleting the account deletes its secret and recovery codes", async () => {
    const { built, client } = await withAda();
    await enrolTotp(built, client);
    await client.post('/account/delete').type('form').send({ currentPassword: ADA.password, confirm: 'yes' }).expect(302);
    expect(await built.twoFactor.totp.find(1)).to.equal(null);
    expect(await built.twoFactor.recoveryCodes.countUnused(1)).to.equal(0);
  });

  it('answers other methods with 405 only to a logged-in user', async () => {
    const { client } = await withAda();
    expect((await client.put('/account/two-factor')).status).to.equal(405);
    expect((await client.get('/account/two-factor/disable')).status).to.equal(405);
    const anonymous = await browser(buildTestApp().app).put('/account/two-factor');
    expect(anonymous.headers.location).to.equal('/login');
  });
});
