import { expect } from 'chai';
import { ADA, submit } from '../../support/accounts/account-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { adaInTwoBrowsers, isLoggedIn, sessionsPage } from '../../support/devices/sessions-fixture.js';
import { CHROME, FIREFOX, handleOf, shownSessions } from '../../support/devices/sessions-page.js';
import { setCookieValue, signedCookie } from '../../support/session-cookies.js';
import { browser, buildTestApp } from '../../support/test-app.js';

const COOKIE = 'gatehouse.sid';

/** Whether the answer is the page that asks for the password again. */
function asksForPassword(html: string): boolean {
  return html.includes('name="sudoPassword"');
}

describe('the sessions page asks for the password before ending anything', () => {
  it('answers "Log out" of another session with the password page, carrying the chosen session, and ends nothing', async () => {
    const { firefox, chrome } = await adaInTwoBrowsers(buildTestApp());
    const handle = handleOf(await sessionsPage(chrome), FIREFOX.name);

    const answer = await submit(chrome, '/account/sessions/revoke', { session: handle });

    expect(answer.status).to.equal(200);
    expect(asksForPassword(answer.page)).to.equal(true);
    expect(answer.page).to.include('To log out a session, please type your password again.');
    expect(answer.page).to.include(`name="session" value="${handle}"`);
    expect(answer.page).to.include('href="/account/sessions"');
    expect(await isLoggedIn(firefox)).to.equal(true);
  });

  it('refuses a wrong password with the page again and ends nothing; the right one ends the session', async () => {
    const { firefox, chrome } = await adaInTwoBrowsers(buildTestApp());
    const handle = handleOf(await sessionsPage(chrome), FIREFOX.name);

    const wrong = await submit(chrome, '/account/sessions/revoke', { session: handle, sudoPassword: 'not the password' });
    expect(asksForPassword(wrong.page)).to.equal(true);
    expect(wrong.page).to.include('data-problem');
    expect(await isLoggedIn(firefox)).to.equal(true);

    const right = await submit(chrome, '/account/sessions/revoke', { session: handle, sudoPassword: ADA.password });
    expect(right.location).to.equal('/account/sessions');
    expect(right.success).to.equal('That session was logged out.');
    expect(await isLoggedIn(firefox)).to.equal(false);
  });

  it('asks before "Log out of all other sessions", then does not ask again within the sudo window', async () => {
    const { firefox, chrome } = await adaInTwoBrowsers(buildTestApp());

    const asked = await submit(chrome, '/account/sessions/revoke-others', {});
    expect(asksForPassword(asked.page)).to.equal(true);
    expect(asked.page).to.include('To log out of all other sessions, please type your password again.');
    expect(await isLoggedIn(firefox)).to.equal(true);

    await submit(chrome, '/account/sessions/revoke', { sudoPassword: ADA.password });
    const answer = await submit(chrome, '/account/sessions/revoke-others', {});
    expect(answer.location).to.equal('/account/sessions');
    expect(answer.success).to.equal('Every other session of your account was logged out.');
    expect(shownSessions(answer.page)).to.have.length(1);
    expect(await isLoggedIn(firefox)).to.equal(false);
  });

  it('asks before forgetting a remembered device, carrying its handle', async () => {
    const { chrome } = await adaInTwoBrowsers(buildTestApp());
    const handle = 'f'.repeat(32);

    const answer = await submit(chrome, '/account/sessions/forget-device', { handle });

    expect(asksForPassword(answer.page)).to.equal(true);
    expect(answer.page).to.include('To forget a remembered device, please type your password again.');
    expect(answer.page).to.include(`name="handle" value="${handle}"`);
  });
});

describe('the password typed again (sudo) moves the session to a new id', () => {
  onEveryBackend((build) => {
    it('ends the id from before and goes on under a new one: same user, same handle on the sessions page, same lifetime', async () => {
      const built = await build();
      const { chrome, firefox, ids } = await adaInTwoBrowsers(built);
      const before = ids[1] ?? '';
      const page = await sessionsPage(chrome);
      const firefoxHandle = handleOf(page, FIREFOX.name);
      const stored = await built.sessions.find(before, Date.now());
      const signedIn = shownSessions(page).find((session) => session.current)?.signedIn;

      const confirmed = await chrome
        .post('/account/sessions/revoke')
        .type('form')
        .send({ session: firefoxHandle, sudoPassword: ADA.password })
        .expect(302);

      const after = setCookieValue(confirmed, COOKIE);
      expect(after).to.be.a('string').and.not.equal(before);
      expect(await built.sessions.find(before, Date.now())).to.equal(null);
      const old = await browser(built.app).get('/users/profile').set('Cookie', signedCookie(COOKIE, before, 'test-session-key'));
      expect(old.headers.location).to.equal('/login');
      const renewed = await built.sessions.find(after ?? '', Date.now());
      expect(renewed?.userId).to.equal(1);
      expect(renewed?.absoluteExpiresAt).to.equal(stored?.absoluteExpiresAt);
      expect(renewed?.device?.createdAt).to.equal(stored?.device?.createdAt);
      // The action ran on the new session, with its flash, and the page names it as before.
      const shown = await chrome.get(confirmed.headers.location ?? '').expect(200);
      expect(shown.text).to.include('That session was logged out.');
      expect(shownSessions(shown.text).map((session) => [session.device, session.current, session.signedIn])).to.deep.equal([
        [CHROME.name, true, signedIn],
      ]);
      expect((await built.sessions.listOfUser(1, Date.now())).map((device) => device.handle)).to.deep.equal([stored?.device?.handle]);
      expect(await isLoggedIn(firefox)).to.equal(false);
      // Within the sudo window no password is asked, and the id stays.
      const fresh = await chrome.post('/account/sessions/revoke-others').type('form').send({}).expect(302);
      expect(setCookieValue(fresh, COOKIE) ?? after).to.equal(after);
    });
  });
});
