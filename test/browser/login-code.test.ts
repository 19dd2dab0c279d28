/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { messages } from '../support/english.js';
import { loginCodeMessages } from '../support/english.js';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { totpCode } from '../support/two-factor/two-factor-client.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { pageProblems } from './support/axe.js';
import { sharedBrowser } from './support/hooks.js';
import { flash, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';

const SUBJECT = 'Your Gatehouse login code';

/** Waits for the next login-code message to `to` after the first `seen` ones; resolves its code. */
async function codeMailed(smtp: TestSmtpServer, to: string, seen: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail: ReceivedMail | undefined = smtp.received
      .filter((m) => m.envelope.to.includes(to) && m.parsed.subject === SUBJECT)
      .at(seen);
    if (mail) {
      const code = /\b([0-9]{8})\b/.exec(mail.parsed.text ?? '')?.[1];
      expect(mail.parsed.html, 'the HTML part holds the code').to.contain(code);
      return code as string;
    }
    if (Date.now() > deadline) throw new Error('no login code came');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('login by a code sent by email in Chromium (EMAIL_CODE_LOGIN=on)', () => {
  let smtp: TestSmtpServer;
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    smtp = await startSmtpServer();
    [server, browser] = await Promise.all([startAppServer({ smtpUrl: smtp.url, emailCodeLogin: true }), sharedBrowser()]);
  });
  after(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('asks for a code on /login, types it from the mail, and still passes the authenticator app step', async function () {
    this.timeout(60_000);
    const email = 'code@example.com';
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, email);

    // An authenticator app, set up from the page.
    await page.goto('/account/two-factor');
    await submitWith(page, page.getByRole('button', { name: 'Set up an authenticator app' }));
    await page.getByLabel('Your password').fill(PASSWORD);
    await submitWith(page, page.getByRole('button', { name: 'Confirm' }));
    const secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('6-digit code').fill(totpCode(secret, Date.now()));
    await submitWith(page, page.getByRole('button', { name: 'Turn on' }));
    await Promise.all([page.waitForURL('**/login'), page.getByRole('link', { name: 'Log out' }).click()]);

    // "Email me a login code" on /login: one field, and the page to type the code.
    expect(await pageProblems(page), 'the login page with the code form').to.deep.equal([]);
    await page.locator('#code-email').fill(email);
    expect(await submitWith(page, page.getByRole('button', { name: 'Email me a login code' }))).to.equal('/login/code');
    expect(await flash(page, 'messageSuccess')).to.equal(loginCodeMessages.codeSent);
    expect(await pageProblems(page), 'the code page').to.deep.equal([]);

    // A wrong shape is refused at once; the mailed code goes on to the second factor.
    await page.getByLabel('8-digit code').fill('1234');
    expect(await submitWith(page, page.getByRole('button', { name: 'Log in' }))).to.equal('/login/code');
    expect(await flash(page, 'messageFailure')).to.equal(loginCodeMessages.malformedCode);
    const code = await codeMailed(smtp, email, 0);
    await page.getByLabel('8-digit code').fill(code);
    expect(await submitWith(page, page.getByRole('button', { name: 'Log in' }))).to.equal('/login/two-factor');
    expect(await page.getByRole('link', { name: 'Log out' }).count(), 'not logged in before the second factor').to.equal(0);

    await page.getByLabel('Code').fill(totpCode(secret, Date.now() + 30_000));
    expect(await submitWith(page, page.getByRole('button', { name: 'Log in' }))).to.equal('/');
    expect(await flash(page, 'messageSuccess')).to.equal(messages.loggedIn);
    await context.close();
  });
});
