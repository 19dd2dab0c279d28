/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../src/web/app.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, logInByClicks, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';

const ADMIN = 'boss@example.com';
const USER = 'ada.lovelace@example.com';

/** Presses one of the action buttons of a user's page; resolves the path of the page it leads to. */
function press(page: Page, button: string): Promise<string> {
  return submitWith(page, page.getByRole('button', { name: button }));
}

/** True when the page asks for the administrator's password (sudo mode). */
async function asksForPassword(page: Page): Promise<boolean> {
  return (await page.locator('h1').textContent()) === 'Confirm with your password';
}

describe('administration in Chromium, with two people', () => {
  let server: AppServer;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let user: { context: BrowserContext; page: Page };

  before(async () => {
    [server, browser] = await Promise.all([startAppServer(), sharedBrowser()]);
    admin = await newPerson(browser, server.baseUrl);
    await signUpByClicks(admin.page, ADMIN);
    await server.grantAdmin(ADMIN);
    await server.addUsers(30, 'someone');
    user = await newPerson(browser, server.baseUrl);
    await signUpByClicks(user.page, USER);
  });
  after(async () => {
    await admin?.context.close();
    await user?.context.close();
    await server?.close();
  });

  /** Moves the admin session's password confirmation back by `ms`, as the passing of that time would. */
  async function ageConfirmation(ms: number): Promise<void> {
    const id = (await admin.context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
    const now = Date.now();
    const stored = await server.sessions.find(id, now);
    if (!stored) throw new Error('the admin session is gone');
    const confirmedAt = Number(stored.data.sudoConfirmedAt);
    const data = { ...stored.data, sudoConfirmedAt: confirmedAt - ms };
    await server.sessions.update(id, { data, userId: stored.userId, expiresAt: stored.expiresAt, ip: stored.device?.ip ?? '127.0.0.1' }, now);
  }

  it('finds a user by part of the email and locks them: their session ends and their login is refused', async () => {
    const { page } = admin;
    await page.goto('/users');
    await page.getByLabel('Email').fill('LOVELACE');
    await page.getByLabel('Match').selectOption('substring');
    await submitWith(page, page.getByRole('button', { name: 'Search' }));
    expect(await page.locator('[data-total]').textContent()).to.equal('1 user');
    await Promise.all([page.waitForURL('**/users/*'), page.getByRole('link', { name: USER }).click()]);
    expect(await page.locator('h1').textContent()).to.equal(USER);

    expect(await press(page, 'Lock account')).to.match(/^\/users\/\d+\/lock$/);
    expect(await asksForPassword(page)).to.equal(true);
    await page.getByLabel('Your password').fill(PASSWORD);
    expect(await press(page, 'Confirm')).to.match(/^\/users\/\d+$/);
    expect(await flash(page, 'messageSuccess')).to.equal(`${USER} is locked: they cannot log in, and 1 session ended.`);

    await user.page.goto('/users/profile');
    expect(new URL(user.page.url()).pathname).to.equal('/login');
    expect(await flash(user.page, 'messageFailure')).to.equal('Must be logged in');
    await logInByClicks(user.page, USER, PASSWORD);
    expect(new URL(user.page.url()).pathname).to.equal('/login');
    expect(await flash(user.page, 'messageFailure')).to.equal('Invalid email and/ or password.');
  });

  it('unlocks and grants admin without asking the password again: the user reaches /admin; then revokes it', async () => {
    const { page } = admin;
    await press(page, 'Unlock account');
    expect(await flash(page, 'messageSuccess')).to.equal(`${USER} is unlocked and can log in again.`);
    await press(page, 'Make administrator');
    expect(await flash(page, 'messageSuccess')).to.equal(`${USER} is now an administrator.`);

    await logInByClicks(user.page, USER, PASSWORD);
    await user.page.goto('/admin');
    expect(await user.page.locator('h1').textContent()).to.equal('Admin');

    await press(page, 'Revoke administrator');
    expect(await flash(page, 'messageSuccess')).to.equal(`${USER} is no longer an administrator.`);
    // Still logged in: the admin gate reads the flag on this very request.
    await user.page.goto('/admin');
    expect(new URL(user.page.url()).pathname).to.equal('/users/profile');
    expect(await flash(user.page, 'messageFailure')).to.equal('Admin only');
  });

  it('asks for the password again once SUDO_SECONDS have passed, then not again', async () => {
    const { page } = admin;
    await ageConfirmation(10 * 60 * 1000);

    await press(page, 'Log out everywhere');
    expect(await asksForPassword(page)).to.equal(true);
    await page.getByLabel('Your password').fill(PASSWORD);
    await press(page, 'Confirm');
    expect(await flash(page, 'messageSuccess')).to.match(/was logged out everywhere/);
    await press(page, 'Send a password reset link');
    expect(await flash(page, 'messageSuccess')).to.equal(`A password reset link was sent to ${USER}.`);
  });

  it('keeps the only administrator from taking their own flag away', async () => {
    const { page } = admin;
    await page.goto('/users?filter=admins');
    await Promise.all([page.waitForURL('**/users/*'), page.getByRole('link', { name: ADMIN }).click()]);

    await press(page, 'Revoke administrator');

    expect(await flash(page, 'messageFailure')).to.equal(
      'You are the only administrator who can log in, so you cannot do this to your own account. Make another user an administrator first.',
    );
    await page.goto('/admin');
    expect(await page.locator('h1').textContent()).to.equal('Admin');
  });
});
