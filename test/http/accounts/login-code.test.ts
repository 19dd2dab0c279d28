import { expect } from 'chai';
import { DEFAULT_THROTTLE_LIMITS } from '../../../src/application/shared/auth-throttle.js';
import { Email } from '../../../src/domain/shared/email.js';
import { ADA, type Browser, withAda } from '../../support/accounts/account-client.js';
import { captureLog } from '../../support/captured-log.js';
import { advance, enrolTotp, totpCode } from '../../support/two-factor/two-factor-client.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';

const SENT = 'If an account has that address, we have sent it a login code. Type it below: it works once, for 10 minutes.';
const INVALID = 'That code is wrong or has expired. Try again, or ask for a new code.';
const MALFORMED = 'Type the 8-digit code from the email.';

/** Asks for a code for `email` from `client` (a fresh browser unless given); where it went and the flashes there. */
async function askCode(built: TestApp, email: string, client: Browser = browser(built.app), forwardedFor?: string) {
  const request = client.post('/login/code/send').type('form');
  if (forwardedFor) request.set('X-Forwarded-For', forwardedFor);
  const response = await request.send({ email });
  const next = await client.get(response.headers.location ?? '/');
  return {
    client,
    status: response.status,
    location: response.headers.location as string | undefined,
    success: flashOf(next.text, 'messageSuccess'),
    failure: flashOf(next.text, 'messageFailure'),
    page: next.text.replaceAll(email, '(typed)'),
  };
}

/** The code of the newest login-code message to `to`, or null. */
async function lastCode(built: TestApp, to = ADA.email): Promise<string | null> {
  const mail = (await built.queuedMail()).filter((m) => m.kind === 'login-code' && m.to === to).at(-1);
  return mail?.kind === 'login-code' ? mail.code : null;
}

/** Posts a code from `client`; where it went and the failure flash there. */
async function postCode(client: Browser, code: string) {
  const response = await client.post('/login/code').type('form').send({ code });
  const location = response.headers.location as string | undefined;
  const failure = location && location !== '/' ? flashOf((await client.get(location)).text, 'messageFailure') : null;
  return { location, failure };
}

async function isLoggedIn(client: Browser): Promise<boolean> {
  return (await client.get('/users/profile')).status === 200;
}

describe('login by a code sent by email (EMAIL_CODE_LOGIN)', () => {
  describe('off (the default)', () => {
    it('leaves /login as it is and answers 404 on the code routes', async () => {
      const built = buildTestApp();
      const page = await browser(built.app).get('/login').expect(200);
      expect(page.text).not.to.include('login code');
      expect(page.text).not.to.include('/login/code');
      await browser(built.app).post('/login/code/send').type('form').send({ email: ADA.email }).expect(404);
      await browser(built.app).get('/login/code').expect(404);
      await browser(built.app).post('/login/code').type('form').send({ code: '12345678' }).expect(404);
    });
  });

  describe('on', () => {
    it('offers "Email me a login code" on /login, a form with the field email', async () => {
      const page = (await browser(buildTestApp({ emailCodeLogin: true }).app).get('/login').expect(200)).text;
      expect(page).to.include('action="/login/code/send"');
      expect(page).to.include('Email me a login code');
      expect(page).to.match(/<input[^>]*id="code-email"[^>]*name="email"/);
    });

    it('mails an 8-digit code that logs in once, and marks the address verified', async () => {
      const built = await withAda({ emailCodeLogin: true });
      expect((await built.users.findByEmail(Email.fromTrusted(ADA.email)))?.emailVerified).to.equal(false);
      const asked = await askCode(built, ADA.email);
      expect([asked.status, asked.location, asked.success]).to.deep.equal([302, '/login/code', SENT]);
      const code = await lastCode(built);
      expect(code).to.match(/^[0-9]{8}$/);

      expect((await postCode(asked.client, code as string)).location).to.equal('/');
      expect(await isLoggedIn(asked.client)).to.equal(true);
      expect((await built.users.findByEmail(Email.fromTrusted(ADA.email)))?.emailVerified).to.equal(true);

      const again = await askCode(built, 'nobody@example.com');
      await built.queuedMail();
      const reused = await askCode(built, ADA.email, browser(built.app));
      // A used code opens nothing, even on the page of a newer request.
      expect(await postCode(reused.client, code as string)).to.deep.equal({ location: '/login/code', failure: INVALID });
      expect(again.location).to.equal('/login/code');
    });

    it('gives the same answer and page for an unknown address, a locked account and a known one, mailing only the known one', async () => {
      const built = await withAda({ emailCodeLogin: true });
      await withAdaLike(built, 'grace@example.com');
      await built.users.setLocked(await idOf(built, 'grace@example.com'), true);
      const before = (await built.queuedMail()).length;

      const known = await askCode(built, ADA.email);
      const unknown = await askCode(built, 'nobody@example.com');
      const locked = await askCode(built, 'grace@example.com');
      const strip = ({ client: _client, ...rest }: typeof known) => rest;
      expect(strip(unknown)).to.deep.equal(strip(known));
      expect(strip(locked)).to.deep.equal(strip(known));
      const queued = await built.queuedMail();
      expect(queued.slice(before).map((mail) => [mail.kind, mail.to])).to.deep.equal([['login-code', ADA.email]]);
      // Whatever is typed on the unknown or locked address's page, the answer is the same as a wrong code.
      expect(await postCode(unknown.client, '12345678')).to.deep.equal({ location: '/login/code', failure: INVALID });
      expect(await postCode(locked.client, '12345678')).to.deep.equal({ location: '/login/code', failure: INVALID });
    });

    it('refuses the right code of an account locked after it was sent, as a wrong one', async () => {
      const built = await withAda({ emailCodeLogin: true });
      const asked = await askCode(built, ADA.email);
      const code = (await lastCode(built)) as string;
      await built.users.setLocked(await idOf(built, ADA.email), true);
      expect(await postCode(asked.client, code)).to.deep.equal({ location: '/login/code', failure: INVALID });
      expect(await isLoggedIn(asked.client)).to.equal(false);
    });

    it('allows five tries of a code: after five wrong ones, even the right code is refused', async () => {
      const built = await withAda({ emailCodeLogin: true });
      const asked = await askCode(built, ADA.email);
      const code = (await lastCode(built)) as string;
      const wrong = code === '00000000' ? '11111111' : '00000000';
      for (let n = 0; n < 5; n++) {
        expect(await postCode(asked.client, wrong)).to.deep.equal({ location: '/login/code', failure: INVALID });
      }
      expect(await postCode(asked.client, code)).to.deep.equal({ location: '/login/code', failure: INVALID });
      expect(await isLoggedIn(asked.client)).to.equal(false);
      // A new code works again.
      await askCode(built, ADA.email, asked.client);
      expect((await postCode(asked.client, (await lastCode(built)) as string)).location).to.equal('/');
    });

    it('accepts the right code at the fourth wrong try, and refuses it after ten minutes', async () => {
      const built = await withAda({ emailCodeLogin: true });
      const asked = await askCode(built, ADA.email);
      const code = (await lastCode(built)) as string;
      const wrong = code === '00000000' ? '11111111' : '00000000';
      for (let n = 0; n < 4; n++) await postCode(asked.client, wrong);
      expect((await postCode(asked.client, code)).location).to.equal('/');

      const late = await askCode(built, ADA.email, browser(built.app));
      advance(built, 10 * 60 * 1000 + 1000);
      expect(await postCode(late.client, (await lastCode(built)) as string)).to.deep.equal({ location: '/login/code', failure: INVALID });
    });

    it('lets the newest code supersede the older one', async () => {
      const built = await withAda({ emailCodeLogin: true });
      const asked = await askCode(built, ADA.email);
      const first = (await lastCode(built)) as string;
      await askCode(built, ADA.email, asked.client);
      const second = (await lastCode(built)) as string;
      if (first !== second) {
        expect(await postCode(asked.client, first)).to.deep.equal({ location: '/login/code', failure: INVALID });
      }
      expect((await postCode(asked.client, second)).location).to.equal('/');
    });

    for (const code of ['1234567', '123456789', 'abcdefgh', '', '1234-5678']) {
      it(`refuses "${code}" as not a code, with a clear message`, async () => {
        const built = await withAda({ emailCodeLogin: true });
        const asked = await askCode(built, ADA.email);
        expect(await postCode(asked.client, code)).to.deep.equal({ location: '/login/code', failure: MALFORMED });
      });
    }

    it('refuses a repeated code field and a malformed email with a clear message, never a 500', async () => {
      const built = await withAda({ emailCodeLogin: true });
      const asked = await askCode(built, ADA.email);
      const response = await asked.client.post('/login/code').type('form').send('code=12345678&code=87654321');
      expect(response.headers.location).to.equal('/login/code');
      expect(flashOf((await asked.client.get('/login/code')).text, 'messageFailure')).to.equal(MALFORMED);
      const bad = await askCode(built, 'not an email');
      expect([bad.location, bad.failure]).to.deep.equal(['/login', 'Please enter a valid email address.']);
    });

    it('sends the code page to /login without a request for a code in the session', async () => {
      const built = buildTestApp({ emailCodeLogin: true });
      const client = browser(built.app);
      expect((await client.get('/login/code')).headers.location).to.equal('/login');
      expect((await client.post('/login/code').type('form').send({ code: '12345678' })).headers.location).to.equal('/login');
    });

    it(`throttles requests per address after ${DEFAULT_THROTTLE_LIMITS.passwordResetsPerEmail}, saying when to retry`, async () => {
      const built = await withAda({ emailCodeLogin: true, options: { proxyHops: 1 } });
      for (let n = 0; n < DEFAULT_THROTTLE_LIMITS.passwordResetsPerEmail; n++) {
        expect((await askCode(built, ADA.email, browser(built.app), `192.0.2.${n}`)).success).to.equal(SENT);
      }
      const refused = await askCode(built, ADA.email, browser(built.app), '198.51.100.7');
      expect(refused.location).to.equal('/login');
      expect(refused.failure).to.match(/^Too many login code requests\. Please try again in \d+ minutes?\.$/);
    });

    it('throttles requests per client whatever the address', async () => {
      const built = buildTestApp({ emailCodeLogin: true, throttle: { passwordResetsPerAddress: 2 } });
      expect((await askCode(built, 'a@example.com')).success).to.equal(SENT);
      expect((await askCode(built, 'b@example.com')).success).to.equal(SENT);
      expect((await askCode(built, 'c@example.com')).failure).to.match(/^Too many login code requests/);
    });

    it('sends a user with an authenticator app on to the second step, which completes the login', async () => {
      const built = await withAda({ emailCodeLogin: true });
      const { secret } = await enrolTotp(built, built.ada);
      const asked = await askCode(built, ADA.email);
      expect((await postCode(asked.client, (await lastCode(built)) as string)).location).to.equal('/login/two-factor');
      expect(await isLoggedIn(asked.client)).to.equal(false);
      const second = await asked.client.post('/login/two-factor').type('form').send({ code: totpCode(secret, built.clock.now()) });
      expect(second.headers.location).to.equal('/');
      expect(await isLoggedIn(asked.client)).to.equal(true);
    });

    it('records login-code.requested, .refused and .used, and the login with method email-code', async () => {
      const log = captureLog();
      const built = await withAda({ emailCodeLogin: true, options: { logger: log.logger } });
      const asked = await askCode(built, ADA.email);
      await askCode(built, 'nobody@example.com');
      const code = (await lastCode(built)) as string;
      await postCode(asked.client, code === '00000000' ? '11111111' : '00000000');
      await postCode(asked.client, code);
      const lines = log
        .lines()
        .filter((line) => String(line.event).startsWith('login-code.') || line.event === 'login.succeeded')
        .map((line) => [line.event, line.reason ?? null, line.userId ?? null, line.method ?? null]);
      expect(lines).to.deep.equal([
        ['login-code.requested', null, 1, null],
        ['login-code.requested', null, null, null],
        ['login-code.refused', 'wrong-code', 1, null],
        ['login-code.used', null, 1, null],
        ['login.succeeded', null, 1, 'email-code'],
      ]);
      expect(JSON.stringify(log.lines())).not.to.include(code);
    });
  });
});

/** Signs another person up through the form. */
async function withAdaLike(built: TestApp, email: string): Promise<void> {
  await browser(built.app).post('/signup').type('form').send({ email, password: ADA.password }).expect(302);
}

/** The id of the account with this address. */
async function idOf(built: TestApp, email: string): Promise<number> {
  const user = await built.users.findByEmail(Email.fromTrusted(email));
  if (!user) throw new Error(`no account has ${email}`);
  return user.id;
}
