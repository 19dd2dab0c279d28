/// <reference lib="dom" />
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

/** A password that passes the sign-up rules. */
export const PASSWORD = 'correct horse battery';

/**
 * A new browser window with its own cookie jar, like a new person; `userAgent` makes it
 * another browser (as the sessions page names it), Chromium's own unless given.
 */
export async function newPerson(
  browser: Browser,
  baseURL: string,
  userAgent?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    ...(userAgent !== undefined && { userAgent }),
  });
  return { context, page: await context.newPage() };
}

/** Presses Tab until `target` has the focus, as a keyboard user would; fails if it never does. */
export async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The text of the flash of this kind on the current page, or null. */
export async function flash(page: Page, kind: 'messageSuccess' | 'messageFailure'): Promise<string | null> {
  const element = page.locator(`[data-flash="${kind}"]`);
  return (await element.count()) ? element.textContent() : null;
}

/** Signs up through the form with the mouse, and lands on the profile. */
export async function signUpByClicks(page: Page, email: string, phone = ''): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Phone').fill(phone);
  await Promise.all([page.waitForURL('**/users/profile'), page.getByRole('button', { name: 'Sign up' }).click()]);
}

/** Logs in through the form with the mouse, and waits for the page it leads to. */
export async function logInByClicks(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await submitWith(page, page.getByRole('button', { name: 'Log in', exact: true }));
}

/**
 * Presses a button that submits a form, waits for the page the answer leads to, and
 * resolves its path. It waits for the next page's load, not for a URL: a form that
 * answers with the page it is on (`/account` to `/account`) changes no URL.
 */
export async function submitWith(page: Page, button: Locator): Promise<string> {
  await Promise.all([page.waitForEvent('load'), button.click()]);
  return new URL(page.url()).pathname;
}
