import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { lastLink } from '../../support/links/link-fixture.js';
import { loggedIn, OLD_PASSWORD, pathOf, postReset, resetLinkPath, signedUp, tokenIn } from '../../support/links/link-flows.js';
import { browser, buildTestApp, flashOf, showsLoggedIn } from '../../support/test-app.js';
import { ManualClock } from '../../support/throttle.js';

const NEW_PASSWORD = 'a brand new secret';
const RESET_DONE =
  'Your password has been changed and all your sessions were logged out. Please log in with the new password.';

async function withAda(clock = new ManualClock()) {
  const built = buildTestApp({ clock });
  const adaBrowser = await signedUp(built.app, 'ada@example.com');
  return { built, clock, adaBrowser };
}

async function logInAnswer(built: ReturnType<typeof buildTestApp>, password: string) {
  const response = await browser(built.app).post('/login').type('form').send({ email: 'ada@example.com', password });
  return response.headers.location;
}

describe('password reset', () => {
  describe('GET /login', () => {
    it('links to /password/forgot with "Forgot your password?"', async () => {
      const page = await browser(buildTestApp().app).get('/login').expect(200);
      expect(page.text).to.include('<a href="/password/forgot">Forgot your password?</a>');
    });
  });

  describe('GET /password/forgot', () => {
    it('shows a form that posts one email field to /password/forgot', async () => {
      const page = await browser(buildTestApp().app).get('/password/forgot').expect(200);
      expect(page.text).to.include('<form method="post" action="/password/forgot">');
      expect(page.text).to.match(/<input[^>]*type="email"[^>]*name="email"/);
      expect(page.text).not.to.include('name="password"');
    });
  });

  describe('GET /password/reset?token=…', () => {
    it('shows the form: a hidden token and a "New password" field with the policy hint', async () => {
      const { built } = await withAda();
      const path = await resetLinkPath(built, 'ada@example.com');

      const page = await browser(built.app).get(path).expect(200);

      expect(page.text).to.include('<form method="post" action="/password/reset">');
      expect(page.text).to.include(`<input type="hidden" name="token" value="${tokenIn(path)}">`);
      expect(page.text).to.include('<label for="password">New password</label>');
      expect(page.text).to.include('At least 8 characters and at most 72 bytes');
    });

    it('changes nothing: opened twice, the link still sets the password', async () => {
      const { built } = await withAda();
      const path = await resetLinkPath(built, 'ada@example.com');
      await browser(built.app).get(path).expect(200);
      await browser(built.app).head(path).expect(200);

      await browser(built.app).get(path).expect(200);
      const response = await postReset(built.app, tokenIn(path), NEW_PASSWORD);
      expect(response.headers.location).to.equal('/login');
    });
  });

  describe('POST /password/reset', () => {
    it('sets the new password and redirects to /login with a success message, without logging in', async () => {
      const { built } = await withAda();
      const path = await resetLinkPath(built, 'ada@example.com');
      const client = browser(built.app);

      const response = await postReset(built.app, tokenIn(path), NEW_PASSWORD, client);

      expect(response.status).to.equal(302);
      expect(response.headers.location).to.equal('/login');
      const login = await client.get('/login');
      expect(flashOf(login.text, 'messageSuccess')).to.equal(RESET_DONE);
      expect(showsLoggedIn(login.text)).to.equal(false);
      expect(await logInAnswer(built, NEW_PASSWORD)).to.equal('/');
      expect(await logInAnswer(built, OLD_PASSWORD)).to.equal('/login');
    });

    it('logs the user out everywhere: two browsers logged in before are logged out after', async () => {
      const { built, adaBrowser } = await withAda();
      const otherBrowser = await loggedIn(built.app, 'ada@example.com');
      await adaBrowser.get('/users/profile').expect(200);
      await otherBrowser.get('/users/profile').expect(200);

      const path = await resetLinkPath(built, 'ada@example.com');
      await postReset(built.app, tokenIn(path), NEW_PASSWORD);

      for (const client of [adaBrowser, otherBrowser]) {
        const response = await client.get('/users/profile');
        expect(response.headers.location).to.equal('/login');
        expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal('Must be logged in');
      }
    });

    it('ends the session of the browser that resets, when it is the user\'s, and shows the message there', async () => {
      const { built, adaBrowser } = await withAda();
      const path = await resetLinkPath(built, 'ada@example.com');

      await postReset(built.app, tokenIn(path), NEW_PASSWORD, adaBrowser).expect(302);

      const login = await adaBrowser.get('/login');
      expect(flashOf(login.text, 'messageSuccess')).to.equal(RESET_DONE);
      expect(showsLoggedIn(login.text)).to.equal(false);
      expect((await adaBrowser.get('/users/profile')).headers.location).to.equal('/login');
    });

    it('leaves another user logged in in the browser that resets', async () => {
      const { built } = await withAda();
      const bobBrowser = await signedUp(built.app, 'bob@example.com');
      const path = await resetLinkPath(built, 'ada@example.com');

      await postReset(built.app, tokenIn(path), NEW_PASSWORD, bobBrowser).expect(302);

      const login = await bobBrowser.get('/login');
      expect(flashOf(login.text, 'messageSuccess')).to.equal(RESET_DONE);
      expect(showsLoggedIn(login.text)).to.equal(true);
    });

    it('marks the address verified (the link proved the mailbox) and queues a "password changed" notice', async () => {
      const { built } = await withAda();
      const path = await resetLinkPath(built, 'ada@example.com');

      await postReset(built.app, tokenIn(path), NEW_PASSWORD);

      expect((await built.users.findByEmail(Email.parse('ada@example.com') as Email))?.emailVerified).to.equal(true);
      expect((await built.queuedMail()).at(-1)).to.deep.equal({ kind: 'password-changed', to: 'ada@example.com' });
    });

    it('works once: the same link again gives the invalid-link page and changes nothing', async () => {
      const { built } = await withAda();
      const path = await resetLinkPath(built, 'ada@example.com');
      await postReset(built.app, tokenIn(path), NEW_PASSWORD);

      const again = await postReset(built.app, tokenIn(path), 'a third secret');

      expect(again.status).to.equal(400);
      expect(again.text).to.include('This link does not work');
      expect((await browser(built.app).get(path)).status).to.equal(400);
      expect(await logInAnswer(built, NEW_PASSWORD)).to.equal('/');
    });

    it('refuses the link after an hour (PASSWORD_RESET_TTL_SECONDS), and accepts it just before', async () => {
      const { built, clock } = await withAda();
      const path = await resetLinkPath(built, 'ada@example.com');

      clock.advance(60 * 60 * 1000 - 1);
      await browser(built.app).get(path).expect(200);
      clock.advance(1);
      await browser(built.app).get(path).expect(400);
      const response = await postReset(built.app, tokenIn(path), NEW_PASSWORD);

      expect(response.status).to.equal(400);
      expect(await logInAnswer(built, OLD_PASSWORD)).to.equal('/');
    });

    it('refuses an older link once a newer one was sent; the newer one works', async () => {
      const { built } = await withAda();
      const older = await resetLinkPath(built, 'ada@example.com');
      const newer = await resetLinkPath(built, 'ada@example.com');
      expect(newer).not.to.equal(older);

      await browser(built.app).get(older).expect(400);
      await postReset(built.app, tokenIn(older), NEW_PASSWORD).expect(400);
      const response = await postReset(built.app, tokenIn(newer), NEW_PASSWORD);
      expect(response.headers.location).to.equal('/login');
    });

    for (const [password, reason] of [
      ['short', 'Password must be at least 8 characters long.'],
      ['x'.repeat(73), 'Password must be at most 72 bytes long (fewer when it uses non-Latin characters or emoji).'],
      ['password1', 'This password is one of the most common passwords. Please choose one that is harder to guess.'],
      ['', 'Password must be at least 8 characters long.'],
    ] as const) {
      it(`re-shows the form with the reason for a refused password (${password.slice(0, 10) || 'empty'}), and the link still works`, async () => {
        const { built } = await withAda();
        const path = await resetLinkPath(built, 'ada@example.com');

        const page = await browser(built.app).post('/password/reset').type('form').send({ token: tokenIn(path), password });

        expect(page.status).to.equal(422);
        expect(/data-problem[^>]*>([^<]*)</.exec(page.text)?.[1]).to.equal(reason);
        expect(page.text).to.include(`<input type="hidden" name="token" value="${tokenIn(path)}">`);
        // The typed password is never given back.
        expect(page.text).not.to.match(/name="password"[^>]*value=/);
        expect(await logInAnswer(built, OLD_PASSWORD)).to.equal('/');
        const response = await postReset(built.app, tokenIn(path), NEW_PASSWORD);
        expect(response.headers.location).to.equal('/login');
      });
    }
  });

  describe('the link in the message', () => {
    it('is on APP_URL, never on the Host the request named', async () => {
      const { built } = await withAda();
      await browser(built.app).post('/password/forgot').set('Host', 'evil.example').type('form').send({ email: 'ada@example.com' });
      const link = lastLink(await built.queuedMail(), 'password-reset');
      expect(new URL(link).origin).to.equal('https://gatehouse.example.test');
      expect(pathOf(link)).to.match(/^\/password\/reset\?token=[A-Za-z0-9_-]{43}$/);
    });
  });
});
