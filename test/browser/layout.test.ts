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

/** A desktop window and a phone. */
const WIDTHS = [1280, 390] as const;

/** The longest address the app keeps (64 characters: an IPv6 address with a zone and more). */
const LONG_ADDRESS = '2001:0db8:85a3:0000:0000:8a2e:0370:7334%enp0s31f6-vlan-1234.abcd';

/** A browser with a long name, on a system with a long version. */
const LONG_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36';

/** What a table in its scrolling region looks like to a person: does anything lie beyond what they see? */
interface TableFit {
  /** Pixels of the table beyond its region's visible width (the region would have to be scrolled). */
  readonly hiddenInRegion: number;
  /** Pixels the region reaches beyond the content of the card (or main) it is in. */
  readonly beyondCard: number;
  /** Pixels of the caption's text beyond what the region shows. */
  readonly captionCut: number;
  /** Cells whose text is wider than the cell itself. */
  readonly cutCells: number;
  /** Pixels the page itself scrolls sideways. */
  readonly pageOverflow: number;
}

async function tableFit(page: Page): Promise<TableFit> {
  return page.evaluate(() => {
    const region = document.querySelector('.table-scroll') as HTMLElement;
    const table = region.querySelector('table') as HTMLTableElement;
    const caption = table.querySelector('caption') as HTMLElement;
    const box = (region.parentElement?.closest('.card, main') ?? document.body) as HTMLElement;
    const style = getComputedStyle(box);
    const boxRight = box.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
    const regionRect = region.getBoundingClientRect();
    const captionRange = document.createRange();
    captionRange.selectNodeContents(caption);
    // The cells a person sees (on a phone the column headers are for screen readers only).
    const cells = Array.from(table.querySelectorAll<HTMLElement>('th, td')).filter((cell) => cell.getBoundingClientRect().width > 1);
    return {
      hiddenInRegion: Math.max(0, table.scrollWidth - region.clientWidth),
      beyondCard: Math.max(0, Math.ceil(regionRect.right - boxRight)),
      captionCut: Math.max(0, Math.ceil(captionRange.getBoundingClientRect().right - regionRect.right)),
      cutCells: cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length,
      pageOverflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    };
  });
}

const FITS: TableFit = { hiddenInRegion: 0, beyondCard: 0, captionCut: 0, cutCells: 0, pageOverflow: 0 };

/** Every page a logged-in person sees, for the navigation's check. */
const LOGGED_IN_PAGES = [
  '/',
  '/special',
  '/users/profile',
  '/account',
  '/account/sessions',
  '/account/two-factor',
  '/account/passkeys',
  '/account/activity',
  '/admin',
  '/users',
  '/users/1',
  '/no-such-page',
];

/** The buttons a person sees on the page, with whether each looks like the page's primary action (filled with the accent). */
async function visibleButtons(page: Page): Promise<Array<{ name: string; filled: boolean }>> {
  return page.evaluate(() => {
    const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim();
    const probe = document.createElement('span');
    probe.style.color = accent;
    document.body.append(probe);
    const accentColour = getComputedStyle(probe).color;
    probe.remove();
    return Array.from(document.querySelectorAll<HTMLElement>('button, .button'))
      .filter((button) => button.offsetParent !== null)
      .map((button) => ({ name: button.textContent?.trim() ?? '', filled: getComputedStyle(button).backgroundColor === accentColour }));
  });
}

describe('what a person sees in Chromium: tables that fit, one navigation, one primary action', () => {
  let server: AppServer;
  let browser: Browser;
  let member: BrowserContext;
  let admin: BrowserContext;

  before(async () => {
    // localhost, so that the login page's passkey button shows (WebAuthn needs a domain).
    [server, browser] = await Promise.all([startAppServer({ hostname: 'localhost' }), sharedBrowser()]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [who, email] of [
      ['member', 'member.with.a.rather.long.address@subdomain.example.com'],
      ['admin', 'admin@example.com'],
    ] as const) {
      const { context, page } = await newPerson(browser, server.baseUrl);
      await signUpByClicks(page, email);
      await page.close();
      if (who === 'member') member = context;
      else admin = context;
    }
    await server.grantAdmin('admin@example.com');
    // The member's activity, from a long address and a long-named browser: the widest rows a page shows.
    const request = { ip: LONG_ADDRESS, userAgent: LONG_USER_AGENT };
    for (const type of ['login.failed', 'login.succeeded', 'account.phone-changed', 'two-factor.recovery-codes-regenerated'] as const) {
      await server.securityEvents.record({ type, userId: 1, request });
    }
    await server.securityEvents.record({ type: 'admin.granted', userId: 1, actorId: 2, request });
    await server.securityEvents.settled();
    // Addresses too long for a phone's users list.
    await server.addUsers(3, 'listed.person.with.a.rather.long.name');
  });
  after(async () => {
    await member?.close();
    await admin?.close();
    await server?.close();
  });

  for (const [name, who, path] of [
    ['account-activity', 'member', '/account/activity'],
    ['user-activity', 'admin', '/users/1'],
  ] as const) {
    it(`${name}: the activity table and its caption fit their card at ${WIDTHS.join(' and ')} px`, async () => {
      const page = await (who === 'member' ? member : admin).newPage();
      await page.goto(path);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(SCREENSHOTS, `layout-${name}-${width}.png`), fullPage: true });
        expect(await tableFit(page), `${width} px`).to.deep.equal(FITS);
      }
      // The long address is shown whole (wrapped), never cut.
      expect(await page.locator('td', { hasText: LONG_ADDRESS }).count()).to.be.at.least(1);
      expect(await axeViolations(page)).to.deep.equal([]);
      await page.close();
    });
  }

  it('lets the users list scroll inside its region on a phone, with a shadow at the edge that has more, by keyboard too', async () => {
    const page = await admin.newPage();
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/users');
    await page.screenshot({ path: join(SCREENSHOTS, 'layout-users-390.png'), fullPage: true });
    const region = page.getByRole('region', { name: 'All users, in order of sign-up' });
    const look = await region.evaluate((element) => ({
      scrolls: element.scrollWidth > element.clientWidth,
      focusable: element.tabIndex === 0,
      shadows: (getComputedStyle(element).backgroundImage.match(/radial-gradient/g) ?? []).length,
      pageOverflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    }));
    expect(look).to.deep.equal({ scrolls: true, focusable: true, shadows: 2, pageOverflow: 0 });
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.querySelector('.table-scroll') as HTMLElement).scrollLeft > 0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page), colorScheme).to.deep.equal([]);
    }
    await page.close();
  });

  it('shows the Admin and Users links on every page to an administrator, and on none to a member', async () => {
    for (const [context, expected] of [
      [admin, 2],
      [member, 0],
    ] as const) {
      const page = await context.newPage();
      for (const path of LOGGED_IN_PAGES) {
        await page.goto(path);
        const nav = page.getByRole('navigation', { name: 'Main' });
        let links = 0;
        for (const name of ['Admin', 'Users']) links += await nav.getByRole('link', { name, exact: true }).count();
        expect(links, `${path} as ${expected ? 'administrator' : 'member'}`).to.equal(expected);
      }
      await page.close();
    }
  });

  it('has one primary button on /login: "Log in"; logging in with a passkey and changing the language are secondary ones', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in with a passkey' }).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(SCREENSHOTS, `layout-login-${width}.png`), fullPage: true });
    }
    expect(await visibleButtons(page)).to.deep.equal([
      { name: 'Log in', filled: true },
      { name: 'Log in with a passkey', filled: false },
      // The footer's language switch, on every page once more than one language is present.
      { name: 'Change language', filled: false },
    ]);
    await context.close();
  });

  it('says in the footer what needs JavaScript: only passkeys', async () => {
    const { context, page } = await newPerson(browser, server.baseUrl);
    await page.goto('/');
    const footer = (await page.locator('body > footer').textContent())?.trim() ?? '';
    expect(footer).not.to.include('No JavaScript needed');
    expect(footer).to.include('Everything works without JavaScript except passkeys, which need it.');
    await context.close();
  });
});
