import { expect } from 'chai';
import { DEFAULT_THROTTLE_LIMITS } from '../../../src/application/shared/auth-throttle.js';
import { Email } from '../../../src/domain/shared/email.js';
import { lastLink } from '../../support/links/link-fixture.js';
import { postVerify, signedUp, tokenIn, verificationLinkPath } from '../../support/links/link-flows.js';
import { browser, buildTestApp, flashOf, mainOf, showsLoggedIn, type TestApp } from '../../support/test-app.js';

const VERIFIED = 'Thank you: your email address is verified.';

async function isVerified(built: TestApp, email = 'ada@example.com') {
  return (await built.users.findByEmail(Email.parse(email) as Email))?.emailVerified;
}

describe('email verification', () => {
  describe('POST /signup', () => {
    it('queues a verification link to the new address, on APP_URL, and still answers as the contract says', async () => {
      const built = buildTestApp();
      const client = browser(built.app);

      const response = await client.post('/signup').type('form').send({ email: 'Ada@Example.com', password: 'analytical engine' });

      expect(response.headers.location).to.equal('/users/profile');
      expect(flashOf((await client.get('/users/profile')).text, 'messageSuccess')).to.equal('Successfully signed up.');
      const queued = await built.queuedMail();
      expect(queued.map((mail) => [mail.kind, mail.to])).to.deep.equal([['email-verification', 'ada@example.com']]);
      expect(lastLink(queued, 'email-verification')).to.match(/^https:\/\/gatehouse\.example\.test\/email\/verify\?token=[A-Za-z0-9_-]{43}$/);
      expect(await isVerified(built)).to.equal(false);
    });

    it('queues nothing for a refused sign-up', async () => {
      const built = buildTestApp();
      await browser(built.app).post('/signup').type('form').send({ email: 'ada@example.com', password: 'short' });
      expect(await built.queuedMail()).to.deep.equal([]);
    });
  });

  describe('GET /email/verify?token=…', () => {
    it('shows one button whose form posts the hidden token to /email/verify, and verifies nothing', async () => {
      const built = buildTestApp();
      await signedUp(built.app, 'ada@example.com');
      const path = await verificationLinkPath(built);

      const page = await browser(built.app).get(path).expect(200);

      expect(page.text).to.include('<form method="post" action="/email/verify">');
      expect(page.text).to.include(`<input type="hidden" name="token" value="${tokenIn(path)}">`);
      expect(mainOf(page.text).match(/<button/g)).to.have.length(1);
      expect(await isVerified(built)).to.equal(false);
    });
  });

  describe('POST /email/verify', () => {
    it('verifies the address and sends an anonymous browser to /login with a success message', async () => {
      const built = buildTestApp();
      await signedUp(built.app, 'ada@example.com');
      const client = browser(built.app);

      const response = await postVerify(built.app, tokenIn(await verificationLinkPath(built)), client);

      expect(response.headers.location).to.equal('/login');
      expect(flashOf((await client.get('/login')).text, 'messageSuccess')).to.equal(VERIFIED);
      expect(await isVerified(built)).to.equal(true);
    });

    it('sends a logged-in browser to the profile, which now says the address is verified', async () => {
      const built = buildTestApp();
      const client = await signedUp(built.app, 'ada@example.com');
      await client.get('/users/profile');

      const response = await postVerify(built.app, tokenIn(await verificationLinkPath(built)), client);

      expect(response.headers.location).to.equal('/users/profile');
      const profile = await client.get('/users/profile');
      expect(flashOf(profile.text, 'messageSuccess')).to.equal(VERIFIED);
      expect(profile.text).to.match(/<dt>Email verified<\/dt><dd>Yes<\/dd>/);
      expect(profile.text).not.to.include('action="/email/verify/resend"');
    });

    it('works once', async () => {
      const built = buildTestApp();
      await signedUp(built.app, 'ada@example.com');
      const token = tokenIn(await verificationLinkPath(built));
      await browser(built.app).post('/email/verify').type('form').send({ token }).expect(302);
      const again = await browser(built.app).post('/email/verify').type('form').send({ token });
      expect(again.status).to.equal(400);
      expect(again.text).to.include('This link does not work');
    });
  });

  describe('the profile', () => {
    it('says the address is not verified yet, with a button that posts to /email/verify/resend', async () => {
      const built = buildTestApp();
      const client = await signedUp(built.app, 'ada@example.com');
      const profile = await client.get('/users/profile');
      expect(profile.text).to.include('<dt>Email verified</dt>');
      expect(profile.text).to.include('<form method="post" action="/email/verify/resend">');
    });
  });

  describe('POST /email/verify/resend', () => {
    it('queues a new link, which supersedes the first, and says where it went', async () => {
      const built = buildTestApp();
      const client = await signedUp(built.app, 'ada@example.com');
      const first = await verificationLinkPath(built);

      const response = await client.post('/email/verify/resend');

      expect(response.headers.location).to.equal('/users/profile');
      expect(flashOf((await client.get('/users/profile')).text, 'messageSuccess')).to.equal(
        'We have sent a new verification link to ada@example.com.',
      );
      const second = await verificationLinkPath(built);
      expect(second).not.to.equal(first);
      expect((await browser(built.app).get(first)).status).to.equal(400);
      expect((await browser(built.app).get(second)).status).to.equal(200);
    });

    it('says so, and sends nothing, when the address is already verified', async () => {
      const built = buildTestApp();
      const client = await signedUp(built.app, 'ada@example.com');
      await postVerify(built.app, tokenIn(await verificationLinkPath(built)));

      await client.post('/email/verify/resend').expect(302);

      expect(flashOf((await client.get('/users/profile')).text, 'messageSuccess')).to.equal('Your email address is already verified.');
      expect(await built.queuedMail()).to.have.length(1);
    });

    it(`is throttled after ${DEFAULT_THROTTLE_LIMITS.verificationEmailsPerUser} messages, saying when to retry`, async () => {
      const built = buildTestApp();
      const client = await signedUp(built.app, 'ada@example.com');
      for (let n = 0; n < DEFAULT_THROTTLE_LIMITS.verificationEmailsPerUser; n++) await client.post('/email/verify/resend').expect(302);

      await client.post('/email/verify/resend').expect(302);

      expect(flashOf((await client.get('/users/profile')).text, 'messageFailure')).to.equal(
        'Too many verification emails were sent. Please try again in 60 minutes.',
      );
      expect(await built.queuedMail()).to.have.length(1 + DEFAULT_THROTTLE_LIMITS.verificationEmailsPerUser);
    });

    it('sends an anonymous visitor to /login with "Must be logged in"', async () => {
      const client = browser(buildTestApp().app);
      const response = await client.post('/email/verify/resend');
      expect(response.headers.location).to.equal('/login');
      expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal('Must be logged in');
    });

    it('refuses a cross-site post (CSRF) with 403 and sends nothing', async () => {
      const built = buildTestApp();
      const client = await signedUp(built.app, 'ada@example.com');

      const response = await client.post('/email/verify/resend').set('Sec-Fetch-Site', 'cross-site');

      expect(response.status).to.equal(403);
      expect(await built.queuedMail()).to.have.length(1);
    });

    it('ends the session of an account removed meanwhile', async () => {
      const built = buildTestApp();
      const client = await signedUp(built.app, 'ada@example.com');
      await built.users.delete(1);

      const response = await client.post('/email/verify/resend');

      expect(response.headers.location).to.equal('/login');
      const login = await client.get('/login');
      expect(flashOf(login.text, 'messageFailure')).to.equal('Must be logged in');
      expect(showsLoggedIn(login.text)).to.equal(false);
    });
  });
});
