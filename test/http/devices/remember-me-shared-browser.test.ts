import { expect } from 'chai';
import { ADA, signUp } from '../../support/accounts/account-client.js';
import { logInRemembered, REMEMBER } from '../../support/devices/remember-client.js';
import { setCookieValue } from '../../support/session-cookies.js';
import { browser, buildTestApp, showsLoggedIn } from '../../support/test-app.js';

const GRACE = { email: 'grace@example.com', password: 'cobol-compiler-1959' };

/** A browser with Ada's remember-me cookie and no session, as a shared computer is left. */
async function adaRememberedThenGone() {
  const built = buildTestApp();
  await signUp(built, ADA);
  await browser(built.app).post('/signup').type('form').send(GRACE).expect(302);
  const { cookie } = await logInRemembered(built.app, ADA);
  await built.sessions.destroyAllOfUser(1);
  return { ...built, cookie };
}

/** Posts a form from a browser that sends only this remember-me cookie. */
function postWithCookie(built: { app: Parameters<typeof browser>[0] }, path: string, cookie: string, form: object) {
  return browser(built.app).post(path).set('Cookie', `${REMEMBER}=${cookie}`).type('form').send(form);
}

describe("another account's remember-me cookie on a shared browser", () => {
  it('does not log the browser in as that account while a login form is posted, so a failed login stays anonymous', async () => {
    const built = await adaRememberedThenGone();
    const failed = await postWithCookie(built, '/login', built.cookie, { ...GRACE, password: 'wrong-password-1' });

    expect(failed.headers.location).to.equal('/login');
    expect(setCookieValue(failed, REMEMBER), 'no rotation of Ada’s cookie').to.equal(null);
    expect(await built.sessions.listOfUser(1, Date.now())).to.deep.equal([]);
  });

  it('is removed by a login by form without the box, so it cannot log the browser in once that session ends', async () => {
    const built = await adaRememberedThenGone();
    const login = await postWithCookie(built, '/login', built.cookie, GRACE).expect(302);

    expect(login.headers.location).to.equal('/');
    expect(setCookieValue(login, REMEMBER)).to.equal('');
  });

  it('is removed by a sign-up', async () => {
    const built = await adaRememberedThenGone();
    const signup = await postWithCookie(built, '/signup', built.cookie, {
      email: 'linus@example.com',
      password: 'kernel-hacker-1991',
    }).expect(302);

    expect(signup.headers.location).to.equal('/users/profile');
    expect(setCookieValue(signup, REMEMBER)).to.equal('');
  });

  it('still logs the browser in on any other request, as the box promised its owner', async () => {
    const built = await adaRememberedThenGone();
    const page = await browser(built.app).get('/users/profile').set('Cookie', `${REMEMBER}=${built.cookie}`).expect(200);
    expect(showsLoggedIn(page.text)).to.equal(true);
  });
});
