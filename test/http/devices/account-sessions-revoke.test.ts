import { expect } from 'chai';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import { newSessionId } from '../../../src/web/shared/session-id.js';
import { ADA, submit } from '../../support/accounts/account-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { adaInTwoBrowsers, GRACE, isLoggedIn, sessionFromBefore, sessionsPage } from '../../support/devices/sessions-fixture.js';
import { CHROME, FIREFOX, handleOf, shownSessions } from '../../support/devices/sessions-page.js';
import { browser, buildTestApp, showsLoggedIn } from '../../support/test-app.js';

/** Counts the look-ups a revoke makes. */
class CountingStorage extends MemorySessionStorage {
  lookups = 0;
  override async destroyOfUser(userId: number, handle: string, now: number) {
    this.lookups += 1;
    return super.destroyOfUser(userId, handle, now);
  }
}

/** The form with Ada's password for the sudo step, which a malformed field skips. */
function withPassword(form: Record<string, string> | string): Record<string, string> | string {
  return typeof form === 'string'
    ? `${form}&sudoPassword=${encodeURIComponent(ADA.password)}`
    : { ...form, sudoPassword: ADA.password };
}

describe('logging out from the sessions page', () => {
  describe('POST /account/sessions/revoke', () => {
    onEveryBackend((build) => {
      it('logs out the chosen session and says so: that browser is anonymous on its next request', async () => {
        const { firefox, chrome } = await adaInTwoBrowsers(await build());
        const handle = handleOf(await sessionsPage(chrome), FIREFOX.name);

        const answer = await submit(chrome, '/account/sessions/revoke', { session: handle, sudoPassword: ADA.password });

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

      const answer = await submit(chrome, '/account/sessions/revoke', { session: graceHandle, sudoPassword: ADA.password });

      expect(answer.location).to.equal('/account/sessions');
      expect(answer.failure).to.equal('That session is not one of yours, or it has already ended. Nothing was changed.');
      expect(await isLoggedIn(grace)).to.equal(true);
    });

    it('says a session already logged out has ended, and changes nothing', async () => {
      const built = buildTestApp();
      const { chrome } = await adaInTwoBrowsers(built);
      const handle = handleOf(await sessionsPage(chrome), FIREFOX.name);
      await submit(chrome, '/account/sessions/revoke', { session: handle, sudoPassword: ADA.password });

      const again = await submit(chrome, '/account/sessions/revoke', { session: handle, sudoPassword: ADA.password });

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

        const answer = await submit(chrome, '/account/sessions/revoke', withPassword(form));

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

      const answer = await submit(chrome, '/account/sessions/revoke', { session: own, sudoPassword: ADA.password });

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

        const answer = await submit(chrome, '/account/sessions/revoke-others', { sudoPassword: ADA.password });

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

      const answer = await old.post('/account/sessions/revoke-others').set('Cookie', cookie).type('form').send({ sudoPassword: ADA.password });

      expect(answer.headers.location).to.equal('/account/sessions');
      expect(await isLoggedIn(firefox)).to.equal(false);
      expect(showsLoggedIn((await old.get('/').set('Cookie', cookie).expect(200)).text)).to.equal(true);
    });
  });

});
