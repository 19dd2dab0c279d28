import { expect } from 'chai';
import { ADA, emailChangeLink, logIn, submit, withAda } from '../../support/accounts/account-client.js';
import { browser, showsLoggedIn } from '../../support/test-app.js';

const DELETE = { currentPassword: ADA.password, confirm: 'yes' };

describe('POST /account/delete', () => {
  it('logs the visitor out and sends them to / saying the account was deleted', async () => {
    const built = await withAda();

    const answer = await submit(built.ada, '/account/delete', DELETE);

    expect(answer.location).to.equal('/');
    expect(answer.success).to.equal('Your account was deleted.');
    expect(showsLoggedIn(answer.page)).to.equal(false);
    expect((await built.ada.get('/account')).headers.location).to.equal('/login');
  });

  it('leaves a user who can no longer log in', async () => {
    const built = await withAda();
    await submit(built.ada, '/account/delete', DELETE);

    const login = await submit(browser(built.app), '/login', ADA);

    expect(login.failure).to.equal('Invalid email and/ or password.');
    expect(await built.users.findById(1)).to.equal(null);
  });

  it('ends every session of the user and voids their links', async () => {
    const built = await withAda();
    const other = await logIn(built, ADA);
    await submit(built.ada, '/account/email', { email: 'lovelace@example.com', currentPassword: ADA.password });
    const link = emailChangeLink(built.account.outbox.queued, 'lovelace@example.com');

    await submit(built.ada, '/account/delete', DELETE);

    expect((await other.get('/users/profile')).headers.location).to.equal('/login');
    // Nothing of the user's is left to remove.
    expect(await built.sessions.destroyAllOfUser(1)).to.equal(0);
    expect(await built.account.tokens.deleteAllOfUser(1)).to.equal(0);
    await browser(built.app).get(link).expect(400);
  });

  it('keeps the other accounts', async () => {
    const built = await withAda();
    const grace = await logIn(built, await signUpGrace(built));

    await submit(built.ada, '/account/delete', DELETE);

    expect(showsLoggedIn((await grace.get('/account').expect(200)).text)).to.equal(true);
  });

  it('asks for the confirmation when the box was not ticked, deleting nothing', async () => {
    const built = await withAda();

    const answer = await submit(built.ada, '/account/delete', { currentPassword: ADA.password });

    expect(answer.location).to.equal('/account');
    expect(answer.failure).to.equal('Please tick the box to confirm that you want to delete your account.');
    expect(await built.users.findById(1)).to.not.equal(null);
  });

  it('refuses a wrong current password, deleting nothing', async () => {
    const built = await withAda();

    const answer = await submit(built.ada, '/account/delete', { currentPassword: 'not-it', confirm: 'yes' });

    expect(answer.failure).to.equal('Your current password is not correct.');
    expect(showsLoggedIn(answer.page)).to.equal(true);
    expect(await built.users.findById(1)).to.not.equal(null);
  });

  it('refuses the last administrator with a clear message, who stays logged in', async () => {
    const built = await withAda();
    await built.setUserAdmin.execute({ user: { email: ADA.email }, admin: true });

    const answer = await submit(built.ada, '/account/delete', DELETE);

    expect(answer.location).to.equal('/account');
    expect(answer.failure).to.equal(
      'You are the only administrator, so your account cannot be deleted. Make another user an administrator first.',
    );
    expect(showsLoggedIn(answer.page)).to.equal(true);
    expect(await built.users.findById(1)).to.not.equal(null);
  });

  it('lets an administrator go when another one remains', async () => {
    const built = await withAda();
    const grace = await signUpGrace(built);
    await built.setUserAdmin.execute({ user: { email: ADA.email }, admin: true });
    await built.setUserAdmin.execute({ user: { email: grace.email }, admin: true });

    expect((await submit(built.ada, '/account/delete', DELETE)).success).to.equal('Your account was deleted.');
  });
});

async function signUpGrace(built: Awaited<ReturnType<typeof withAda>>) {
  const grace = { email: 'grace@example.com', password: 'compiler-1952' };
  await browser(built.app).post('/signup').type('form').send(grace).expect(302);
  return grace;
}
