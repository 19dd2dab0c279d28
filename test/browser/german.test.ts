/// <reference lib="dom" />
import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { entriesOf } from '../support/i18n/catalog-keys.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { totpCode } from '../support/two-factor/two-factor-client.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { pageProblems } from './support/axe.js';
import { sharedBrowser } from './support/hooks.js';
import { Mailbox } from './support/mailbox.js';
import { flash, PASSWORD, submitWith } from './support/pages.js';

const GERMAN = entriesOf('de');

/** The German catalog's entry: the words a German visitor reads. */
function de(key: string): string {
  const text = GERMAN.get(key);
  if (text === undefined) throw new Error(`no German entry ${key}`);
  return text;
}

/** Where the screenshots go: the OS temp dir, never the repository. */
const SCREENSHOTS = join(tmpdir(), 'gatehouse-german-screenshots');

/** The widths each page is looked at: a small phone and a desktop. */
const WIDTHS = [360, 1280] as const;

/**
 * The text elements, buttons, inputs and table cells whose content is wider than their
 * box (scrollWidth > clientWidth), named by tag, class and text. Inline elements have
 * no box of their own (clientWidth 0) and are judged by the box that holds them.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'h1, h2, h3, p, li, dt, dd, label, legend, button, input, select, textarea, td, th, a, summary, code, .flash, [data-flash]';
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'none' || element.offsetParent === null) continue;
      if (element.scrollWidth > element.clientWidth) {
        const text = (element instanceof HTMLInputElement ? element.value || element.placeholder : element.textContent ?? '').trim().slice(0, 40);
        found.push(`${element.tagName.toLowerCase()}${element.className ? `.${element.className}` : ''} "${text}" (${element.scrollWidth} > ${element.clientWidth})`);
      }
    }
    return found;
  });
}

/**
 * Checks the page as a German visitor sees it: `<html lang="de">`, axe clean in light
 * and dark (`pageProblems`), and at 360 px and 1280 px no element whose words overflow
 * their box; a full-page screenshot at each width under the OS temp dir.
 */
async function checkGermanPage(page: Page, name: string): Promise<void> {
  expect(await page.locator('html').getAttribute('lang'), name).to.equal('de');
  expect(await pageProblems(page), name).to.deep.equal([]);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflowing(page), `${name} at ${width} px`).to.deep.equal([]);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the journeys in German, in Chromium', () => {
  let smtp: TestSmtpServer;
  let server: AppServer;
  let browser: Browser;
  let mailbox: Mailbox;

  before(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    smtp = await startSmtpServer();
    [server, browser] = await Promise.all([startAppServer({ smtpUrl: smtp.url }), sharedBrowser()]);
    mailbox = new Mailbox(smtp, server.baseUrl);
  });
  after(async () => {
    await server?.close();
    await smtp?.stop();
  });

  /** A browser that asks for German (its Accept-Language), as a German visitor's does. */
  async function germanVisitor(): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
    return { page: await context.newPage(), close: () => context.close() };
  }

  it('signs up, logs out and in, sets up two-factor and logs in with it, every page German, axe clean and fitting', async function () {
    this.timeout(120_000);
    const email = 'grete@example.com';
    const { page, close } = await germanVisitor();
    const nav = page.getByRole('navigation', { name: de('shared:site.mainNavigation') });

    await page.goto('/');
    await checkGermanPage(page, 'home');
    await page.goto('/signup');
    await checkGermanPage(page, 'signup');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(PASSWORD);
    expect(await submitWith(page, page.getByRole('button', { name: de('accounts:signup.signUp'), exact: true }))).to.equal('/users/profile');
    expect(await flash(page, 'messageSuccess')).to.equal(de('shared:messages.signedUp'));
    await checkGermanPage(page, 'profile');
    await mailbox.take({ to: email, subject: de('mail:subjects.email-verification'), linkTo: '/email/verify' });

    await Promise.all([page.waitForURL('**/login'), nav.getByRole('link', { name: de('shared:nav.logOut') }).click()]);
    await checkGermanPage(page, 'login');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(PASSWORD);
    expect(await submitWith(page, page.getByRole('button', { name: de('accounts:login.logIn'), exact: true }))).to.equal('/');
    expect(await flash(page, 'messageSuccess')).to.equal(de('shared:messages.loggedIn'));

    // Two-factor setup: sudo mode, the QR code and secret, the code, the recovery codes.
    await page.goto('/account/two-factor');
    await checkGermanPage(page, 'two-factor');
    await submitWith(page, page.getByRole('button', { name: de('two-factor:accountTwoFactor.setUpAuthenticatorApp') }));
    await checkGermanPage(page, 'sudo');
    await page.locator('#sudo-password').fill(PASSWORD);
    await submitWith(page, page.getByRole('button', { name: de('shared:sudo.confirm'), exact: true }));
    const secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    await checkGermanPage(page, 'two-factor-setup');
    await page.locator('#code').fill(totpCode(secret, Date.now()));
    await submitWith(page, page.getByRole('button', { name: de('two-factor:accountTwoFactor.turnOn'), exact: true }));
    expect(await page.locator('[data-recovery-code]').count()).to.equal(10);
    await checkGermanPage(page, 'recovery-codes');

    // The login asks for the code after the password, in German.
    await Promise.all([page.waitForURL('**/login'), nav.getByRole('link', { name: de('shared:nav.logOut') }).click()]);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(PASSWORD);
    expect(await submitWith(page, page.getByRole('button', { name: de('accounts:login.logIn'), exact: true }))).to.equal('/login/two-factor');
    await checkGermanPage(page, 'login-two-factor');
    await page.locator('#code').first().fill(totpCode(secret, Date.now() + 30_000));
    expect(await submitWith(page, page.getByRole('button', { name: de('two-factor:loginTwoFactor.logIn'), exact: true }).first())).to.equal('/');
    expect(await flash(page, 'messageSuccess')).to.equal(de('shared:messages.loggedIn'));
    await page.goto('/account');
    await checkGermanPage(page, 'account');
    // The notice that an authenticator app was turned on: left for nobody else's journey.
    await smtp.waitForMail(email);
    smtp.clear();
    await close();
  });

  it('resets a forgotten password by mail: the mail in German, every page German, axe clean and fitting', async function () {
    this.timeout(60_000);
    const email = 'hans@example.com';
    const { page, close } = await germanVisitor();
    await page.goto('/signup');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(PASSWORD);
    await submitWith(page, page.getByRole('button', { name: de('accounts:signup.signUp'), exact: true }));
    await mailbox.take({ to: email, subject: de('mail:subjects.email-verification'), linkTo: '/email/verify' });
    await page.context().clearCookies();

    await page.goto('/password/forgot');
    await checkGermanPage(page, 'password-forgot');
    await page.locator('#email').fill(email);
    expect(await submitWith(page, page.getByRole('button', { name: de('links:passwordForgot.sendLink'), exact: true }))).to.equal('/login');
    expect(await flash(page, 'messageSuccess')).to.equal(de('shared:messages.passwordResetRequested'));

    const resetLink = await mailbox.link({ to: email, subject: de('mail:subjects.password-reset'), linkTo: '/password/reset' });
    await page.goto(resetLink);
    await checkGermanPage(page, 'password-reset');
    await page.locator('#password').fill('ein ganz neues Passwort');
    expect(await submitWith(page, page.getByRole('button', { name: de('links:passwordReset.setNewPassword2'), exact: true }))).to.equal('/login');
    expect(await flash(page, 'messageSuccess')).to.equal(de('shared:messages.passwordResetDone'));
    await checkGermanPage(page, 'login-after-reset');
    await close();
  });
});
