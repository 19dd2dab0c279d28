import { expect } from 'chai';
import { ADA, submit } from '../../support/accounts/account-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { captureLog } from '../../support/captured-log.js';
import { adaInTwoBrowsers, sessionFromBefore, sessionsPage } from '../../support/devices/sessions-fixture.js';
import { CHROME, FIREFOX, handleOf, shownSessions } from '../../support/devices/sessions-page.js';
import { translationsWith } from '../../support/i18n/test-locales.js';
import { browser, buildTestApp } from '../../support/test-app.js';

const MINUTE = 60_000;

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

    it('writes the times in the page’s language, still to the minute in UTC and saying so', async () => {
      const now = Date.UTC(2026, 10, 25, 14, 3, 20);
      const built = buildTestApp({ translations: translationsWith(['de']), sessions: { clock: () => now } });
      const firefox = browser(built.app);
      await firefox.post('/signup').set('User-Agent', FIREFOX.userAgent).type('form').send(ADA).expect(302);

      const page = await firefox.get('/account/sessions').set('Accept-Language', 'de').expect(200);

      expect(page.text).to.include('<time datetime="2026-11-25T14:03:20.000Z">[de] 25.11.2026, 14:03 UTC</time>');
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

  it('logs each revoke and each refusal as a security event', async () => {
    const log = captureLog();
    const built = buildTestApp({ options: { logger: log.logger } });
    const { chrome } = await adaInTwoBrowsers(built);
    const handle = handleOf(await sessionsPage(chrome), FIREFOX.name);
    await submit(chrome, '/account/sessions/revoke', { session: handle, sudoPassword: ADA.password });
    await submit(chrome, '/account/sessions/revoke', { session: handle, sudoPassword: ADA.password });
    await submit(chrome, '/account/sessions/revoke', { session: 'nope', sudoPassword: ADA.password });
    await submit(chrome, '/account/sessions/revoke-others', { sudoPassword: ADA.password });

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
