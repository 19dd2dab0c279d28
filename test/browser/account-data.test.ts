/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { type AppServer, startAppServer } from './support/app-server.js';
import { axeViolations } from './support/axe.js';
import { sharedBrowser } from './support/hooks.js';
import { logInByClicks, newPerson, PASSWORD, signUpByClicks, submitWith } from './support/pages.js';

const FIREFOX_ON_UBUNTU = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The texts of the cells of each row of the first table on the page. */
async function tableRows(page: Page): Promise<string[][]> {
  return page.locator('table tbody tr').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => (cell.textContent ?? '').trim())),
  );
}

describe('download my data, as a person does it in Chromium', () => {
  let server: AppServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startAppServer(), sharedBrowser()]);
  });
  after(async () => server?.close());

  it('confirms the password, downloads one JSON file, and the file says what the pages show', async () => {
    const email = 'data-person@example.com';
    const { context, page } = await newPerson(browser, server.baseUrl);
    await signUpByClicks(page, email, '+1 555 0100');
    const other = await newPerson(browser, server.baseUrl, FIREFOX_ON_UBUNTU);
    await logInByClicks(other.page, email, PASSWORD);

    // From the account page to the data page, which passes axe.
    await page.goto('/account');
    await Promise.all([page.waitForURL('**/account/data'), page.getByRole('link', { name: 'data page' }).click()]);
    expect(await page.locator('h1').textContent()).to.equal('Download your data');
    expect(await axeViolations(page)).to.deep.equal([]);

    // The button asks for the password; once given, the file downloads.
    await submitWith(page, page.getByRole('button', { name: 'Download my data' }));
    expect(await page.locator('h1').textContent()).to.equal('Confirm with your password');
    await page.getByLabel('Your password').fill(PASSWORD);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Confirm' }).click()]);
    expect(download.suggestedFilename()).to.match(/^gatehouse-data-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const document = JSON.parse(await readFile(path, 'utf8'));

    expect(document.format).to.equal('gatehouse-export/1');
    expect(document.account).to.include({ email, phone: '+1 555 0100', emailVerified: false });
    // Two sessions, as the sessions page shows them.
    await page.goto('/account/sessions');
    const shownDevices = await page.locator('section.card.session h2').evaluateAll((headings) =>
      headings.map((heading) => (heading.firstChild?.textContent ?? '').trim()),
    );
    expect(document.sessions).to.have.length(shownDevices.length);
    expect(shownDevices).to.include('Firefox on Ubuntu');
    expect(document.sessions.map((session: { userAgent: string }) => session.userAgent)).to.include(FIREFOX_ON_UBUNTU);
    // The activity, as the activity page lists it: the download first.
    await page.goto('/account/activity');
    const rows = await tableRows(page);
    expect(rows.map((row) => row[1])).to.deep.equal(['Copy of your data downloaded', 'Logged in', 'Signed up']);
    expect(document.activity.map((event: { type: string }) => event.type)).to.deep.equal([
      'account.data-exported',
      'login.succeeded',
      'signup.succeeded',
    ]);
    expect(document.activity.map((event: { at: string }) => event.at.slice(0, 16).replace('T', ' '))).to.deep.equal(
      rows.map((row) => row[0]),
    );
    await Promise.all([context.close(), other.context.close()]);
  });
});
