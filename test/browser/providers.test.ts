import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { messages } from '../support/english.js';
import { TEST_CLIENT, TestOpenIdProvider } from '../support/providers/test-provider.js';
import { totpCode } from '../support/two-factor/two-factor-client.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { pageProblems } from './support/axe.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';

/** Presses "Continue with Test ID" on the current page and follows the provider back; resolves the path it lands on. */
async function continueWithProvider(page: Page): Promise<string> {
  return submitWith(page, page.getByRole('button', { name: 'Continue with Test ID' }));
}

async function logOut(page: Page): Promise<void> {
  await Promise.all([page.waitForURL('**/login'), page.getByRole('link', { name: 'Log out' }).click()]);
}

describe('sign in with an OpenID Connect provider in Chromium (a real oidc-provider on loopback)', function () {
  // The first journey passes through the provider four times and sets up an app: longer than most.
  this.timeout(90_000);
  const op = new TestOpenIdProvider();
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    const issuer = await op.start();
    const env = {
      OIDC_PROVIDERS: 'test',
      OIDC_TEST_ISSUER: issuer,
      OIDC_TEST_CLIENT_ID: TEST_CLIENT.id,
      OIDC_TEST_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_TEST_LABEL: 'Test ID',
    };
    [server, browser] = await Promise.all([startAppServer({ env }), sharedBrowser()]);
    op.redirectUris.push(`${server.baseUrl}/auth/test/callback`);
  });
  after(async () => {
    await server?.close();
    await op.stop();
  });

  it('signs up with the provider, logs out, sets up an authenticator app (confirmed by the provider), and logs in with both', async () => {
    op.account = { sub: 'journey-ada', email: 'ada.provider@example.com', emailVerified: true };
    const { context, page } = await newPerson(browser, server.baseUrl);
    await page.goto('/signup');
    expect(await pageProblems(page), 'the sign-up page with its provider button').to.deep.equal([]);
    expect(await continueWithProvider(page)).to.equal('/users/profile');
    expect(await flash(page, 'messageSuccess')).to.equal(messages.signedUp);

    await logOut(page);
    expect(await pageProblems(page), 'the login page with its provider button').to.deep.equal([]);
    expect(await continueWithProvider(page)).to.equal('/');
    expect(await flash(page, 'messageSuccess')).to.equal(messages.loggedIn);

    // No password to type: sudo mode by signing in at the provider again.
    await page.goto('/account/two-factor');
    await submitWith(page, page.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await pageProblems(page), 'the password page offering the provider').to.deep.equal([]);
    expect(await submitWith(page, page.getByRole('button', { name: 'Confirm with Test ID' }))).to.equal('/account/two-factor');
    expect(await flash(page, 'messageSuccess')).to.equal('Confirmed with Test ID. Now do it again.');
    await submitWith(page, page.getByRole('button', { name: 'Set up an authenticator app' }));
    const secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('6-digit code').fill(totpCode(secret, Date.now()));
    await submitWith(page, page.getByRole('button', { name: 'Turn on' }));
    expect(await page.locator('[data-recovery-code]').count()).to.equal(10);

    await logOut(page);
    expect(await continueWithProvider(page)).to.equal('/login/two-factor');
    await page.getByLabel('Code').fill(totpCode(secret, Date.now() + 30_000));
    expect(await submitWith(page, page.getByRole('button', { name: 'Log in' }))).to.equal('/');
    expect(await flash(page, 'messageSuccess')).to.equal(messages.loggedIn);
    await context.close();
  });

  it('links the provider to a password account from /account, then unlinks it', async () => {
    op.account = { sub: 'journey-bob', email: 'bob@elsewhere.example', emailVerified: true };
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, 'bob@example.com');
    await page.goto('/account');
    await Promise.all([page.waitForURL('**/account/providers'), page.getByRole('link', { name: 'sign-in providers page' }).click()]);
    expect(await pageProblems(page), 'the providers page, nothing linked').to.deep.equal([]);
    await submitWith(page, page.getByRole('button', { name: 'Link Test ID' }));
    await page.getByLabel('Your password').fill(PASSWORD);
    expect(await submitWith(page, page.getByRole('button', { name: 'Confirm', exact: true }))).to.equal('/account/providers');
    expect(await flash(page, 'messageSuccess')).to.equal('Test ID linked. You can now log in with it.');
    expect(await page.getByText('bob@elsewhere.example').count()).to.equal(1);
    expect(await pageProblems(page), 'the providers page with a link').to.deep.equal([]);

    expect(await submitWith(page, page.getByRole('button', { name: 'Unlink' }))).to.equal('/account/providers');
    expect(await flash(page, 'messageSuccess')).to.equal('Test ID unlinked.');
    expect(await page.getByRole('button', { name: 'Unlink' }).count()).to.equal(0);
    await context.close();
  });
});
