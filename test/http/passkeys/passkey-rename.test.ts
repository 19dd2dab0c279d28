import { expect } from 'chai';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { filledIn, signUp, submit, withAda } from '../../support/accounts/account-client.js';
import { storedPasskey } from '../../support/passkeys/passkeys.js';
import { browser, buildTestApp } from '../../support/test-app.js';

/** Ada (user 1), logged in, with two passkeys put straight in the store, and the store. */
async function adaWithTwoPasskeys() {
  const passkeys = new InMemoryPasskeys();
  const built = await withAda({ passkeys });
  const phone = await passkeys.add(storedPasskey(1, 'Phone'));
  const laptop = await passkeys.add(storedPasskey(1, 'Laptop'));
  if (!phone || !laptop) throw new Error('not stored');
  const names = async (userId = 1) => (await passkeys.listOfUser(userId)).map((passkey) => passkey.name);
  return { ...built, passkeys, phone, laptop, names };
}

describe('POST /account/passkeys/rename', () => {
  it('shows a rename form for each passkey, filled in with its name', async () => {
    const built = await adaWithTwoPasskeys();
    const page = (await built.ada.get('/account/passkeys').expect(200)).text;
    expect(page.match(/action="\/account\/passkeys\/rename"/g)).to.have.length(2);
    expect(filledIn(page, 'passkey-rename-0')).to.equal('Phone');
    expect(filledIn(page, 'passkey-rename-1')).to.equal('Laptop');
  });

  it('renames the passkey with no password asked, and the page shows the new name', async () => {
    const built = await adaWithTwoPasskeys();

    const answer = await submit(built.ada, '/account/passkeys/rename', { id: String(built.laptop.id), name: '  Work \t laptop ' });

    expect(answer.location).to.equal('/account/passkeys');
    expect(answer.success).to.equal('Passkey renamed to "Work laptop".');
    expect(await built.names()).to.deep.equal(['Phone', 'Work laptop']);
    expect(filledIn(answer.page, 'passkey-rename-1')).to.equal('Work laptop');
    expect(answer.page).to.include('<h2 id="passkey-1">Work laptop');
  });

  it('shows a name with markup in it as text', async () => {
    const built = await adaWithTwoPasskeys();
    const answer = await submit(built.ada, '/account/passkeys/rename', { id: String(built.phone.id), name: '<b>Phone</b> & "co"' });
    expect(answer.success).to.equal('Passkey renamed to "<b>Phone</b> & "co"".');
    expect(answer.page).to.not.include('<b>Phone</b>');
    expect(answer.page).to.include('&lt;b&gt;Phone&lt;/b&gt; &amp; &quot;co&quot;');
  });

  it('refuses a blank name with "Type a name for the passkey.", renaming nothing', async () => {
    const built = await adaWithTwoPasskeys();
    const answer = await submit(built.ada, '/account/passkeys/rename', { id: String(built.phone.id), name: '   ' });
    expect(answer.location).to.equal('/account/passkeys');
    expect(answer.failure).to.equal('Type a name for the passkey.');
    expect(await built.names()).to.deep.equal(['Phone', 'Laptop']);
  });

  it('refuses a name longer than 64 characters, renaming nothing', async () => {
    const built = await adaWithTwoPasskeys();
    const answer = await submit(built.ada, '/account/passkeys/rename', { id: String(built.phone.id), name: 'x'.repeat(65) });
    expect(answer.failure).to.equal('A passkey name can be at most 64 characters.');
    expect(await built.names()).to.deep.equal(['Phone', 'Laptop']);
  });

  it("does not rename another user's passkey, and says there is no such passkey", async () => {
    const built = await adaWithTwoPasskeys();
    const bob = await signUp(built, { email: 'bob@example.com', password: 'difference-engine' });

    const answer = await submit(bob, '/account/passkeys/rename', { id: String(built.phone.id), name: 'Mine now' });

    expect(answer.location).to.equal('/account/passkeys');
    expect(answer.failure).to.equal('That passkey does not exist, or was already removed.');
    expect(await built.names()).to.deep.equal(['Phone', 'Laptop']);
  });

  for (const [what, form] of [
    ['no id', 'name=New'],
    ['an id that is not a number', 'id=abc&name=New'],
    ['an id too large for the database', 'id=99999999999&name=New'],
    ['two ids', 'id=1&id=2&name=New'],
    ['an id no passkey has', 'id=3&name=New'],
  ] as const) {
    it(`answers ${what} with "That passkey does not exist", renaming nothing`, async () => {
      const built = await adaWithTwoPasskeys();
      const answer = await submit(built.ada, '/account/passkeys/rename', form);
      expect(answer.status).to.equal(302);
      expect(answer.failure).to.equal('That passkey does not exist, or was already removed.');
      expect(await built.names()).to.deep.equal(['Phone', 'Laptop']);
    });
  }

  for (const [what, form] of [
    ['no name field', 'id=1'],
    ['two name fields', 'id=1&name=A&name=B'],
    ['a name that is not a string', 'id=1&name[x]=A'],
  ] as const) {
    it(`answers ${what} with a message to reload the page, renaming nothing`, async () => {
      const built = await adaWithTwoPasskeys();
      const answer = await submit(built.ada, '/account/passkeys/rename', form);
      expect(answer.status).to.equal(302);
      expect(answer.failure).to.equal('The new name could not be read. Reload the page and try again.');
      expect(await built.names()).to.deep.equal(['Phone', 'Laptop']);
    });
  }

  it('refuses a cross-site post with 403, renaming nothing', async () => {
    const built = await adaWithTwoPasskeys();
    await built.ada
      .post('/account/passkeys/rename')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ id: String(built.phone.id), name: 'Planted' })
      .expect(403);
    expect(await built.names()).to.deep.equal(['Phone', 'Laptop']);
  });

  it('answers another method than POST with 405', async () => {
    const built = await adaWithTwoPasskeys();
    const answer = await built.ada.get('/account/passkeys/rename').expect(405);
    expect(answer.headers.allow).to.equal('POST');
  });

  it('sends an anonymous visitor to /login with "Must be logged in"', async () => {
    const built = buildTestApp();
    const answer = await submit(browser(built.app), '/account/passkeys/rename', { id: '1', name: 'New' });
    expect(answer.location).to.equal('/login');
    expect(answer.failure).to.equal('Must be logged in');
  });
});
