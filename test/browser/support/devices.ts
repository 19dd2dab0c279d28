import { expect } from 'chai';
import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../../src/web/app.js';
import { REMEMBER_COOKIE } from '../../../src/web/shared/remember-me-cookie.js';
import { flash, PASSWORD, submitWith } from './pages.js';

/** Browsers a person may use, each with the name the sessions page gives it. */
export const CHROME_ON_WINDOWS = {
  name: 'Chrome on Windows 10',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};
export const FIREFOX_ON_UBUNTU = {
  name: 'Firefox on Ubuntu',
  userAgent: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};
export const SAFARI_ON_MAC = {
  name: 'Safari on Mac OS 10.15.7',
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

/** The cookie of this name in the context's jar, or undefined. */
export async function cookieNamed(context: BrowserContext, name: string): Promise<Cookie | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name);
}

/** The remember-me cookie's value in the context's jar, or undefined. */
export async function rememberCookie(context: BrowserContext): Promise<string | undefined> {
  return (await cookieNamed(context, REMEMBER_COOKIE))?.value;
}

/** Copies the remember-me cookie from one browser's jar into another's, as a thief would; resolves its value. */
export async function copyRememberCookie(from: BrowserContext, to: BrowserContext): Promise<string> {
  const cookie = await cookieNamed(from, REMEMBER_COOKIE);
  if (!cookie) throw new Error('no remember cookie to copy');
  await to.addCookies([cookie]);
  return cookie.value;
}

/** The session cookie's value, which is the id the server keeps the session under. */
export async function sessionId(context: BrowserContext): Promise<string> {
  const id = (await cookieNamed(context, SESSION_COOKIE))?.value;
  if (!id) throw new Error('no session cookie');
  return id;
}

/** Logs in through the form with "Keep me logged in on this device" ticked, and lands on the home page. */
export async function logInRemembered(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Keep me logged in on this device').check();
  expect(await submitWith(page, page.getByRole('button', { name: 'Log in', exact: true }))).to.equal('/');
  expect(await flash(page, 'messageSuccess')).to.equal('Successfully logged in.');
}

/** Opens the profile and expects to be sent to /login with "Must be logged in": nobody is logged in. */
export async function expectAnonymous(page: Page, who: string): Promise<void> {
  await page.goto('/users/profile');
  expect(new URL(page.url()).pathname, `${who} is sent to log in`).to.equal('/login');
  expect(await flash(page, 'messageFailure'), who).to.equal('Must be logged in');
}

/** Opens the profile and expects it to show at once (no redirect through /login): someone is logged in. */
export async function expectLoggedIn(page: Page, who: string): Promise<void> {
  const response = await page.goto('/users/profile');
  expect(response?.request().redirectedFrom() ?? null, `${who} is not redirected`).to.equal(null);
  expect(response?.status(), who).to.equal(200);
  expect(await page.locator('h1').textContent(), who).to.equal('Your profile');
}

/** The sessions page, reached as a person does: the link on the account page. */
export async function openSessionsPage(page: Page): Promise<void> {
  await page.goto('/account');
  await Promise.all([page.waitForURL('**/account/sessions'), page.getByRole('link', { name: 'sessions page' }).click()]);
}
