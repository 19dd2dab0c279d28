import { expect } from 'chai';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { ADA, signUp, submit, withAda } from '../../support/accounts/account-client.js';
import { asksForPassword, rootAndAda, WITH_PASSWORD } from '../../support/administration/admin-client.js';
import { addPasskey } from '../../support/passkeys/passkey-client.js';
import { SoftAuthenticator } from '../../support/passkeys/soft-authenticator.js';
import { browser, buildTestApp } from '../../support/test-app.js';
import { TEST_SUDO_MS } from '../../support/administration.js';
import { advance, enrolTotp } from '../../support/two-factor/two-factor-client.js';
import { twoFactorIds } from '../../../src/infrastructure/two-factor/two-factor-ids.js';
import { testRequest } from '../../support/audit/security-events.js';

/** Ada with `count` passkeys, and where they are stored. */
async function adaWithPasskeys(count: number) {
  const passkeys = new InMemoryPasskeys();
  const built = await withAda({ passkeys });
  for (let i = 0; i < count; i++) await addPasskey(built.ada, new SoftAuthenticator(), `Key ${i + 1}`);
  // Adding asked for the password: past its sudo window, removing asks again.
  advance(built, TEST_SUDO_MS);
  return { ...built, passkeys };
}

describe('POST /account/passkeys/delete', () => {
  it('removes one of several passkeys at once, and records "Passkey removed"', async () => {
    const built = await adaWithPasskeys(2);
    const [first] = await built.passkeys.listOfUser(1);

    const answer = await submit(built.ada, '/account/passkeys/delete', { id: String(first?.id) });

    expect(answer.location).to.equal('/account/passkeys');
    expect(answer.success).to.equal('Passkey removed.');
    expect((await built.passkeys.listOfUser(1)).map((p) => p.name)).to.deep.equal(['Key 2']);
    expect((await built.ada.get('/account/activity')).text).to.include('Passkey removed');
  });

  it('asks for the password before the last passkey goes, and removes it once given', async () => {
    const built = await adaWithPasskeys(1);
    const [only] = await built.passkeys.listOfUser(1);

    const asked = await built.ada.post('/account/passkeys/delete').type('form').send({ id: String(only?.id) }).expect(200);
    expect(asksForPassword(asked.text)).to.equal(true);
    expect(asked.text).to.include('remove your last passkey');
    // Ada is no administrator: the page shows her no admin links.
    expect(asked.text).to.not.include('href="/admin"');
    expect(await built.passkeys.countOfUser(1)).to.equal(1);

    const wrong = await built.ada.post('/account/passkeys/delete').type('form').send({ id: String(only?.id), sudoPassword: 'nope' });
    expect(asksForPassword(wrong.text)).to.equal(true);
    expect(await built.passkeys.countOfUser(1)).to.equal(1);

    const removed = await submit(built.ada, '/account/passkeys/delete', { id: String(only?.id), sudoPassword: ADA.password });
    expect(removed.success).to.equal('Passkey removed. It was your last second factor: your login asks for your password only.');
    expect(await built.passkeys.countOfUser(1)).to.equal(0);
  });

  it('asks for the password before the last passkey goes even while the authenticator app is on', async () => {
    const built = await adaWithPasskeys(1);
    await enrolTotp(built, built.ada);
    advance(built, TEST_SUDO_MS);
    const [only] = await built.passkeys.listOfUser(1);

    const asked = await built.ada.post('/account/passkeys/delete').type('form').send({ id: String(only?.id) }).expect(200);
    expect(asksForPassword(asked.text)).to.equal(true);
    expect(await built.passkeys.countOfUser(1)).to.equal(1);

    const removed = await submit(built.ada, '/account/passkeys/delete', { id: String(only?.id), sudoPassword: ADA.password });
    expect(removed.success).to.equal('Passkey removed.');
    expect(await built.passkeys.countOfUser(1)).to.equal(0);
  });

  it('asks for the password once the app is off and the passkey is the last second factor', async () => {
    const built = await adaWithPasskeys(1);
    await enrolTotp(built, built.ada);
    expect(await built.get(twoFactorIds.disableTwoFactor).execute({ userId: 1, request: testRequest() })).to.deep.include({ kind: 'ok' });
    advance(built, TEST_SUDO_MS);
    const [only] = await built.passkeys.listOfUser(1);

    const asked = await built.ada.post('/account/passkeys/delete').type('form').send({ id: String(only?.id) }).expect(200);

    expect(asksForPassword(asked.text)).to.equal(true);
    expect(await built.passkeys.countOfUser(1)).to.equal(1);
  });

  it("does not remove another user's passkey, and says there is no such passkey", async () => {
    const built = await adaWithPasskeys(2);
    const bob = await signUp(built, { email: 'bob@example.com', password: 'difference-engine' });
    const [adas] = await built.passkeys.listOfUser(1);

    const answer = await submit(bob, '/account/passkeys/delete', { id: String(adas?.id) });

    expect(answer.failure).to.equal('That passkey does not exist, or was already removed.');
    expect(await built.passkeys.countOfUser(1)).to.equal(2);
  });

  for (const [what, form] of [
    ['no id', ''],
    ['an id that is not a number', 'id=abc'],
    ['an id too large for the database', 'id=99999999999'],
    ['two ids', 'id=1&id=2'],
  ] as const) {
    it(`answers ${what} with "That passkey does not exist", removing nothing`, async () => {
      const built = await adaWithPasskeys(2);
      const answer = await submit(built.ada, '/account/passkeys/delete', form);
      expect(answer.failure).to.equal('That passkey does not exist, or was already removed.');
      expect(await built.passkeys.countOfUser(1)).to.equal(2);
    });
  }

  it('sends an anonymous visitor to /login with "Must be logged in"', async () => {
    const built = buildTestApp();
    const answer = await submit(browser(built.app), '/account/passkeys/delete', { id: '1' });
    expect(answer.location).to.equal('/login');
    expect(answer.failure).to.equal('Must be logged in');
  });
});

describe("Deleting an account takes its passkeys with it", () => {
  it('when the owner deletes it', async () => {
    const built = await adaWithPasskeys(2);
    await submit(built.ada, '/account/delete', { currentPassword: ADA.password, confirm: 'yes' });
    expect(await built.passkeys.countOfUser(1)).to.equal(0);
  });

  it('when an administrator deletes it', async () => {
    const passkeys = new InMemoryPasskeys();
    const built = buildTestApp({ passkeys });
    const { root, ada } = await rootAndAda(built);
    await addPasskey(ada, new SoftAuthenticator());
    expect(await passkeys.countOfUser(2)).to.equal(1);
    await submit(root, '/users/2/delete', { confirm: 'yes', ...WITH_PASSWORD });
    expect(await passkeys.countOfUser(2)).to.equal(0);
  });
});
