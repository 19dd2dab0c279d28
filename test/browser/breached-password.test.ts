import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { messages } from '../support/english.js';
import { RangeServer } from '../support/passwords/range-server.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, newPerson, PASSWORD } from './support/pages.js';

const BREACHED_PASSWORD = 'trustno1-forever';

describe('a breached password refused in Chromium (BREACHED_PASSWORDS=check)', () => {
  const range = new RangeServer(new Map([[BREACHED_PASSWORD, 5]]));
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    const url = await range.start();
    [server, browser] = await Promise.all([startAppServer({ breachedPasswordsUrl: url }), sharedBrowser()]);
  });
  after(async () => {
    await server?.close();
    await range.stop();
  });

  it('refuses it at sign-up with the reason, keeps the email, then takes another password', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    await page.goto('/signup');
    await page.getByLabel('Email').fill('pwned@example.com');
    await page.getByLabel('Password').fill(BREACHED_PASSWORD);
    await Promise.all([page.waitForURL('**/signup'), page.getByRole('button', { name: 'Sign up' }).click()]);

    expect(await flash(page, 'messageFailure')).to.equal(messages.passwordBreached);
    expect(await page.getByLabel('Email').inputValue()).to.equal('pwned@example.com');
    expect(await page.getByLabel('Password').inputValue()).to.equal('');
    expect(range.requests).to.have.length(1);

    await page.getByLabel('Password').fill(PASSWORD);
    await Promise.all([page.waitForURL('**/users/profile'), page.getByRole('button', { name: 'Sign up' }).click()]);
    await context.close();
  });
});
