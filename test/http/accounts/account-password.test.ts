import { expect } from 'chai';
import supertest from 'supertest';
import { ADA, logIn, submit, withAda, accountMail } from '../../support/accounts/account-client.js';
import { setCookieValue, signedCookie } from '../../support/session-cookies.js';
import { browser, flashOf, showsLoggedIn } from '../../support/test-app.js';

const NEW_PASSWORD = 'difference-engine';
const COOKIE = 'gatehouse.sid';
const KEY = 'test-session-key';

describe('POST /account/password', () => {
  it('sets the new password: it logs in, the old one no longer does', async () => {
    const built = await withAda();

    const answer = await submit(built.ada, '/account/password', { currentPassword: ADA.password, password: NEW_PASSWORD });

    expect(answer.location).to.equal('/account');
    expect(answer.success).to.equal('Your password was changed. Every other session of your account was logged out.');
    const old = await submit(browser(built.app), '/login', { email: ADA.email, password: ADA.password });
    expect(old.failure).to.equal('Invalid email and/ or password.');
    const fresh = await submit(browser(built.app), '/login', { email: ADA.email, password: NEW_PASSWORD });
    expect(fresh.success).to.equal('Successfully logged in.');
  });

  it('logs out every other session, and keeps this one logged in under a new session id', async () => {
    const built = await withAda();
    const other = await logIn(built, ADA);
    const me = browser(built.app);
    const before = setCookieValue(await me.post('/login').type('form').send(ADA).expect(302), COOKIE) ?? '';
    const copy = signedCookie(COOKIE, before, KEY);

    const response = await me
      .post('/account/password')
      .type('form')
      .send({ currentPassword: ADA.password, password: NEW_PASSWORD })
      .expect(302);

    const after = setCookieValue(response, COOKIE);
    expect(after).to.be.a('string').and.not.equal(before);
    expect((await built.sessions.find(after ?? '', Date.now()))?.userId).to.equal(1);
    expect(await built.sessions.find(before, Date.now())).to.equal(null);
    expect(showsLoggedIn((await me.get('/account').expect(200)).text)).to.equal(true);
    expect((await other.get('/users/profile')).headers.location).to.equal('/login');
    expect((await built.ada.get('/users/profile')).headers.location).to.equal('/login');
    // A copy of the cookie from before opens nothing either.
    expect((await supertest(built.app.callback()).get('/account').set('Cookie', copy)).headers.location).to.equal('/login');
  });

  it('queues a "password changed" notice to the account\'s address', async () => {
    const built = await withAda();
    await submit(built.ada, '/account/password', { currentPassword: ADA.password, password: NEW_PASSWORD });
    expect(accountMail(built)).to.deep.equal([{ kind: 'password-changed', to: ADA.email }]);
  });

  it('refuses a wrong current password with a clear message, and keeps the password and the sessions', async () => {
    const built = await withAda();
    const other = await logIn(built, ADA);

    const answer = await submit(built.ada, '/account/password', { currentPassword: 'not-it', password: NEW_PASSWORD });

    expect(answer.location).to.equal('/account');
    expect(answer.failure).to.equal('Your current password is not correct.');
    expect(showsLoggedIn((await other.get('/account').expect(200)).text)).to.equal(true);
    expect(accountMail(built)).to.deep.equal([]);
  });

  const refusals: [string, string][] = [
    ['short-1', 'Password must be at least 8 characters long.'],
    ['é'.repeat(37), 'Password must be at most 72 bytes long (fewer when it uses non-Latin characters or emoji).'],
    ['password1', 'This password is one of the most common passwords. Please choose one that is harder to guess.'],
    ['', 'Password must be at least 8 characters long.'],
  ];
  for (const [password, message] of refusals) {
    it(`refuses the new password ${JSON.stringify(password.slice(0, 10))} by the sign-up rules`, async () => {
      const built = await withAda();
      const answer = await submit(built.ada, '/account/password', { currentPassword: ADA.password, password });
      expect(answer.failure).to.equal(message);
      expect((await submit(browser(built.app), '/login', ADA)).success).to.equal('Successfully logged in.');
    });
  }

  it('shows no password it was sent on the page it redirects to', async () => {
    const built = await withAda();
    const typed = { currentPassword: 'typed-secret-1', password: 'typed-secret-2' };
    const answer = await submit(built.ada, '/account/password', typed);
    expect(answer.page).not.to.include('typed-secret');
    expect(flashOf(answer.page, 'messageFailure')).to.equal('Your current password is not correct.');
  });
});
