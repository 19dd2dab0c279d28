/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { REMEMBER_ROTATION_GRACE_MS } from '../../src/application/devices/log-in-with-remembered-device.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import {
  CHROME_ON_WINDOWS,
  copyRememberCookie,
  expectAnonymous,
  expectLoggedIn,
  FIREFOX_ON_UBUNTU,
  logInRemembered,
  openSessionsPage,
  rememberCookie,
  SAFARI_ON_MAC,
  sessionId,
} from './support/devices.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, logInByClicks, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';
import { ShiftedClock } from './support/shifted-clock.js';

describe('sessions, remembered devices and activity, across browsers in Chromium', () => {
  let server: AppServer;
  let browser: Browser;
  const clock = new ShiftedClock();

  before(async () => {
    [server, browser] = await Promise.all([startAppServer({ rememberClock: clock }), sharedBrowser()]);
  });
  after(async () => server?.close());

  /** Two browsers of one new user: A (Chrome on Windows) signed up, B (Firefox on Ubuntu) not yet logged in. */
  async function twoBrowsers(email: string) {
    const a = await newPerson(browser, server.baseUrl, CHROME_ON_WINDOWS.userAgent);
    const b = await newPerson(browser, server.baseUrl, FIREFOX_ON_UBUNTU.userAgent);
    await signUpByClicks(a.page, email);
    return { a, b, close: () => Promise.all([a.context.close(), b.context.close()]) };
  }

  /**
   * On the sessions page, presses "Log out" on the session of the browser named `device`,
   * then confirms with the password on the page that asks for it first.
   */
  async function logOutSessionOf(page: Page, device: string): Promise<string> {
    const session = page.getByRole('region', { name: device });
    expect(await submitWith(page, session.getByRole('button', { name: 'Log out' }))).to.equal('/account/sessions/revoke');
    expect(await page.locator('h1').textContent()).to.equal('Confirm with your password');
    await page.getByLabel('Your password').fill(PASSWORD);
    return submitWith(page, page.getByRole('button', { name: 'Confirm' }));
  }

  it("logs out the other browser's session from the sessions page, and that browser is anonymous next", async () => {
    const { a, b, close } = await twoBrowsers('two-browsers@example.com');
    await logInByClicks(b.page, 'two-browsers@example.com', PASSWORD);

    await openSessionsPage(a.page);
    expect(await a.page.getByRole('region', { name: `${CHROME_ON_WINDOWS.name} This device` }).count()).to.equal(1);
    expect(await a.page.getByRole('region', { name: FIREFOX_ON_UBUNTU.name }).count()).to.equal(1);
    expect(await logOutSessionOf(a.page, FIREFOX_ON_UBUNTU.name)).to.equal('/account/sessions');

    expect(await flash(a.page, 'messageSuccess')).to.equal('That session was logged out.');
    expect(await a.page.getByRole('region', { name: FIREFOX_ON_UBUNTU.name }).count()).to.equal(0);
    await expectAnonymous(b.page, 'B');
    await expectLoggedIn(a.page, 'A');
    await close();
  });

  it('logs a remembered browser in again once its session has ended on the server, and rotates its cookie', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl, FIREFOX_ON_UBUNTU.userAgent);
    await signUpByClicks(page, 'remembered-b@example.com');
    await Promise.all([page.waitForURL('**/login'), page.getByRole('link', { name: 'Log out' }).click()]);
    await logInRemembered(page, 'remembered-b@example.com');
    const issued = await rememberCookie(context);
    expect(issued, 'remember cookie').to.be.a('string');

    await server.sessions.destroy(await sessionId(context));
    await expectLoggedIn(page, 'B');

    const rotated = await rememberCookie(context);
    expect(rotated, 'remember cookie after use').to.be.a('string').and.not.equal(issued);
    await context.close();
  });

  it('ends every session and remembered device of the user when a rotated remember cookie is replayed after the grace', async () => {
    const { a, b, close } = await twoBrowsers('replayed@example.com');
    await logInRemembered(b.page, 'replayed@example.com');
    const c = await newPerson(browser, server.baseUrl, SAFARI_ON_MAC.userAgent);
    const copied = await copyRememberCookie(b.context, c.context);

    await server.sessions.destroy(await sessionId(b.context));
    await expectLoggedIn(b.page, 'B, by its remembered cookie');
    expect(await rememberCookie(b.context), 'rotated').to.be.a('string').and.not.equal(copied);
    // The grace for a browser's own twin requests passes without waiting: the remember clock moves.
    clock.advance(REMEMBER_ROTATION_GRACE_MS + 1000);
    await expectAnonymous(c.page, 'C, replaying the copy');

    await expectAnonymous(a.page, 'A');
    await expectAnonymous(b.page, 'B, with its rotated cookie');
    expect(await rememberCookie(b.context), "B's refused cookie is removed").to.equal(undefined);
    expect(await rememberCookie(c.context), "C's refused cookie is removed").to.equal(undefined);
    await Promise.all([close(), c.context.close()]);
  });

  it('lists every event of the journey on the activity page, newest first, with the browser of each', async () => {
    const email = 'journey-activity@example.com';
    const { a, b, close } = await twoBrowsers(email);
    await logInByClicks(b.page, email, PASSWORD);
    await openSessionsPage(a.page);
    await logOutSessionOf(a.page, FIREFOX_ON_UBUNTU.name);
    await logInRemembered(b.page, email);
    const c = await newPerson(browser, server.baseUrl, SAFARI_ON_MAC.userAgent);
    await copyRememberCookie(b.context, c.context);
    await server.sessions.destroy(await sessionId(b.context));
    await expectLoggedIn(b.page, 'B, by its remembered cookie');
    clock.advance(REMEMBER_ROTATION_GRACE_MS + 1000);
    await expectAnonymous(c.page, 'C, replaying the copy');
    await logInByClicks(a.page, email, PASSWORD);

    await a.page.goto('/account');
    await Promise.all([
      a.page.waitForURL('**/account/activity'),
      a.page.getByRole('link', { name: 'account activity' }).click(),
    ]);
    const table = a.page.getByRole('table', { name: 'Latest security events' });
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).slice(1, 3).map((td) => td.textContent?.trim())),
    );
    expect(rows).to.deep.equal([
      ['Logged in', CHROME_ON_WINDOWS.name],
      ['Possible theft of a remembered login detected', SAFARI_ON_MAC.name],
      ['Logged in by a remembered browser', FIREFOX_ON_UBUNTU.name],
      ['Logged in', FIREFOX_ON_UBUNTU.name],
      ['Logged out a session', CHROME_ON_WINDOWS.name],
      ['Logged in', FIREFOX_ON_UBUNTU.name],
      ['Signed up', CHROME_ON_WINDOWS.name],
    ]);
    await Promise.all([close(), c.context.close()]);
  });
});
