/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { type AppServer, startAppServer } from './support/app-server.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, logInByClicks, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';

const NEW_PASSWORD = 'difference engine no 2';

/** The form of the account page that posts to `action`. */
function form(page: Page, action: string) {
  return page.locator(`form[action="${action}"]`);
}

/** Submits a form of the account page with its button, and waits for the page it leads to. */
/** Submits a form of the account page with its button; resolves the path of the page loaded after it. */
async function send(page: Page, action: string, button: string): Promise<string> {
  return submitWith(page, form(page, action).getByRole('button', { name: button }));
}

describe('the account settings, as a person uses them in Chromium', () => {
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startAppServer(), sharedBrowser()]);
  });
  after(async () => server?.close());

  it('changes the phone and the password, logging out the other browser, then deletes the account', async () => {
    const email = 'ada@example.com';
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, email, '+1 555 0100');
    const other = await newPerson(browser, server.baseUrl);
    await logInByClicks(other.page, email, PASSWORD);

    // The navigation leads to the account page.
    const nav = page.getByRole('navigation');
    await Promise.all([page.waitForURL('**/account'), nav.getByRole('link', { name: 'Account' }).click()]);
    expect(await page.locator('h1').textContent()).to.equal('Account settings');

    // A wrong current password is refused; the number typed stays, the password does not.
    await form(page, '/account/phone').getByLabel('Phone').fill('+1 555 0199');
    await form(page, '/account/phone').getByLabel('Current password').fill('not my password');
    expect(await send(page, '/account/phone', 'Change phone')).to.equal('/account');
    expect(await flash(page, 'messageFailure')).to.equal('Your current password is not correct.');
    expect(await form(page, '/account/phone').getByLabel('Phone').inputValue()).to.equal('+1 555 0199');
    expect(await form(page, '/account/phone').getByLabel('Current password').inputValue()).to.equal('');

    await form(page, '/account/phone').getByLabel('Current password').fill(PASSWORD);
    expect(await send(page, '/account/phone', 'Change phone')).to.equal('/account');
    expect(await flash(page, 'messageSuccess')).to.equal('Your phone number was changed.');

    // A new password: the other browser is logged out, this one stays.
    await form(page, '/account/password').getByLabel('Current password').fill(PASSWORD);
    await form(page, '/account/password').getByLabel('New password').fill(NEW_PASSWORD);
    expect(await send(page, '/account/password', 'Change password')).to.equal('/account');
    expect(await flash(page, 'messageSuccess')).to.contain('Your password was changed.');
    await other.page.goto('/users/profile');
    expect(new URL(other.page.url()).pathname).to.equal('/login');

    // Deleting needs the box ticked; the browser does not send the form without it.
    await form(page, '/account/delete').getByLabel('Current password').fill(NEW_PASSWORD);
    await form(page, '/account/delete').getByLabel('Yes, delete my account').check();
    expect(await send(page, '/account/delete', 'Delete my account')).to.equal('/');
    expect(await flash(page, 'messageSuccess')).to.equal('Your account was deleted.');
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Log in' }).count()).to.equal(1);

    await logInByClicks(other.page, email, NEW_PASSWORD);
    expect(await flash(other.page, 'messageFailure')).to.equal('Invalid email and/ or password.');
    await Promise.all([context.close(), other.context.close()]);
  });
});
