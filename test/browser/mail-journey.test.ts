/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { sharedBrowser } from './support/hooks.js';
import { Mailbox } from './support/mailbox.js';
import { flash, logInByClicks, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';

const EMAIL = 'grace@example.com';
const NEW_EMAIL = 'grace.hopper@example.org';
const RESET_PASSWORD = 'difference engine no 2';
const CHANGED_PASSWORD = 'analytical engine of 1843';

const SUBJECTS = {
  verification: 'Confirm your email address for Gatehouse',
  reset: 'Reset your Gatehouse password',
  passwordChanged: 'Your Gatehouse password was changed',
  emailChangeConfirmation: 'Confirm your new email address for Gatehouse',
  emailChanged: 'The email address of your Gatehouse account was changed',
  newDevice: 'Your Gatehouse account was logged in to from a new device',
};

async function heading(page: Page): Promise<string | null> {
  return page.locator('h1').textContent();
}

/** The value of a fact of the profile or account page ("Email verified"). */
async function fact(page: Page, name: string): Promise<string> {
  return ((await page.locator(`.facts dt:text-is("${name}") + dd`).textContent()) ?? '').trim();
}

/** Follows a link from a message, as a click in a mail client opens it in the browser. */
async function open(page: Page, link: string): Promise<void> {
  await page.goto(link);
}

describe('the account lifecycle over real email, as a new user lives it in Chromium', () => {
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

  it('verifies the address, resets a forgotten password, changes the email and the password, and deletes the account', async function () {
    // Six messages, each waiting for the delivery loop's next pass (up to DELIVERY_POLL_MS).
    this.timeout(60_000);
    const { context, page } = await newPerson(browser, server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Main' });

    // Sign up; the verification link arrives by SMTP. Its page changes nothing until the button.
    await signUpByClicks(page, EMAIL);
    expect(await fact(page, 'Email verified')).to.match(/^Not yet/);
    const verifyLink = await mailbox.link({ to: EMAIL, subject: SUBJECTS.verification, linkTo: '/email/verify' });
    await open(page, verifyLink);
    expect(await heading(page)).to.equal('Verify your email address');
    expect(await submitWith(page, page.getByRole('button', { name: 'Verify my email address' }))).to.equal('/users/profile');
    expect(await flash(page, 'messageSuccess')).to.equal('Thank you: your email address is verified.');
    expect(await fact(page, 'Email verified')).to.equal('Yes');

    // An older session in a second browser; here the user logs out and forgets the password.
    const older = await newPerson(browser, server.baseUrl);
    await logInByClicks(older.page, EMAIL, PASSWORD);
    expect(await flash(older.page, 'messageSuccess')).to.equal('Successfully logged in.');
    // The second browser is a device the account has not used: its owner is told.
    await mailbox.take({ to: EMAIL, subject: SUBJECTS.newDevice, linkTo: '/password/forgot' });
    await Promise.all([page.waitForURL('**/login'), nav.getByRole('link', { name: 'Log out' }).click()]);
    await Promise.all([page.waitForURL('**/password/forgot'), page.getByRole('link', { name: 'Forgot your password?' }).click()]);
    await page.getByLabel('Email').fill(EMAIL);
    expect(await submitWith(page, page.getByRole('button', { name: 'Send the link' }))).to.equal('/login');
    expect(await flash(page, 'messageSuccess')).to.equal(
      'If an account exists for that address, we have sent a link to reset the password.',
    );
    expect(await page.getByLabel('Email').inputValue()).to.equal(EMAIL);

    // The reset link sets a new password and logs in nobody: every session ended.
    const resetLink = await mailbox.link({ to: EMAIL, subject: SUBJECTS.reset, linkTo: '/password/reset' });
    await open(page, resetLink);
    expect(await heading(page)).to.equal('Set a new password');
    await page.getByLabel('New password').fill(RESET_PASSWORD);
    expect(await submitWith(page, page.getByRole('button', { name: 'Set the new password' }))).to.equal('/login');
    expect(await flash(page, 'messageSuccess')).to.equal(
      'Your password has been changed and all your sessions were logged out. Please log in with the new password.',
    );
    await mailbox.take({ to: EMAIL, subject: SUBJECTS.passwordChanged });
    await older.page.goto('/users/profile');
    expect(new URL(older.page.url()).pathname).to.equal('/login');
    expect(await flash(older.page, 'messageFailure')).to.equal('Must be logged in');
    await older.context.close();

    // The old password no longer logs in; the new one does.
    await logInByClicks(page, EMAIL, PASSWORD);
    expect(await flash(page, 'messageFailure')).to.equal('Invalid email and/ or password.');
    await logInByClicks(page, EMAIL, RESET_PASSWORD);
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged in.');

    // A new email address changes nothing until the link sent to it is opened and its button pressed.
    await Promise.all([page.waitForURL('**/account'), nav.getByRole('link', { name: 'Account' }).click()]);
    const emailForm = page.locator('form[action="/account/email"]');
    await emailForm.getByLabel('New email').fill(NEW_EMAIL);
    await emailForm.getByLabel('Current password').fill(RESET_PASSWORD);
    expect(await submitWith(page, emailForm.getByRole('button', { name: 'Change email' }))).to.equal('/account');
    expect(await flash(page, 'messageSuccess')).to.equal(
      `We sent a link to ${NEW_EMAIL}. Your email address changes when you open it.`,
    );
    expect(await fact(page, 'Email')).to.equal(EMAIL);
    const changeLink = await mailbox.link({ to: NEW_EMAIL, subject: SUBJECTS.emailChangeConfirmation, linkTo: '/email/change' });
    await open(page, changeLink);
    expect(await heading(page)).to.equal('Confirm your new email address');
    expect(await page.getByRole('main').textContent()).to.contain(NEW_EMAIL);
    expect(await submitWith(page, page.getByRole('button', { name: 'Change my email address' }))).to.equal('/account');
    expect(await flash(page, 'messageSuccess')).to.equal(`Your email address is now ${NEW_EMAIL}.`);
    expect(await fact(page, 'Email')).to.equal(NEW_EMAIL);
    expect(await fact(page, 'Email verified'), 'the link proved the new mailbox').to.equal('Yes');
    const notice = await mailbox.take({ to: EMAIL, subject: SUBJECTS.emailChanged });
    expect(notice.parsed.text).to.contain(NEW_EMAIL);

    // The new address logs in; the old one no longer does.
    await Promise.all([page.waitForURL('**/login'), nav.getByRole('link', { name: 'Log out' }).click()]);
    await logInByClicks(page, EMAIL, RESET_PASSWORD);
    expect(await flash(page, 'messageFailure')).to.equal('Invalid email and/ or password.');
    await logInByClicks(page, NEW_EMAIL, RESET_PASSWORD);
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged in.');

    // A new password on the account page; the notice goes to the new address, and the password logs in.
    await Promise.all([page.waitForURL('**/account'), nav.getByRole('link', { name: 'Account' }).click()]);
    const passwordForm = page.locator('form[action="/account/password"]');
    await passwordForm.getByLabel('Current password').fill(RESET_PASSWORD);
    await passwordForm.getByLabel('New password').fill(CHANGED_PASSWORD);
    expect(await submitWith(page, passwordForm.getByRole('button', { name: 'Change password' }))).to.equal('/account');
    expect(await flash(page, 'messageSuccess')).to.equal(
      'Your password was changed. Every other session of your account was logged out.',
    );
    await mailbox.take({ to: NEW_EMAIL, subject: SUBJECTS.passwordChanged });
    await Promise.all([page.waitForURL('**/login'), nav.getByRole('link', { name: 'Log out' }).click()]);
    await logInByClicks(page, NEW_EMAIL, CHANGED_PASSWORD);
    expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged in.');

    // Deleting the account: the visitor is logged out on the home page and can no longer log in.
    await Promise.all([page.waitForURL('**/account'), nav.getByRole('link', { name: 'Account' }).click()]);
    const deleteForm = page.locator('form[action="/account/delete"]');
    await deleteForm.getByLabel('Current password').fill(CHANGED_PASSWORD);
    await deleteForm.getByLabel('Yes, delete my account').check();
    expect(await submitWith(page, deleteForm.getByRole('button', { name: 'Delete my account' }))).to.equal('/');
    expect(await flash(page, 'messageSuccess')).to.equal('Your account was deleted.');
    expect(await nav.getByRole('link', { name: 'Log in' }).count()).to.equal(1);
    await logInByClicks(page, NEW_EMAIL, CHANGED_PASSWORD);
    expect(await flash(page, 'messageFailure')).to.equal('Invalid email and/ or password.');
    await context.close();
  });
});
