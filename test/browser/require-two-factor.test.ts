/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { twoFactorMessages } from '../support/english.js';
import { totpCode } from '../support/two-factor/two-factor-client.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { pageProblems } from './support/axe.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, newPerson, PASSWORD, submitWith } from './support/pages.js';

describe('REQUIRE_2FA=all in Chromium', () => {
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startAppServer({ env: { REQUIRE_2FA: 'all' } }), sharedBrowser()]);
  });
  after(async () => server?.close());

  it('sends a new user to the setup with the reason, keeps them there, and lets them everywhere once the app is on', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    await page.goto('/signup');
    await page.getByLabel('Email').fill('everyone@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Phone').fill('');
    // Sign-up leads to the profile, which sends a user without a second factor on to the setup.
    expect(await submitWith(page, page.getByRole('button', { name: 'Sign up' }))).to.equal('/account/two-factor');
    expect(await flash(page, 'messageFailure')).to.equal(twoFactorMessages.setUpFirst);
    expect(await pageProblems(page), 'the setup page with the reason').to.deep.equal([]);

    // Other pages send them back; the account's security pages stay open.
    await page.goto('/special');
    expect(new URL(page.url()).pathname).to.equal('/account/two-factor');
    await page.goto('/account/sessions');
    expect(new URL(page.url()).pathname).to.equal('/account/sessions');

    // The setup: sudo mode, the secret, a code.
    await page.goto('/account/two-factor');
    await submitWith(page, page.getByRole('button', { name: 'Set up an authenticator app' }));
    await page.getByLabel('Your password').fill(PASSWORD);
    await submitWith(page, page.getByRole('button', { name: 'Confirm' }));
    const secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('6-digit code').fill(totpCode(secret, Date.now()));
    await submitWith(page, page.getByRole('button', { name: 'Turn on' }));
    expect(await page.locator('[data-recovery-code]').count()).to.equal(10);

    await page.goto('/special');
    expect(new URL(page.url()).pathname).to.equal('/special');
    await page.goto('/users/profile');
    expect(new URL(page.url()).pathname).to.equal('/users/profile');
    await context.close();
  });
});
