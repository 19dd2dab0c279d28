/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { projectRoot } from '../../src/infrastructure/project-root.js';
import { type AppServer, startAppServer } from './support/app-server.js';
import { axeViolations } from './support/axe.js';
import { sharedBrowser } from './support/hooks.js';
import { newPerson, signUpByClicks } from './support/pages.js';

const SCREENSHOTS = join(projectRoot(), 'test', 'browser', 'screenshots');
const SCHEMES = ['light', 'dark'] as const;
/** The screenshots taken of every page, for a person to look at. */
const SHOTS = [
  [360, 'light'],
  [360, 'dark'],
  [1440, 'light'],
] as const;

type Who = 'anonymous' | 'member' | 'admin';

/** Every page a person can see, as each kind of visitor, including the pages that carry a flash. */
const PAGES: ReadonlyArray<{ name: string; who: Who; open: (page: Page) => Promise<unknown> }> = [
  { name: 'home', who: 'anonymous', open: (page) => page.goto('/') },
  { name: 'login', who: 'anonymous', open: (page) => page.goto('/login') },
  { name: 'signup', who: 'anonymous', open: (page) => page.goto('/signup') },
  { name: 'login-must-be-logged-in', who: 'anonymous', open: (page) => page.goto('/users/profile') },
  { name: 'signup-must-be-signed-up', who: 'anonymous', open: (page) => page.goto('/special') },
  { name: 'signup-email-taken', who: 'anonymous', open: (page) => refusedSignUp(page) },
  { name: 'not-found', who: 'anonymous', open: (page) => page.goto('/no-such-page') },
  { name: 'home-member', who: 'member', open: (page) => page.goto('/') },
  { name: 'special', who: 'member', open: (page) => page.goto('/special') },
  { name: 'profile', who: 'member', open: (page) => page.goto('/users/profile') },
  { name: 'profile-admin-only', who: 'member', open: (page) => page.goto('/admin') },
  { name: 'account', who: 'member', open: (page) => page.goto('/account') },
  { name: 'account-refused', who: 'member', open: (page) => refusedPhoneChange(page) },
  { name: 'account-sessions', who: 'member', open: (page) => page.goto('/account/sessions') },
  { name: 'account-activity', who: 'member', open: (page) => page.goto('/account/activity') },
  { name: 'account-passkeys', who: 'member', open: (page) => page.goto('/account/passkeys') },
  { name: 'email-change-invalid', who: 'anonymous', open: (page) => page.goto('/email/change?token=expired') },
  { name: 'profile-admin', who: 'admin', open: (page) => page.goto('/users/profile') },
  { name: 'admin', who: 'admin', open: (page) => page.goto('/admin') },
  { name: 'users', who: 'admin', open: (page) => page.goto('/users') },
  { name: 'users-next-page', who: 'admin', open: (page) => page.goto('/users?after=50') },
  { name: 'users-search', who: 'admin', open: (page) => page.goto('/users?q=listed1&match=substring&filter=unverified') },
  { name: 'user', who: 'admin', open: (page) => page.goto('/users/1') },
  { name: 'user-delete', who: 'admin', open: (page) => page.goto('/users/1/delete') },
  { name: 'sudo', who: 'admin', open: (page) => askedForPassword(page) },
  { name: 'password-forgot', who: 'anonymous', open: (page) => page.goto('/password/forgot') },
  { name: 'login-reset-requested', who: 'anonymous', open: (page) => requestedReset(page) },
  { name: 'password-reset', who: 'anonymous', open: async (page) => page.goto(await resetLinkPath()) },
  { name: 'password-reset-refused', who: 'anonymous', open: (page) => refusedReset(page) },
  { name: 'password-reset-invalid', who: 'anonymous', open: (page) => page.goto('/password/reset?token=expired') },
  { name: 'email-verify-invalid', who: 'anonymous', open: (page) => page.goto('/email/verify?token=used') },
];

/** A reset link for the member, as `npm run cli -- user reset-link` prints it; set by the suite's `before`. */
let resetLinkPath: () => Promise<string> = () => Promise.reject(new Error('no server'));

async function requestedReset(page: Page): Promise<void> {
  await page.goto('/password/forgot');
  await page.getByLabel('Email').fill('member@example.com');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Send the link' }).click()]);
}

async function refusedReset(page: Page): Promise<void> {
  await page.goto(await resetLinkPath());
  await page.getByLabel('New password').fill('password1');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Set the new password' }).click()]);
}

/** The member's page, and its lock button pressed: the page that asks for the administrator's password. */
async function askedForPassword(page: Page): Promise<void> {
  await page.goto('/users/1');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Lock account' }).click()]);
}

async function refusedSignUp(page: Page): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill('member@example.com');
  await page.getByLabel('Password').fill('another password');
  await page.getByLabel('Phone').fill('+49 30 901820');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign up' }).click()]);
}

async function refusedPhoneChange(page: Page): Promise<void> {
  await page.goto('/account');
  const form = page.locator('form[action="/account/phone"]');
  await form.getByLabel('Phone').fill('+1 555 0123');
  await form.getByLabel('Current password').fill('not my password');
  await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: 'Change phone' }).click()]);
}

/** What a page must have: one h1, the landmarks, the skip link first, nothing inline (CSP; a script from our origin is not inline). */
async function structure(page: Page) {
  return page.evaluate(() => ({
    h1: document.querySelectorAll('h1').length,
    banner: document.querySelectorAll('body > header').length,
    nav: document.querySelectorAll('header nav').length,
    main: document.querySelectorAll('main').length,
    contentinfo: document.querySelectorAll('body > footer').length,
    firstFocusable: document.querySelector('a[href], button, input')?.textContent,
    inline: document.querySelectorAll('[style], style, script:not([src])').length,
  }));
}

describe('every page in Chromium', () => {
  let server: AppServer;
  let browser: Browser;
  const people = new Map<Who, BrowserContext>();
  const titles = new Map<string, string>();

  before(async () => {
    [server, browser] = await Promise.all([startAppServer(), sharedBrowser()]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const who of ['anonymous', 'member', 'admin'] as const) {
      const { context, page } = await newPerson(browser, server.baseUrl);
      if (who !== 'anonymous') await signUpByClicks(page, `${who}@example.com`, '+1 555 0199');
      await page.close();
      people.set(who, context);
    }
    await server.grantAdmin('admin@example.com');
    resetLinkPath = () => server.resetLinkPath('member@example.com');
    await server.addUsers(60, 'listed');
  });
  after(async () => {
    for (const context of people.values()) await context.close();
    await server?.close();
  });

  for (const { name, who, open } of PAGES) {
    it(`${name} (${who}): one h1, landmarks, a unique title, no axe violations in light and dark, fits 360 px`, async () => {
      const page = await (people.get(who) as BrowserContext).newPage();
      const failedAssets: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'document' && response.status() >= 400) {
          failedAssets.push(`${response.status()} ${response.url()}`);
        }
      });
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) blocked.push(message.text());
      });
      await open(page);

      expect(await structure(page)).to.deep.equal({
        h1: 1,
        banner: 1,
        nav: 1,
        main: 1,
        contentinfo: 1,
        firstFocusable: 'Skip to content',
        inline: 0,
      });
      const title = await page.title();
      const { pathname } = new URL(page.url());
      const seen = [...titles].find(([other, otherTitle]) => otherTitle === title && other !== pathname);
      expect(seen, `title "${title}" also used by ${seen?.[0]}`).to.equal(undefined);
      titles.set(pathname, title);

      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        // Only colours change between the schemes, so the dark pass checks contrast alone.
        const violations = await axeViolations(page, colorScheme === 'dark' ? ['color-contrast'] : undefined);
        expect(violations, `${colorScheme} scheme`).to.deep.equal([]);
      }

      for (const [width, colorScheme] of SHOTS) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}-${colorScheme}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal scrolling at ${width} px`).to.be.at.most(0);
      }
      expect(failedAssets).to.deep.equal([]);
      expect(blocked, 'CSP violations').to.deep.equal([]);
      await page.close();
    });
  }
});
