/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { twoFactorMessages } from '../../src/web/two-factor/two-factor-messages.js';
import { totpCode } from '../support/two-factor/two-factor-client.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { pageProblems } from './support/axe.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, logInByClicks, newPerson, PASSWORD, submitWith } from './support/pages.js';

/** Signs up through the form; under REQUIRE_2FA=all the answer leads to the setup. */
async function signUp(page: Page, email: string): Promise<string> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Phone').fill('');
  return submitWith(page, page.getByRole('button', { name: 'Sign up' }));
}

/** The setup of an authenticator app from /account/two-factor: sudo mode, the secret, a code. */
async function turnOnAuthenticatorApp(page: Page): Promise<void> {
  await page.goto('/account/two-factor');
  await submitWith(page, page.getByRole('button', { name: 'Set up an authenticator app' }));
  await page.getByLabel('Your password').fill(PASSWORD);
  await submitWith(page, page.getByRole('button', { name: 'Confirm' }));
  const secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('6-digit code').fill(totpCode(secret, Date.now()));
  await submitWith(page, page.getByRole('button', { name: 'Turn on' }));
  expect(await page.locator('[data-recovery-code]').count()).to.equal(10);
}

describe('REQUIRE_2FA=all in Chromium', () => {
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startAppServer({ env: { REQUIRE_2FA: 'all' } }), sharedBrowser()]);
  });
  after(async () => server?.close());

  it('sends a new user to the setup with the reason, keeps them there, and lets them everywhere once the app is on', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    // Sign-up leads to the profile, which sends a user without a second factor on to the setup.
    expect(await signUp(page, 'everyone@example.com')).to.equal('/account/two-factor');
    expect(await flash(page, 'messageFailure')).to.equal(twoFactorMessages.setUpFirst);
    expect(await pageProblems(page), 'the setup page with the reason').to.deep.equal([]);

    // Other pages send them back; the account's security pages stay open.
    await page.goto('/special');
    expect(new URL(page.url()).pathname).to.equal('/account/two-factor');
    await page.goto('/account/sessions');
    expect(new URL(page.url()).pathname).to.equal('/account/sessions');

    await turnOnAuthenticatorApp(page);

    await page.goto('/special');
    expect(new URL(page.url()).pathname).to.equal('/special');
    await page.goto('/users/profile');
    expect(new URL(page.url()).pathname).to.equal('/users/profile');
    await context.close();
  });

  it('holds an existing user who logs in without a second factor to the setup, with the reason, until the app is on', async () => {
    const first = await newPerson(browser, server.baseUrl);
    await signUp(first.page, 'returning@example.com');
    await first.context.close();

    const { context, page } = await newPerson(browser, server.baseUrl);
    await logInByClicks(page, 'returning@example.com', PASSWORD);
    expect(new URL(page.url()).pathname).to.equal('/account/two-factor');
    expect(await flash(page, 'messageFailure')).to.equal(twoFactorMessages.setUpFirst);
    for (const held of ['/', '/special', '/users/profile']) {
      await page.goto(held);
      expect(new URL(page.url()).pathname, held).to.equal('/account/two-factor');
    }
    await page.goto('/account');
    expect(new URL(page.url()).pathname).to.equal('/account');

    await turnOnAuthenticatorApp(page);
    for (const open of ['/', '/special', '/users/profile']) {
      await page.goto(open);
      expect(new URL(page.url()).pathname, open).to.equal(open);
    }
    await context.close();
  });
});
