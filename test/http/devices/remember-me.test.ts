import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { messages } from '../../support/english.js';
import { ADA, signUp } from '../../support/accounts/account-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import {
  clearsRememberCookie,
  logInRemembered,
  REMEMBER,
  SESSION,
  selectorOf,
  withRememberCookie,
} from '../../support/devices/remember-client.js';
import { setCookieHeader, setCookieValue } from '../../support/session-cookies.js';
import { browser, flashOf, showsLoggedIn, type TestApp } from '../../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

/** Ada's id on this app. */
async function adaId(built: TestApp): Promise<number> {
  const ada = await built.users.findByEmail(Email.fromTrusted(ADA.email));
  if (!ada) throw new Error('Ada has not signed up');
  return ada.id;
}

describe('remember me', () => {
  onEveryBackend((build) => {
    async function withAda() {
      const built = await build();
      await signUp(built, ADA);
      // Picked, not spread: a database backend's `account` getter throws.
      const { app, sessions, rememberTokens, clock } = built;
      return { app, sessions, rememberTokens, clock, userId: await adaId(built) };
    }

    describe('POST /login', () => {
      it('with the box ticked answers as the contract says, and also sets a remember-me cookie for 30 days', async () => {
        const { app, rememberTokens, userId, clock } = await withAda();
        const client = browser(app);

        const response = await client.post('/login').type('form').send({ ...ADA, remember: 'yes' });

        expect(response.headers.location).to.equal('/');
        expect(flashOf((await client.get('/')).text, 'messageSuccess')).to.equal(messages.loggedIn);
        const header = (setCookieHeader(response, REMEMBER) ?? '').toLowerCase();
        expect(header).to.include('; httponly').and.include('; samesite=lax').and.include('; path=/');
        expect(header).to.not.include('; secure').and.not.include('domain=');
        const expires = Date.parse(/expires=([^;]+)/.exec(header)?.[1] ?? '');
        expect(expires - Date.now()).to.be.within(30 * DAY - 60_000, 30 * DAY);
        expect(await rememberTokens.listOfUser(userId, clock.now())).to.have.length(1);
      });

      it('without the box answers exactly as the contract says: no remember-me cookie, nothing remembered', async () => {
        const { app, rememberTokens, userId, clock } = await withAda();
        const response = await browser(app).post('/login').type('form').send(ADA);
        expect(response.headers.location).to.equal('/');
        expect(setCookieHeader(response, REMEMBER)).to.equal(null);
        expect(await rememberTokens.listOfUser(userId, clock.now())).to.deep.equal([]);
      });

      it('takes a malformed box (sent twice) as unticked, not as a failed login', async () => {
        const { app } = await withAda();
        const body = `email=${encodeURIComponent(ADA.email)}&password=${ADA.password}&remember=yes&remember=yes`;
        const response = await browser(app).post('/login').type('form').send(body);
        expect(response.headers.location).to.equal('/');
        expect(setCookieHeader(response, REMEMBER)).to.equal(null);
      });

      it('on a device already remembered for the user, replaces its token instead of adding one', async () => {
        const { app, rememberTokens, userId, clock } = await withAda();
        const { client, cookie } = await logInRemembered(app, ADA);
        const again = await logInRemembered(app, ADA, client);
        expect(selectorOf(again.cookie)).to.not.equal(selectorOf(cookie));
        expect(await rememberTokens.listOfUser(userId, clock.now())).to.have.length(1);
      });
    });

    describe('a request whose session is gone', () => {
      it('is logged in by a good remember-me cookie on a new session, with the cookie rotated', async () => {
        const { app, sessions, userId } = await withAda();
        const { response: login, cookie } = await logInRemembered(app, ADA);
        await sessions.destroyAllOfUser(userId);

        const profile = await withRememberCookie(app, cookie).expect(200);

        expect(showsLoggedIn(profile.text)).to.equal(true);
        const session = setCookieValue(profile, SESSION);
        expect(session).to.be.a('string').and.not.equal(setCookieValue(login, SESSION));
        expect((await sessions.find(session ?? '', Date.now()))?.userId).to.equal(userId);
        const rotated = setCookieValue(profile, REMEMBER);
        expect(rotated).to.be.a('string').and.not.equal(cookie);
        expect(selectorOf(rotated)).to.equal(selectorOf(cookie));
      });

      it('keeps the browser logged in with the rotated cookie after the next loss of its session', async () => {
        const { app, sessions, userId } = await withAda();
        const { cookie } = await logInRemembered(app, ADA);
        await sessions.destroyAllOfUser(userId);
        const rotated = setCookieValue(await withRememberCookie(app, cookie).expect(200), REMEMBER) ?? '';
        await sessions.destroyAllOfUser(userId);

        expect(showsLoggedIn((await withRememberCookie(app, rotated, '/').expect(200)).text)).to.equal(true);
      });

      it('logs both of two requests at once with the same cookie in, and takes neither for a thief', async () => {
        const { app, sessions, rememberTokens, userId, clock } = await withAda();
        const { cookie } = await logInRemembered(app, ADA);
        await sessions.destroyAllOfUser(userId);

        const [first, second] = await Promise.all([withRememberCookie(app, cookie), withRememberCookie(app, cookie)]);

        expect([first.status, second.status]).to.deep.equal([200, 200]);
        const set = [first, second].map((response) => setCookieValue(response, REMEMBER)).filter(Boolean);
        expect(set).to.have.length(1);
        expect(await rememberTokens.listOfUser(userId, clock.now())).to.have.length(1);
      });
    });

    describe('a remember-me cookie that is no good', () => {
      for (const [what, value] of [
        ['tampered (one character of the validator changed)', (good: string) => `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`],
        ['truncated', (good: string) => good.slice(0, 60)],
        ['over-long', (good: string) => `${good}${'A'.repeat(4000)}`],
        ['unknown', () => `${'A'.repeat(43)}.${'B'.repeat(43)}`],
        ['empty', () => ''],
      ] as const) {
        it(`is removed when ${what}, and the visitor goes on anonymous (no 500)`, async () => {
          const { app, sessions, userId } = await withAda();
          const { cookie } = await logInRemembered(app, ADA);
          await sessions.destroyAllOfUser(userId);

          const gated = await withRememberCookie(app, value(cookie));

          expect(gated.status).to.equal(302);
          expect(gated.headers.location).to.equal('/login');
          expect(clearsRememberCookie(gated)).to.equal(true);
          expect(showsLoggedIn((await withRememberCookie(app, value(cookie), '/').expect(200)).text)).to.equal(false);
        });
      }
    });

    describe('GET /logout', () => {
      it('forgets this device: its token is deleted and its cookie removed, so a copy opens nothing', async () => {
        const { app, rememberTokens, userId, clock } = await withAda();
        const { client, cookie } = await logInRemembered(app, ADA);

        const logout = await client.get('/logout').expect(302);

        expect(logout.headers.location).to.equal('/login');
        expect(clearsRememberCookie(logout)).to.equal(true);
        expect(await rememberTokens.listOfUser(userId, clock.now())).to.deep.equal([]);
        expect((await withRememberCookie(app, cookie)).headers.location).to.equal('/login');
      });

      it('leaves the user\'s other remembered devices alone', async () => {
        const { app, rememberTokens, userId, clock } = await withAda();
        const { client } = await logInRemembered(app, ADA);
        await logInRemembered(app, ADA);
        await client.get('/logout').expect(302);
        expect(await rememberTokens.listOfUser(userId, clock.now())).to.have.length(1);
      });
    });

    describe('POST /account/password', () => {
      it('keeps this device remembered, on the session it goes on in, and forgets every other device', async () => {
        const { app, sessions, userId } = await withAda();
        const { client: here, cookie: hereCookie } = await logInRemembered(app, ADA);
        const { cookie: elsewhere } = await logInRemembered(app, ADA);

        await here.post('/account/password').type('form').send({ currentPassword: ADA.password, password: 'difference-engine' });
        await sessions.destroyAllOfUser(userId);

        expect(showsLoggedIn((await withRememberCookie(app, hereCookie, '/').expect(200)).text)).to.equal(true);
        const other = await withRememberCookie(app, elsewhere);
        expect(other.headers.location).to.equal('/login');
        expect(clearsRememberCookie(other)).to.equal(true);
      });
    });
  });
});
