/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { KnexSessionStorage } from '../../src/infrastructure/shared/sessions/knex-session-storage.js';
import { SESSION_COOKIE } from '../../src/web/app.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { sharedBrowser } from './support/hooks.js';
import { REMEMBER_COOKIE } from '../../src/web/shared/remember-me-cookie.js';
import { flash, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';

describe('the session in Chromium', () => {
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startAppServer(), sharedBrowser()]);
  });
  after(async () => server?.close());

  it('keeps the session cookie HttpOnly and SameSite=Lax, out of reach of scripts, and sends it back', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, 'cookie@example.com');

    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session, 'session cookie').to.not.equal(undefined);
    expect(session?.httpOnly).to.equal(true);
    expect(session?.sameSite).to.equal('Lax');
    expect(await page.evaluate(() => document.cookie)).not.to.contain(SESSION_COOKIE);

    await page.getByRole('link', { name: 'Special' }).click();
    await page.waitForURL('**/special');
    expect(await page.locator('h1').textContent()).to.equal('Special');
    await context.close();
  });

  it('keeps the session in the Knex store on the server, as npm start does: the cookie holds only its id', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, 'stored@example.com');

    const id = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
    const stored = await server.sessions.find(id, Date.now());

    expect(server.sessions).to.be.instanceOf(KnexSessionStorage);
    expect(stored?.userId).to.be.a('number');
    await context.close();
  });

  it('keeps a device logged in with the box ticked: once the session is gone, the next page logs in again', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, 'remembered@example.com');
    await Promise.all([page.waitForURL('**/login'), page.getByRole('link', { name: 'Log out' }).click()]);
    await page.getByLabel('Email').fill('remembered@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Keep me logged in on this device').check();
    await submitWith(page, page.getByRole('button', { name: 'Log in', exact: true }));

    const remember = (await context.cookies()).find((cookie) => cookie.name === REMEMBER_COOKIE);
    expect(remember?.httpOnly).to.equal(true);
    expect(remember?.sameSite).to.equal('Lax');
    await context.clearCookies({ name: SESSION_COOKIE });
    await page.goto('/users/profile');

    expect(await page.locator('h1').textContent()).to.equal('Your profile');
    await context.close();
  });

  it('does not show a private page from the cache when the back button is used after logout', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, 'back@example.com');
    expect(await page.locator('h1').textContent()).to.equal('Your profile');

    await Promise.all([page.waitForURL('**/login'), page.getByRole('link', { name: 'Log out' }).click()]);
    await page.goBack();

    expect(new URL(page.url()).pathname).to.equal('/login');
    expect(await page.locator('h1').textContent()).to.equal('Log in');
    expect(await flash(page, 'messageFailure')).to.equal('Must be logged in');
    expect(await page.getByText('back@example.com').count()).to.equal(0);
    await context.close();
  });
});
