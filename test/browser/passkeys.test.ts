/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { type AppServer, startAppServer } from './support/app-server.js';
import { sharedBrowser } from './support/hooks.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';
import { flash, logInByClicks, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';

describe('passkeys in Chromium, with a virtual authenticator', () => {
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    // WebAuthn's RP ID must be a domain: the app is at http://localhost:<port>.
    [server, browser] = await Promise.all([startAppServer({ hostname: 'localhost' }), sharedBrowser()]);
  });
  after(async () => server?.close());

  it('registers a passkey on /account/passkeys, then logs in with it from /login with no email', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await signUpByClicks(page, 'passkey-person@example.com');

    await page.goto('/account/passkeys');
    // "Add a passkey" asks for the password first (sudo mode), then shows the page ready to register.
    await submitWith(page, page.getByRole('button', { name: 'Add a passkey' }));
    await page.getByLabel('Your password').fill(PASSWORD);
    await submitWith(page, page.getByRole('button', { name: 'Confirm' }));
    await page.getByLabel('Name (optional)').fill('Virtual laptop');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Add a passkey' }).click()]);
    expect(await flash(page, 'messageSuccess')).to.equal('Passkey "Virtual laptop" added.');
    expect(await page.getByRole('region', { name: 'Virtual laptop' }).count()).to.equal(1);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).to.have.length(1);
    expect(credentials[0]?.isResidentCredential).to.equal(true);

    expect(await submitWith(page, page.getByRole('link', { name: 'Log out' }))).to.equal('/login');
    await Promise.all([page.waitForURL(`${server.baseUrl}/`), page.getByRole('button', { name: 'Log in with a passkey' }).click()]);
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged in.');
    expect(await page.getByRole('link', { name: 'Log out' }).count()).to.equal(1);

    await page.goto('/account/passkeys');
    const region = page.getByRole('region', { name: 'Virtual laptop' });
    expect(await region.locator('dd').nth(1).textContent()).to.match(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('shows the server\'s message when the passkey is not one of this site\'s', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    // A resident credential of this RP that the server never registered.
    const { privateKey } = await import('node:crypto').then(({ generateKeyPairSync }) =>
      generateKeyPairSync('ec', { namedCurve: 'P-256' }),
    );
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: {
        credentialId: Buffer.from('unknown-credential').toString('base64'),
        isResidentCredential: true,
        rpId: 'localhost',
        privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        userHandle: Buffer.from('someone').toString('base64'),
        signCount: 0,
      },
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in with a passkey' }).click();
    const status = page.locator('[data-passkey-login] [data-passkey-status]');
    await status.filter({ hasText: 'could not log you in' }).waitFor();
    expect(await status.textContent()).to.equal(
      'That passkey could not log you in. Try again, or log in with your email and password.',
    );
    expect(new URL(page.url()).pathname).to.equal('/login');
    await context.close();
  });

  it('keeps the passkey button hidden, and password login working, with JavaScript off', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await signUpByClicks(page, 'no-script@example.com');
    await submitWith(page, page.getByRole('link', { name: 'Log out' }));
    expect(await page.getByRole('button', { name: 'Log in with a passkey' }).count()).to.equal(0);
    await logInByClicks(page, 'no-script@example.com', PASSWORD);
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged in.');
    await page.goto('/account/passkeys');
    expect(await page.getByRole('button', { name: 'Add a passkey' }).count()).to.equal(0);
    await context.close();
  });
});
