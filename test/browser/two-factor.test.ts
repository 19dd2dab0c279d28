/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { messages } from '../support/english.js';
import { totpCode } from '../support/two-factor/two-factor-client.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { pageProblems } from './support/axe.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, logInByClicks, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';
import { twoFactorMessages } from '../support/english.js';

/** Types a code on /login/two-factor and presses "Log in"; resolves the path it leads to. */
async function enterCode(page: Page, code: string): Promise<string> {
  await page.getByLabel('Code').fill(code);
  return submitWith(page, page.getByRole('button', { name: 'Log in' }));
}

describe('two-factor login in Chromium', () => {
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startAppServer(), sharedBrowser()]);
  });
  after(async () => server?.close());

  it('sets up an authenticator app from the page, then logs in with a code computed from the secret it showed; a recovery code works once', async () => {
    const email = 'totp@example.com';
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, email);

    // Setup: the QR code is inline SVG drawn by the server, and the secret is on the page as text.
    await page.goto('/account/two-factor');
    await submitWith(page, page.getByRole('button', { name: 'Set up an authenticator app' }));
    // Sudo mode first: the password again.
    await page.getByLabel('Your password').fill(PASSWORD);
    await submitWith(page, page.getByRole('button', { name: 'Confirm' }));
    expect(await page.locator('.qr-code svg').count()).to.equal(1);
    const secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    expect(await pageProblems(page), 'the setup page').to.deep.equal([]);
    await page.getByLabel('6-digit code').fill(totpCode(secret, Date.now()));
    await submitWith(page, page.getByRole('button', { name: 'Turn on' }));
    const recoveryCodes = await page.locator('[data-recovery-code]').allTextContents();
    expect(recoveryCodes).to.have.length(10);
    expect(await pageProblems(page), 'the recovery codes').to.deep.equal([]);

    // A login asks for the code after the password, and is not a login before it.
    await Promise.all([page.waitForURL('**/login'), page.getByRole('link', { name: 'Log out' }).click()]);
    await logInByClicks(page, email, PASSWORD);
    expect(new URL(page.url()).pathname).to.equal('/login/two-factor');
    expect(await page.getByRole('link', { name: 'Log out' }).count()).to.equal(0);
    expect(await pageProblems(page), 'the code form').to.deep.equal([]);

    // The setup's code used its time step: the next step's code (within the window) logs in.
    expect(await enterCode(page, totpCode(secret, Date.now() + 30_000))).to.equal('/');
    expect(await flash(page, 'messageSuccess')).to.equal(messages.loggedIn);

    // A recovery code logs in once, and only once.
    const [recovery = ''] = recoveryCodes;
    for (const expected of ['/', '/login/two-factor']) {
      await Promise.all([page.waitForURL('**/login'), page.getByRole('link', { name: 'Log out' }).click()]);
      await logInByClicks(page, email, PASSWORD);
      expect(await enterCode(page, recovery)).to.equal(expected);
    }
    expect(await flash(page, 'messageFailure')).to.equal(twoFactorMessages.recoveryCodeWrong);
    await context.close();
  });
});
