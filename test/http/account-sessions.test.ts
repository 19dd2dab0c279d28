import { expect } from 'chai';
import { MemorySessionStorage } from '../../src/infrastructure/sessions/memory-session-storage.js';
import { newSessionHandle, newSessionId } from '../../src/web/session-id.js';
import { ADA, type Browser, submit } from '../support/account-client.js';
import { onEveryBackend } from '../support/app-backends.js';
import { captureLog } from '../support/captured-log.js';
import { setCookieValue, signedCookie } from '../support/session-cookies.js';
import { CHROME, FIREFOX, handleOf, shownSessions } from '../support/sessions-page.js';
import { browser, buildTestApp, showsLoggedIn, type TestApp } from '../support/test-app.js';

const COOKIE = 'gatehouse.sid';
const KEY = 'test-session-key';
const MINUTE = 60_000;
const GRACE = { email: 'grace@example.com', password: 'cobol compiler' };

/** Ada signs up in Firefox and logs in again in Chrome: two sessions, two browsers. */
async function adaInTwoBrowsers(built: TestApp) {
  const firefox = browser(built.app);
  const signUp = await firefox.post('/signup').set('User-Agent', FIREFOX.userAgent).type('form').send(ADA).expect(302);
  const chrome = browser(built.app);
  const logIn = await chrome.post('/login').set('User-Agent', CHROME.userAgent).type('form').send(ADA).expect(302);
  const ids = [setCookieValue(signUp, COOKIE) ?? '', setCookieValue(logIn, COOKIE) ?? ''];
  return { firefox, chrome, ids };
}

/**
 * A session of Ada's as stored before handles existed, after the migration: the store
 * has its handle, its data does not. Resolves the Cookie header that carries it.
 */
async function sessionFromBefore(built: TestApp): Promise<string> {
  const id = newSessionId();
  const now = Date.now();
  await built.sessions.insert(id, {
    data: { passport: { user: 1 } },
    userId: 1,
    expiresAt: now + MINUTE,
    absoluteExpiresAt: now + 60 * MINUTE,
    device: { handle: newSessionHandle(), userAgent: null, ip: null, createdAt: null, lastSeenAt: null },
  });
  return signedCookie(COOKIE, id, KEY);
}

/** The sessions page as this browser sees it. */
async function sessionsPage(client: Browser): Promise<string> {
  return (await client.get('/account/sessions').expect(200)).text;
}

async function isLoggedIn(client: Browser): Promise<boolean> {
  return showsLoggedIn((await client.get('/').expect(200)).text);
}

/** Counts the look-ups a revoke makes. */
class CountingStorage extends MemorySessionStorage {
  lookups = 0;
  override async destroyOfUser(userId: number, handle: string, now: number) {
    this.lookups += 1;
    return super.destroyOfUser(userId, handle, now);
  }
}

describe('the sessions page', () => {
  describe('GET /account/sessions', () => {
    onEveryBackend((build) => {
      it('lists both sessions of the user with their browsers, "This device" on the one asking, and no session id', async () => {
        const { chrome, ids } = await adaInTwoBrowsers(await build());

        const page = await sessionsPage(chrome);

        const shown = shownSessions(page);
        expect(shown.map((s) => [s.device, s.current])).to.have.deep.members([
          [FIREFOX.name, false],
          [CHROME.name, true],
        ]);
        expect(shown.find((s) => s.current)?.handle).to.equal(null);
        expect(shown.find((s) => !s.current)?.handle).to.match(/^[0-9a-f]{32}$/);
        for (const id of ids) expect(page).not.to.include(id);
      });
    });

    it('lists the most recently active first, with when each signed in and was last active, to the minute in UTC', async () => {
      let now = Date.UTC(2026, 10, 25, 14, 3, 20);
      const built = buildTestApp({ sessions: { clock: () => now } });
      const firefox = browser(built.app);
      await firefox.post('/signup').set('User-Agent', FIREFOX.userAgent).type('form').send(ADA).expect(302);
      now += MINUTE;
      const chrome = browser(built.app);
      await chrome.post('/login').set('User-Agent', CHROME.userAgent).type('form').send(ADA).expect(302);
      expect(shownSessions(await sessionsPage(chrome)).map((s) => s.device)).to.deep.equal([CHROME.name, FIREFOX.name]);

      // Firefox's next request moves its idle expiry (over a minute since), and with it
      // its last activity; Chrome's own views within the minute write nothing.
      now += 30_000;
      await firefox.get('/').expect(200);

      const shown = shownSessions(await sessionsPage(chrome));
      expect(shown.map((s) => s.device)).to.deep.equal([FIREFOX.name, CHROME.name]);
      expect(shown[0]).to.deep.include({ signedIn: '2026-11-25 14:03 UTC', lastActive: '2026-11-25 14:04 UTC' });
    });

    it('shows the client address as the app sees it: behind TRUST_PROXY, the forwarded one', async () => {
      const built = buildTestApp({ options: { proxyHops: 1 } });
      const client = browser(built.app);
      await client.post('/signup').set('X-Forwarded-For', '203.0.113.9').type('form').send(ADA).expect(302);

      const page = await client.get('/account/sessions').set('X-Forwarded-For', '203.0.113.9').expect(200);

      expect(shownSessions(page.text).map((s) => s.address)).to.deep.equal(['203.0.113.9']);
    });

    it('marks "This device" on a session stored before handles existed, whose handle only the store has', async () => {
      const built = buildTestApp();
      await browser(built.app).post('/signup').type('form').send(ADA).expect(302);
      const cookie = await sessionFromBefore(built);

      const page = await browser(built.app).get('/account/sessions').set('Cookie', cookie).expect(200);

      const current = shownSessions(page.text).find((s) => s.current);
      expect(current).to.deep.include({ device: 'Unknown browser', signedIn: 'Not recorded', handle: null });
    });

    it('sends an anonymous visitor to /login with "Must be logged in"', async () => {
      const response = await browser(buildTestApp().app).get('/account/sessions').expect(302);
      expect(response.headers.location).to.equal('/login');
    });

    it('is linked from the account settings', async () => {
      const { chrome } = await adaInTwoBrowsers(buildTestApp());
      expect((await chrome.get('/account').expect(200)).text).to.include('href="/account/sessions"');
    });
  });

  describe('POST /account/sessions/revoke', () => {
    onEveryBackend((build) => {
      it('logs out the chosen session and says so: that browser is anonymous on its next request', async () => {
        const { firefox, chrome } = await adaInTwoBrowsers(await build());
        const handle = handleOf(await sessionsPage(chrome), FIREFOX.name);

        const answer = await submit(chrome, '/account/sessions/revoke', { session: handle });

        expect(answer.location).to.equal('/account/sessions');
        expect(answer.success).to.equal('That session was logged out.');
        expect(shownSessions(answer.page).map((s) => s.device)).to.deep.equal([CHROME.name]);
        expect((await firefox.get('/users/profile').expect(302)).headers.location).to.equal('/login');
        expect(await isLoggedIn(chrome)).to.equal(true);
      });
    });

    it('refuses a session of another user with a clear message, and ends nothing', async () => {
      const built = buildTestApp();
      const { chrome } = await adaInTwoBrowsers(built);
      const grace = browser(built.app);
      await grace.post('/signup').set('User-Agent', FIREFOX.userAgent).type('form').send(GRACE).expect(302);
      const graceElsewhere = browser(built.app);
      await graceElsewhere.post('/login').set('User-Agent', CHROME.userAgent).type('form').send(GRACE).expect(302);
      const graceHandle = handleOf(await sessionsPage(graceElsewhere), FIREFOX.name);

      const answer = await submit(chrome, '/account/sessions/revoke', { session: graceHandle });

      expect(answer.location).to.equal('/account/sessions');
      expect(answer.failure).to.equal('That session is not one of yours, or it has already ended. Nothing was changed.');
      expect(await isLoggedIn(grace)).to.equal(true);
    });

    it('says a session already logged out has ended, and changes nothing', async () => {
      const built = buildTestApp();
      const { chrome } = await adaInTwoBrowsers(built);
      const handle = handleOf(await sessionsPage(chrome), FIREFOX.name);
      await submit(chrome, '/account/sessions/revoke', { session: handle });

      const again = await submit(chrome, '/account/sessions/revoke', { session: handle });

      expect(again.failure).to.equal('That session is not one of yours, or it has already ended. Nothing was changed.');
      expect(await isLoggedIn(chrome)).to.equal(true);
    });

    const malformed: [string, Record<string, string> | string][] = [
      ['a missing field', {}],
      ['an empty field', { session: '' }],
      ['a field sent twice', `session=${'a'.repeat(32)}&session=${'b'.repeat(32)}`],
      ['a nested field', `session[x]=${'a'.repeat(32)}`],
      ['a handle in capitals', { session: 'A'.repeat(32) }],
      ['a handle one character short', { session: 'a'.repeat(31) }],
      ['a session id', { session: newSessionId() }],
    ];
    for (const [label, form] of malformed) {
      it(`refuses ${label} with a clear message, without looking anything up`, async () => {
        const storage = new CountingStorage();
        const { firefox, chrome } = await adaInTwoBrowsers(buildTestApp({ sessions: { storage } }));

        const answer = await submit(chrome, '/account/sessions/revoke', form);

        expect(answer.status).to.equal(302);
        expect(answer.failure).to.equal('Please choose a session to log out from the list.');
        expect(storage.lookups).to.equal(0);
        expect(await isLoggedIn(firefox)).to.equal(true);
      });
    }

    it('logs this browser out, as the logout link does, when its own session is chosen', async () => {
      const built = buildTestApp();
      const { firefox, chrome } = await adaInTwoBrowsers(built);
      const own = handleOf(await sessionsPage(firefox), CHROME.name);

      const answer = await submit(chrome, '/account/sessions/revoke', { session: own });

      expect(answer.location).to.equal('/login');
      expect(answer.success).to.equal('Successfully logged out');
      expect(await isLoggedIn(chrome)).to.equal(false);
      expect(await isLoggedIn(firefox)).to.equal(true);
    });

    it('answers 405 to a GET of a logged-in user, and sends an anonymous visitor to /login', async () => {
      const { chrome } = await adaInTwoBrowsers(buildTestApp());
      expect((await chrome.get('/account/sessions/revoke').expect(405)).headers.allow).to.equal('POST');
      const anonymous = await browser(buildTestApp().app).post('/account/sessions/revoke').type('form').send({});
      expect(anonymous.headers.location).to.equal('/login');
    });
  });

  describe('POST /account/sessions/revoke-others', () => {
    onEveryBackend((build) => {
      it('logs out every other session of the user, keeps this one, and says so', async () => {
        const built = await build();
        const { firefox, chrome } = await adaInTwoBrowsers(built);
        const third = browser(built.app);
        await third.post('/login').type('form').send(ADA).expect(302);
        const grace = browser(built.app);
        await grace.post('/signup').type('form').send(GRACE).expect(302);

        const answer = await submit(chrome, '/account/sessions/revoke-others', {});

        expect(answer.location).to.equal('/account/sessions');
        expect(answer.success).to.equal('Every other session of your account was logged out.');
        expect(shownSessions(answer.page).map((s) => [s.device, s.current])).to.deep.equal([[CHROME.name, true]]);
        expect(await isLoggedIn(firefox)).to.equal(false);
        expect(await isLoggedIn(third)).to.equal(false);
        expect(await isLoggedIn(grace)).to.equal(true);
      });
    });

    it('keeps the session asking when it was stored before handles existed', async () => {
      const built = buildTestApp();
      const { firefox } = await adaInTwoBrowsers(built);
      const cookie = await sessionFromBefore(built);
      const old = browser(built.app);

      const answer = await old.post('/account/sessions/revoke-others').set('Cookie', cookie).type('form').send({});

      expect(answer.headers.location).to.equal('/account/sessions');
      expect(await isLoggedIn(firefox)).to.equal(false);
      expect(showsLoggedIn((await old.get('/').set('Cookie', cookie).expect(200)).text)).to.equal(true);
    });
  });

  it('logs each revoke and each refusal as a security event', async () => {
    const log = captureLog();
    const built = buildTestApp({ options: { logger: log.logger } });
    const { chrome } = await adaInTwoBrowsers(built);
    const handle = handleOf(await sessionsPage(chrome), FIREFOX.name);
    await submit(chrome, '/account/sessions/revoke', { session: handle });
    await submit(chrome, '/account/sessions/revoke', { session: handle });
    await submit(chrome, '/account/sessions/revoke', { session: 'nope' });
    await submit(chrome, '/account/sessions/revoke-others', {});

    const events = log.lines().filter((line) => /^sessions?\./.test(String(line.event)));
    expect(events.map((line) => [line.event, line.reason ?? null, line.userId])).to.deep.equal([
      ['session.revoked', null, 1],
      ['session.revoke-refused', 'not-found', 1],
      ['session.revoke-refused', 'malformed', 1],
      ['sessions.revoked-others', null, 1],
    ]);
    expect(log.text()).not.to.include(handle);
  });
});
