import { expect } from 'chai';
import { ADA, submit } from '../../support/accounts/account-client.js';
import { adaInTwoBrowsers, isLoggedIn, sessionsPage } from '../../support/devices/sessions-fixture.js';
import { FIREFOX, handleOf, shownSessions } from '../../support/devices/sessions-page.js';
import { buildTestApp } from '../../support/test-app.js';

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
