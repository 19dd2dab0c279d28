import { expect } from 'chai';
import { REMEMBER_ROTATION_GRACE_MS } from '../../../src/application/devices/log-in-with-remembered-device.js';
import { ADA, signUp } from '../../support/accounts/account-client.js';
import { captureLog } from '../../support/captured-log.js';
import {
  clearsRememberCookie,
  logInRemembered,
  REMEMBER,
  SESSION,
  withRememberCookie,
} from '../../support/devices/remember-client.js';
import { setCookieHeader, setCookieValue } from '../../support/session-cookies.js';
import { browser, buildTestApp, showsLoggedIn } from '../../support/test-app.js';
import { ManualClock } from '../../support/throttle.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** An app on one manual clock for sessions (10 min idle, 1 day at most) and tokens, with Ada signed up. */
async function appOnClock(remember: { lifetimeMs?: number } = {}, options: Parameters<typeof buildTestApp>[0] = {}) {
  const clock = new ManualClock(Date.now());
  const built = buildTestApp({
    clock,
    sessions: { lifetime: { idleMs: 10 * MINUTE, absoluteMs: DAY }, clock: () => clock.now() },
    remember,
    ...options,
  });
  await signUp(built, ADA);
  return { ...built, clock };
}

describe('remember me, on a clock the test moves', () => {
  it('survives the session\'s idle expiry: the next page logs in on a new session id, with the cookie rotated', async () => {
    const { app, clock } = await appOnClock();
    const { client, response: login, cookie } = await logInRemembered(app, ADA);
    clock.advance(10 * MINUTE + 1);

    const profile = await client.get('/users/profile').expect(200);

    expect(showsLoggedIn(profile.text)).to.equal(true);
    expect(setCookieValue(profile, SESSION)).to.be.a('string').and.not.equal(setCookieValue(login, SESSION));
    expect(setCookieValue(profile, REMEMBER)).to.be.a('string').and.not.equal(cookie);
    // The same browser goes on in the new session: no further login, no further rotation.
    const next = await client.get('/users/profile').expect(200);
    expect(setCookieHeader(next, REMEMBER)).to.equal(null);
  });

  it('survives the session\'s absolute lifetime too, for as long as REMEMBER_ME_SECONDS, and not beyond', async () => {
    const { app, clock } = await appOnClock({ lifetimeMs: 3 * DAY });
    const { client } = await logInRemembered(app, ADA);
    clock.advance(2 * DAY);
    await client.get('/users/profile').expect(200);

    clock.advance(DAY);
    const gated = await client.get('/users/profile').expect(302);

    expect(gated.headers.location).to.equal('/login');
    expect(clearsRememberCookie(gated)).to.equal(true);
  });

  it('ends everything when a rotated cookie is replayed after the grace: every session, every device, and says so in the log', async () => {
    const log = captureLog();
    const { app, clock } = await appOnClock({}, { options: { logger: log.logger } });
    const { client: owner, cookie: stolen } = await logInRemembered(app, ADA);
    const { client: laptop } = await logInRemembered(app, ADA);
    clock.advance(10 * MINUTE + 1);
    await owner.get('/users/profile').expect(200);
    await laptop.get('/users/profile').expect(200);
    clock.advance(REMEMBER_ROTATION_GRACE_MS + 1);

    const thief = await withRememberCookie(app, stolen);

    expect(thief.headers.location).to.equal('/login');
    expect(clearsRememberCookie(thief)).to.equal(true);
    for (const client of [owner, laptop]) {
      const gated = await client.get('/users/profile').expect(302);
      expect(gated.headers.location).to.equal('/login');
      expect(clearsRememberCookie(gated)).to.equal(true);
    }
    const warning = log.lines().find((line) => line.event === 'remember.theft-detected');
    expect(warning).to.include({ level: 'warn', userId: 1 });
  });

  it('lets the copy in within the grace, as the slower twin of a request, without rotating again', async () => {
    const { app, clock } = await appOnClock();
    const { client, cookie } = await logInRemembered(app, ADA);
    clock.advance(10 * MINUTE + 1);
    await client.get('/users/profile').expect(200);
    clock.advance(REMEMBER_ROTATION_GRACE_MS);

    const twin = await withRememberCookie(app, cookie).expect(200);

    expect(setCookieHeader(twin, REMEMBER)).to.equal(null);
    expect(showsLoggedIn((await client.get('/').expect(200)).text)).to.equal(true);
  });

  it('logs a remembered login, and never a remember-me cookie or session id', async () => {
    const log = captureLog();
    const { app, clock } = await appOnClock({}, { options: { logger: log.logger } });
    const { client, cookie } = await logInRemembered(app, ADA);
    clock.advance(10 * MINUTE + 1);
    const profile = await client.get('/users/profile').expect(200);

    expect(log.lines().filter((line) => line.event === 'login.remembered')).to.have.length(1);
    for (const secret of [cookie, setCookieValue(profile, REMEMBER) ?? '', setCookieValue(profile, SESSION) ?? '']) {
      expect(secret).to.not.equal('');
      expect(log.text()).to.not.include(secret);
    }
  });

  it('changes nothing on HEAD: a link preview neither logs in nor rotates the cookie', async () => {
    const { app, clock } = await appOnClock();
    const { cookie } = await logInRemembered(app, ADA);
    clock.advance(10 * MINUTE + 1);

    const head = await browser(app).head('/users/profile').set('Cookie', `${REMEMBER}=${cookie}`);

    expect(head.status).to.equal(302);
    expect(setCookieHeader(head, REMEMBER)).to.equal(null);
    expect(setCookieValue(await withRememberCookie(app, cookie).expect(200), REMEMBER)).to.be.a('string');
  });

  it('removes the cookie with the account, whose tokens went with it', async () => {
    const { app } = await appOnClock();
    const { client } = await logInRemembered(app, ADA);
    const deleted = await client.post('/account/delete').type('form').send({ currentPassword: ADA.password, confirm: 'yes' });
    expect(deleted.headers.location).to.equal('/');
    expect(clearsRememberCookie(deleted)).to.equal(true);
  });
});

describe('remember me over TLS (production)', () => {
  it('names the cookie __Host-gatehouse.remember and marks it Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const built = buildTestApp({ options: { secureCookies: true } });
    // Behind a TLS-terminating proxy: app.proxy trusts its X-Forwarded-Proto.
    built.app.proxy = true;
    const https = (request: ReturnType<ReturnType<typeof browser>['post']>) => request.set('X-Forwarded-Proto', 'https');
    await https(browser(built.app).post('/signup')).type('form').send(ADA);

    const login = await https(browser(built.app).post('/login')).type('form').send({ ...ADA, remember: 'yes' });

    const header = (setCookieHeader(login, '__Host-gatehouse.remember') ?? '').toLowerCase();
    for (const attribute of ['; secure', '; httponly', '; samesite=lax', '; path=/']) expect(header).to.include(attribute);
    expect(header).to.not.include('domain=');
    expect(setCookieHeader(login, REMEMBER)).to.equal(null);
  });
});
