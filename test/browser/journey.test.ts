/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { type AppServer, startAppServer } from './support/app-server.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, newPerson, PASSWORD, signUpByClicks, tabTo } from './support/pages.js';

function path(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

async function heading(page: Page): Promise<string | null> {
  return page.locator('h1').textContent();
}

describe('the journey of the behaviour contract (docs/behaviour.md), as a person does it in Chromium', () => {
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startAppServer(), sharedBrowser()]);
  });
  after(async () => server?.close());

  it('signs up, follows links, logs out and in by keyboard, is refused /admin, then is granted admin and lists users', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    const email = 'ada@example.com';

    // The one direct navigation: the person opens the home page.
    await page.goto('/');
    expect(await heading(page)).to.equal('Welcome to Gatehouse');

    // The first Tab reaches the skip link, which is visible when focused and moves focus to the content.
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((element) => element === document.activeElement)).to.equal(true);
    expect((await skip.boundingBox())?.y).to.be.at.least(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('main');

    // Sign up with the keyboard alone.
    await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Sign up' }));
    const focusRing = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(focusRing, 'a visible focus outline').to.equal('solid');
    await Promise.all([page.waitForURL('**/signup'), page.keyboard.press('Enter')]);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab');
    await page.keyboard.type('+1 555 0100');
    await Promise.all([page.waitForURL('**/users/profile'), page.keyboard.press('Enter')]);
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully signed up.');
    expect(await page.getByRole('alert').count()).to.equal(0);
    expect(await page.getByRole('status').textContent()).to.contain('Successfully signed up.');
    expect(await page.locator('.facts').textContent()).to.contain(email);

    // Follow the navigation with the mouse; the current page is marked.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await Promise.all([page.waitForURL('**/special'), nav.getByRole('link', { name: 'Special' }).click()]);
    expect(await heading(page)).to.equal('Special');
    expect(await nav.getByRole('link', { name: 'Special' }).getAttribute('aria-current')).to.equal('page');
    await Promise.all([page.waitForURL('**/'), nav.getByRole('link', { name: 'Home' }).click()]);
    expect(await heading(page)).to.equal('Welcome to Gatehouse');
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).to.equal(0);

    // Log out with the keyboard alone.
    await tabTo(page, nav.getByRole('link', { name: 'Log out' }));
    await Promise.all([page.waitForURL('**/login'), page.keyboard.press('Enter')]);
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged out');
    expect(await nav.getByRole('link', { name: 'Log in' }).count()).to.equal(1);

    // Log in with the keyboard alone: a wrong password first, then the email stays filled in.
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not my password');
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    expect(await flash(page, 'messageFailure')).to.equal('Invalid email and/ or password.');
    expect(await page.getByLabel('Email').inputValue()).to.equal(email);
    expect(await page.getByLabel('Password').inputValue()).to.equal('');
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(PASSWORD);
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.keyboard.press('Enter')]);
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged in.');

    // No link leads a member to /admin: the person types the address, and is refused.
    await page.goto('/admin');
    expect(path(page)).to.equal('/users/profile');
    expect(await flash(page, 'messageFailure')).to.equal('Admin only');
    expect(await page.getByRole('alert').textContent()).to.contain('Admin only');

    // An operator grants the flag from the command line; the next page shows the admin links.
    expect(await server.grantAdmin(email)).to.equal(`${email} is now an administrator.`);
    await Promise.all([page.waitForURL('**/users/profile'), nav.getByRole('link', { name: 'Profile' }).click()]);
    await Promise.all([page.waitForURL('**/admin'), nav.getByRole('link', { name: 'Admin' }).click()]);
    expect(await heading(page)).to.equal('Admin');
    await Promise.all([page.waitForURL('**/users'), page.getByRole('link', { name: 'List all users' }).click()]);
    expect(await heading(page)).to.equal('Users');
    const table = page.getByRole('table', { name: 'All users, in order of sign-up' });
    expect(await table.getByRole('columnheader').allTextContents()).to.deep.equal([
      'Id',
      'Email',
      'Phone',
      'Admin',
      'Created (UTC)',
    ]);
    expect(await table.getByRole('row', { name: new RegExp(email) }).textContent()).to.contain('Yes');
    await context.close();
  });

  it('pages through the users list by its links, 50 at a time', async () => {
    await server.addUsers(60, 'listed');
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, 'grace@example.com');
    await server.grantAdmin('grace@example.com');
    await page.reload();
    await Promise.all([page.waitForURL('**/users'), page.getByRole('link', { name: 'Users', exact: true }).click()]);

    expect(await page.locator('tbody tr').count()).to.equal(50);
    await Promise.all([page.waitForURL('**/users?after=*'), page.getByRole('link', { name: 'Next page' }).click()]);
    const rows = await page.locator('tbody tr').count();
    expect(rows).to.be.greaterThan(0).and.at.most(50);
    expect(await page.getByRole('link', { name: 'Next page' }).count()).to.equal(0);
    await Promise.all([page.waitForURL('**/users'), page.getByRole('link', { name: 'First page' }).click()]);
    expect(await page.locator('tbody tr').count()).to.equal(50);
    await context.close();
  });
});
