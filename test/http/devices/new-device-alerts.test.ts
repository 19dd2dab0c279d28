import { expect } from 'chai';
import { mailIds } from '../../../src/infrastructure/mail/mail-ids.js';
import { messages } from '../../support/english.js';
import { ADA } from '../../support/accounts/account-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { FIREFOX_UA } from '../../support/audit/security-events.js';
import { CHROME_UA, DEVICE, newDeviceAlerts } from '../../support/devices/device-client.js';
import { logInRemembered, REMEMBER, withRememberCookie } from '../../support/devices/remember-client.js';
import { setCookieHeader, setCookieValue } from '../../support/session-cookies.js';
import { TEST_APP_URL } from '../../support/test-container.js';
import { enrolTotp, totpCode } from '../../support/two-factor/two-factor-client.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
const GRACE = { email: 'grace@example.com', password: 'cobol-compiler-1959', phone: '' };

/** A browser of its own, sending this User-Agent with every request. */
function device(built: TestApp, userAgent = FIREFOX_UA) {
  const client = browser(built.app);
  const as = <R extends { set(name: string, value: string): R }>(request: R) => request.set('User-Agent', userAgent);
  return {
    client,
    signUp: (who = ADA) => as(client.post('/signup')).type('form').send(who),
    logIn: (who: { email: string; password: string } = ADA, extra: Record<string, string> = {}) =>
      as(client.post('/login')).type('form').send({ email: who.email, password: who.password, ...extra }),
    logOut: () => as(client.get('/logout')).set('Sec-Fetch-Site', 'same-origin'),
    get: (path: string) => as(client.get(path)),
  };
}

/** A login by form from a browser that sends `cookie` as its device cookie and holds nothing else. */
function logInWithDeviceCookie(built: TestApp, cookie: string, who: { email: string; password: string } = ADA) {
  return browser(built.app)
    .post('/login')
    .set('User-Agent', CHROME_UA)
    .set('Cookie', `${DEVICE}=${cookie}`)
    .type('form')
    .send({ email: who.email, password: who.password });
}

describe('new-device alerts', () => {
  onEveryBackend((build) => {
    it('queue nothing at sign-up, and give the browser a device cookie: HttpOnly, SameSite=Lax, Path=/, 400 days', async () => {
      const built = await build();
      const response = await device(built).signUp();
      expect(response.headers.location).to.equal('/users/profile');
      const header = (setCookieHeader(response, DEVICE) ?? '').toLowerCase();
      expect(header).to.include('; httponly').and.include('; samesite=lax').and.include('; path=/');
      expect(header).to.not.include('; secure').and.not.include('domain=');
      const expires = Date.parse(/expires=([^;]+)/.exec(header)?.[1] ?? '');
      expect(expires - Date.now()).to.be.within(400 * DAY - 60_000, 400 * DAY);
      expect(setCookieValue(response, DEVICE)).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(await newDeviceAlerts(built)).to.deep.equal([]);
    });

    it('queue nothing when the owner logs in again on the browser they signed up on', async () => {
      const built = await build();
      const firefox = device(built);
      await firefox.signUp();
      await firefox.logOut().expect(302);
      const login = await firefox.logIn();
      expect(login.headers.location).to.equal('/');
      expect(await newDeviceAlerts(built)).to.deep.equal([]);
    });

    it('alert the owner once of a login from another browser, answered as the contract says', async () => {
      const built = await build();
      await device(built).signUp();
      const chrome = device(built, CHROME_UA);
      const before = built.clock.now();
      const login = await chrome.logIn();

      expect(login.headers.location).to.equal('/');
      expect(flashOf((await chrome.get('/')).text, 'messageSuccess')).to.equal(messages.loggedIn);
      const alerts = await newDeviceAlerts(built);
      expect(alerts).to.have.length(1);
      const [alert] = alerts;
      expect(alert).to.include({ kind: 'new-device-login', to: ADA.email, device: 'Chrome on Windows 10' });
      expect(alert?.address).to.match(/127\.0\.0\.1$/);
      expect(alert?.at).to.be.within(before, built.clock.now());

      await chrome.logOut().expect(302);
      await chrome.logIn().expect(302);
      expect(await newDeviceAlerts(built)).to.have.length(1);
    });

    it('send an alert that links to the sessions page and to "this wasn\'t me" at /password/forgot, and carries no token', async () => {
      const built = await build();
      await device(built).signUp();
      await device(built, CHROME_UA).logIn().expect(302);
      const [alert] = await newDeviceAlerts(built);
      if (!alert) throw new Error('no alert');

      const composed = built.get(mailIds.composer).compose(alert);
      // The app's APP_URL: the test's in memory, the default on a database.
      const appUrl = /\nGatehouse, (\S+)\n$/.exec(composed.text)?.[1] ?? '';
      expect([TEST_APP_URL, 'http://127.0.0.1:3000']).to.include(appUrl);

      expect(composed.subject).to.equal('Your Gatehouse account was logged in to from a new device');
      expect(composed.text).to.include('Device: Chrome on Windows 10');
      expect(composed.text).to.include(`\n${appUrl}/account/sessions\n`);
      expect(composed.text).to.include(`This wasn't me: someone else knows your password. Reset it at once at\n${appUrl}/password/forgot\n`);
      const links = [...composed.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
      expect([...new Set(links)].sort()).to.deep.equal([appUrl, `${appUrl}/account/sessions`, `${appUrl}/password/forgot`]);
      expect(await browser(built.app).get('/password/forgot').expect(200)).to.have.property('status', 200);
    });

    for (const [what, cookie] of [
      ['tampered', (good: string) => `${good.slice(0, 42)}${good.endsWith('A') ? 'B' : 'A'}`],
      ['truncated', (good: string) => good.slice(0, 20)],
      ['over-long', (good: string) => `${good}${good}`],
      ['not base64url', () => '%E0%A4%A; "x"'],
    ] as const) {
      it(`take a ${what} device cookie for a new device: an alert and a new cookie, never a 500`, async () => {
        const built = await build();
        const signUp = await device(built).signUp();
        const good = setCookieValue(signUp, DEVICE) ?? '';

        const login = await logInWithDeviceCookie(built, encodeURIComponent(cookie(good)));

        expect(login.status).to.equal(302);
        expect(login.headers.location).to.equal('/');
        expect(setCookieValue(login, DEVICE)).to.match(/^[A-Za-z0-9_-]{43}$/).and.not.equal(good);
        expect(await newDeviceAlerts(built)).to.have.length(1);
      });
    }

    it('take another account’s device cookie for a new device of this account', async () => {
      const built = await build();
      await device(built).signUp();
      const graceSignUp = await device(built).signUp(GRACE);
      const gracesCookie = setCookieValue(graceSignUp, DEVICE) ?? '';

      const login = await logInWithDeviceCookie(built, gracesCookie);

      expect(login.headers.location).to.equal('/');
      expect((await newDeviceAlerts(built)).map((alert) => alert.to)).to.deep.equal([ADA.email]);
      // The browser keeps its cookie, now known to both accounts: neither is alerted again.
      expect(setCookieValue(login, DEVICE)).to.equal(gracesCookie);
      await logInWithDeviceCookie(built, gracesCookie).expect(302);
      await logInWithDeviceCookie(built, gracesCookie, GRACE).expect(302);
      expect(await newDeviceAlerts(built)).to.have.length(1);
    });

    it('take a remembered login on the browser that logged in for a known device, and alert when its device cookie is gone', async () => {
      const built = await build();
      const firefox = device(built);
      const signUp = await firefox.signUp();
      const deviceCookie = setCookieValue(signUp, DEVICE) ?? '';
      const { cookie } = await logInRemembered(built.app, ADA, firefox.client);

      const known = await withRememberCookie(built.app, cookie).set('Cookie', `${REMEMBER}=${cookie}; ${DEVICE}=${deviceCookie}`);
      expect(known.status).to.equal(200);
      expect(await newDeviceAlerts(built)).to.deep.equal([]);

      const renewed = setCookieValue(known, REMEMBER) ?? '';
      const lost = await withRememberCookie(built.app, renewed).set('User-Agent', CHROME_UA);
      expect(lost.status).to.equal(200);
      expect(await newDeviceAlerts(built)).to.have.length(1);
    });
  });

  describe('in memory', () => {
    it('with NEW_DEVICE_ALERTS=off, queue nothing and set no device cookie', async () => {
      const built = buildTestApp({ newDeviceAlerts: { enabled: false } });
      const signUp = await device(built).signUp();
      const login = await device(built, CHROME_UA).logIn();
      expect(login.headers.location).to.equal('/');
      expect([setCookieHeader(signUp, DEVICE), setCookieHeader(login, DEVICE)]).to.deep.equal([null, null]);
      expect(await newDeviceAlerts(built)).to.deep.equal([]);
    });

    it('alert of a login with a second factor once its second step passes, not at its first', async () => {
      const built = buildTestApp();
      const firefox = device(built);
      await firefox.signUp();
      const { secret } = await enrolTotp(built, firefox.client);
      const chrome = device(built, CHROME_UA);

      const first = await chrome.logIn();
      expect(first.headers.location).to.equal('/login/two-factor');
      expect(await newDeviceAlerts(built)).to.deep.equal([]);

      const second = await chrome.client
        .post('/login/two-factor')
        .set('User-Agent', CHROME_UA)
        .type('form')
        .send({ code: totpCode(secret, built.clock.now()) });
      expect(second.headers.location).to.equal('/');
      expect(await newDeviceAlerts(built)).to.have.length(1);
    });

    it('alert again of a device the account has not used for NEW_DEVICE_ALERT_DAYS', async () => {
      const built = buildTestApp({ newDeviceAlerts: { windowMs: 90 * DAY } });
      const firefox = device(built);
      await firefox.signUp();
      const chrome = device(built, CHROME_UA);
      await chrome.logIn().expect(302);
      await chrome.logOut().expect(302);
      (built.clock as unknown as { advance(ms: number): void }).advance(90 * DAY + 1);

      await chrome.logIn().expect(302);

      expect(await newDeviceAlerts(built)).to.have.length(2);
    });

    it('over TLS, name the cookie __Host-gatehouse.device and mark it Secure', async () => {
      const built = buildTestApp({ options: { secureCookies: true } });
      built.app.proxy = true;
      const signUp = await browser(built.app).post('/signup').set('X-Forwarded-Proto', 'https').type('form').send(ADA);
      const header = (setCookieHeader(signUp, '__Host-gatehouse.device') ?? '').toLowerCase();
      for (const attribute of ['; secure', '; httponly', '; samesite=lax', '; path=/']) expect(header).to.include(attribute);
      expect(setCookieHeader(signUp, DEVICE)).to.equal(null);
    });
  });
});
