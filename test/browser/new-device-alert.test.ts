/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { sharedBrowser } from './support/hooks.js';
import { Mailbox } from './support/mailbox.js';
import { flash, logInByClicks, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';

const EMAIL = 'ada@example.com';
const FIREFOX_ON_UBUNTU = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const SUBJECTS = {
  verification: 'Confirm your email address for Gatehouse',
  newDevice: 'Your Gatehouse account was logged in to from a new device',
  reset: 'Reset your Gatehouse password',
};

describe('the new-device alert over real email, in Chromium', () => {
  let smtp: TestSmtpServer;
  let server: AppServer;
  let browser: Browser;
  let mailbox: Mailbox;

  before(async () => {
    smtp = await startSmtpServer();
    [server, browser] = await Promise.all([startAppServer({ smtpUrl: smtp.url }), sharedBrowser()]);
    mailbox = new Mailbox(smtp, server.baseUrl);
  });
  after(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('tells the owner of a login from a second browser once, and "This wasn\'t me" leads to a password reset', async function () {
    // Three messages, each waiting for the delivery loop's next pass.
    this.timeout(60_000);
    const owner = await newPerson(browser, server.baseUrl);
    await signUpByClicks(owner.page, EMAIL);
    await mailbox.take({ to: EMAIL, subject: SUBJECTS.verification });

    // Another browser logs in to the account: the owner gets the alert, by SMTP.
    const other = await newPerson(browser, server.baseUrl, FIREFOX_ON_UBUNTU);
    await logInByClicks(other.page, EMAIL, PASSWORD);
    expect(await flash(other.page, 'messageSuccess')).to.equal('Successfully logged in.');
    const alert = await mailbox.take({ to: EMAIL, subject: SUBJECTS.newDevice, linkTo: '/password/forgot' });
    const text = alert.parsed.text ?? '';
    expect(text).to.match(/\n {2}When: \d{4}-\d\d-\d\d \d\d:\d\d UTC\n {2}Device: Firefox on Ubuntu\n {2}Address: 127\.0\.0\.1\n/);
    expect(text).to.not.contain('token=');

    // The alert's sessions link shows the owner that browser, as the alert named it.
    const sessionsLink = linkIn(alert, '/account/sessions');
    expect(alert.parsed.html).to.contain(`href="${sessionsLink}"`);
    await owner.page.goto(sessionsLink);
    expect(await owner.page.getByRole('main').textContent()).to.contain('Firefox on Ubuntu');

    // The same browser again is a known device: no second alert (the next message is the reset).
    await Promise.all([other.page.waitForURL('**/login'), other.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log out' }).click()]);
    await logInByClicks(other.page, EMAIL, PASSWORD);
    expect(await flash(other.page, 'messageSuccess')).to.equal('Successfully logged in.');

    // "This wasn't me": the forgotten-password form, whose link resets the password.
    const notMe = linkIn(alert, '/password/forgot');
    await owner.page.goto(notMe);
    await owner.page.getByLabel('Email').fill(EMAIL);
    expect(await submitWith(owner.page, owner.page.getByRole('button', { name: 'Send the link' }))).to.equal('/login');
    await mailbox.take({ to: EMAIL, subject: SUBJECTS.reset, linkTo: '/password/reset' });
    await other.context.close();
    await owner.context.close();
  });
});
