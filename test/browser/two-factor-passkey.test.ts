/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { type AppServer, startAppServer } from './support/app-server.js';
import { pageProblems } from './support/axe.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, logInByClicks, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

describe('a passkey as the second factor in Chromium, with a virtual authenticator', () => {
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    // WebAuthn's RP ID must be a domain: the app is at http://localhost:<port>.
    [server, browser] = await Promise.all([startAppServer({ hostname: 'localhost' }), sharedBrowser()]);
  });
  after(async () => server?.close());

  /** A new person with a virtual authenticator, signed up with one passkey, logged out; and the page errors seen. */
  async function personWithPasskey(email: string) {
    const { context, page } = await newPerson(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await addVirtualAuthenticator(page);
    await signUpByClicks(page, email);
    await page.goto('/account/passkeys');
    // "Add a passkey" asks for the password first (sudo mode), then shows the page ready to register.
    await submitWith(page, page.getByRole('button', { name: 'Add a passkey' }));
    await page.getByLabel('Your password').fill(PASSWORD);
    await submitWith(page, page.getByRole('button', { name: 'Confirm' }));
    await page.getByLabel('Name (optional)').fill('Virtual laptop');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Add a passkey' }).click()]);
    expect(await flash(page, 'messageSuccess')).to.equal('Passkey "Virtual laptop" added.');
    expect(await submitWith(page, page.getByRole('link', { name: 'Log out' }))).to.equal('/login');
    return { context, page, errors };
  }

  it('after the password, "Use a passkey" completes the login and lands logged in on /', async () => {
    const email = 'second-factor-passkey@example.com';
    const { context, page, errors } = await personWithPasskey(email);
    await logInByClicks(page, email, PASSWORD);
    expect(new URL(page.url()).pathname).to.equal('/login/two-factor');
    expect(await page.getByRole('link', { name: 'Log out' }).count()).to.equal(0);
    // A passkey-only account: no code form, only the button the script showed.
    expect(await page.getByLabel('Code').count()).to.equal(0);
    await Promise.all([page.waitForURL(`${server.baseUrl}/`), page.getByRole('button', { name: 'Use a passkey' }).click()]);
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged in.');
    expect(await page.getByRole('link', { name: 'Log out' }).count()).to.equal(1);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('makes recovery codes for a passkey-only account, and one logs in in place of the passkey', async () => {
    const email = 'passkey-recovery@example.com';
    const { context, page, errors } = await personWithPasskey(email);
    await logInByClicks(page, email, PASSWORD);
    await Promise.all([page.waitForURL(`${server.baseUrl}/`), page.getByRole('button', { name: 'Use a passkey' }).click()]);

    await page.goto('/account/two-factor');
    expect(await page.locator('[data-no-recovery-codes]').count()).to.equal(1);
    expect(await pageProblems(page), 'the page without codes').to.deep.equal([]);
    await submitWith(page, page.getByRole('button', { name: 'Make recovery codes' }));
    await page.getByLabel('Your password').fill(PASSWORD);
    await submitWith(page, page.getByRole('button', { name: 'Confirm' }));
    const [recovery = ''] = await page.locator('[data-recovery-code]').allTextContents();
    expect(recovery).to.match(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);

    await Promise.all([page.waitForURL('**/login'), page.getByRole('link', { name: 'Log out' }).click()]);
    await logInByClicks(page, email, PASSWORD);
    expect(new URL(page.url()).pathname).to.equal('/login/two-factor');
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
    expect(await pageProblems(page), 'the passkey and the recovery code').to.deep.equal([]);
    await page.getByLabel('Recovery code').fill(recovery);
    expect(await submitWith(page, page.getByRole('button', { name: 'Log in with a recovery code' }))).to.equal('/');
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged in.');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('a login that is no longer pending sends the page back to /login, which says why', async () => {
    const email = 'second-factor-gone@example.com';
    const { context, page } = await personWithPasskey(email);
    await logInByClicks(page, email, PASSWORD);
    expect(new URL(page.url()).pathname).to.equal('/login/two-factor');
    // The pending login's session is gone (as after 5 minutes, when the store drops it).
    await context.clearCookies();
    await Promise.all([page.waitForURL(`${server.baseUrl}/login`), page.getByRole('button', { name: 'Use a passkey' }).click()]);
    expect(await flash(page, 'messageFailure')).to.equal('Your login has expired. Please log in again.');
    await context.close();
  });
});
