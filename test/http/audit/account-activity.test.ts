import { expect } from 'chai';
import type { NewAuditEvent } from '../../../src/application/audit/ports/audit-events.js';
import { ACTIVITY_PAGE_SIZE } from '../../../src/application/audit/list-account-activity.js';
import { Email } from '../../../src/domain/shared/email.js';
import { InMemoryAuditEvents } from '../../../src/infrastructure/audit/in-memory-audit-events.js';
import { type Browser, submit } from '../../support/accounts/account-client.js';
import { activityLabels, activityRows, olderLink } from '../../support/audit/activity-page.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { postReset, resetLinkPath, tokenIn } from '../../support/links/link-flows.js';
import { captureLog } from '../../support/captured-log.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';

const ADA = { email: 'ada@example.com', password: 'analytical-engine' };
const NEW_PASSWORD = 'difference-engine';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** An audit trail whose writes fail, as a database outage would. */
class FailingAuditEvents extends InMemoryAuditEvents {
  override async append(): Promise<void> {
    throw new Error('audit table unavailable');
  }
}

/** A browser that sends this User-Agent with every request. */
function browserOf(built: TestApp, userAgent: string): Browser {
  return browser(built.app).set('User-Agent', userAgent);
}

/** Logs a browser in through the form; fails the test when the login fails. */
async function logIn(client: Browser, password = ADA.password): Promise<void> {
  const response = await client.post('/login').type('form').send({ email: ADA.email, password });
  expect(response.headers.location).to.equal('/');
}

/** Ada signed up in her Firefox; her browser, logged in. */
async function adaSignsUp(built: TestApp): Promise<Browser> {
  const ada = browserOf(built, FIREFOX);
  await ada.post('/signup').type('form').send(ADA).expect(302);
  return ada;
}

/** A login of this user at this time, stored as the recorder stores one. */
function seeded(userId: number, at: number): NewAuditEvent {
  return { userId, type: 'login.succeeded', actorId: null, ip: '192.0.2.1', userAgent: FIREFOX, requestId: null, at };
}

/** The user id of an address. */
async function idOf(built: TestApp, email: string): Promise<number> {
  const user = await built.users.findByEmail(Email.parse(email) as Email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

describe('GET /account/activity', () => {
  onEveryBackend((build) => {
    it('lists each event of the journey newest first, with its label, device and address', async () => {
      const built = await build();
      const ada = await adaSignsUp(built);
      await ada.get('/logout').expect(302);
      const stranger = browserOf(built, ANDROID_CHROME);
      await stranger.post('/login').type('form').send({ email: ADA.email, password: 'a wrong guess' }).expect(302);
      await logIn(ada);
      const changed = await submit(ada, '/account/password', { currentPassword: ADA.password, password: NEW_PASSWORD });
      expect(changed.location).to.equal('/account');
      await ada.get('/logout').expect(302);
      await logIn(ada, NEW_PASSWORD);

      const rows = activityRows((await ada.get('/account/activity').expect(200)).text);

      expect(rows.map(({ label, device }) => [label, device])).to.deep.equal([
        ['Logged in', 'Firefox on Ubuntu'],
        ['Logged out', 'Firefox on Ubuntu'],
        ['Password changed', 'Firefox on Ubuntu'],
        ['Logged in', 'Firefox on Ubuntu'],
        ['Failed login attempt', 'Chrome on Android 14'],
        ['Logged out', 'Firefox on Ubuntu'],
        ['Signed up', 'Firefox on Ubuntu'],
      ]);
      for (const row of rows) {
        expect(row.when).to.match(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
        expect(row.address).to.match(/127\.0\.0\.1$/);
      }
    });

    it('lists a password reset: asked for, then done with the emailed link', async () => {
      const built = await build();
      await adaSignsUp(built);
      const path = await resetLinkPath(built, ADA.email);
      await postReset(built.app, tokenIn(path), NEW_PASSWORD).expect(302);
      const ada = browserOf(built, FIREFOX);
      await logIn(ada, NEW_PASSWORD);

      expect(await activityLabels(ada)).to.deep.equal([
        'Logged in',
        'Password reset with an emailed link',
        'Password reset requested',
        'Signed up',
      ]);
    });

    it('names who changed the admin rights, and shows no device or address of theirs', async () => {
      const built = await build();
      const ada = await adaSignsUp(built);
      await built.setUserAdmin.execute({ user: { email: ADA.email }, admin: true });
      // Another administrator who can log in, so Ada's flag may go.
      const other = await built.users.create({ email: Email.fromTrusted('root@example.com'), passwordHash: 'h', phone: null });
      await built.users.setAdmin(other.id, true);
      const request = { ip: '198.51.100.7', userAgent: ANDROID_CHROME };
      await built.setUserAdmin.execute({ user: { email: ADA.email }, admin: false, actorId: 7, request });
      await logIn(ada);

      const rows = activityRows((await ada.get('/account/activity').expect(200)).text);
      expect(rows.slice(1, 3).map(({ label, device, address }) => [label, device, address])).to.deep.equal([
        ['Admin rights revoked by an administrator (#7)', '—', '—'],
        ['Admin rights granted by an operator (command line)', '—', '—'],
      ]);
    });

    it(`shows ${ACTIVITY_PAGE_SIZE} events a page, and the older ones behind "Older", with no repeat or gap`, async () => {
      const built = await build();
      const ada = await adaSignsUp(built);
      const userId = await idOf(built, ADA.email);
      const base = Date.UTC(2026, 0, 1);
      for (let minute = 0; minute < ACTIVITY_PAGE_SIZE + 5; minute += 1) {
        await built.audit.append(seeded(userId, base + minute * 60_000));
      }

      const first = (await ada.get('/account/activity').expect(200)).text;
      const older = olderLink(first);
      expect(older).to.be.a('string');
      const second = (await ada.get(older as string).expect(200)).text;

      const seen = [...activityRows(first), ...activityRows(second)];
      expect(activityRows(first)).to.have.length(ACTIVITY_PAGE_SIZE);
      expect(olderLink(second)).to.equal(null);
      expect(second).to.include('<a href="/account/activity">Newest</a>');
      const minutes = Array.from({ length: ACTIVITY_PAGE_SIZE + 5 }, (_, n) => ACTIVITY_PAGE_SIZE + 4 - n);
      const expected = minutes.map((minute) => new Date(base + minute * 60_000).toISOString().slice(0, 16).replace('T', ' '));
      expect(seen.slice(0, -1).map((row) => row.when)).to.deep.equal(expected);
      expect(seen.at(-1)?.label).to.equal('Signed up');
    });

    it("never shows another user's events, whatever the cursor", async () => {
      const built = await build();
      const ada = await adaSignsUp(built);
      const grace = browserOf(built, ANDROID_CHROME);
      await grace.post('/signup').type('form').send({ email: 'grace@example.com', password: 'compiler-1952' }).expect(302);
      await grace.get('/logout').expect(302);
      await grace.post('/login').type('form').send({ email: 'grace@example.com', password: 'compiler-1952' }).expect(302);

      expect(await activityLabels(ada)).to.deep.equal(['Signed up']);
      expect(await activityLabels(ada, '/account/activity?before=999999')).to.deep.equal(['Signed up']);
      expect(await activityLabels(grace)).to.deep.equal(['Logged in', 'Logged out', 'Signed up']);
    });
  });

  it('sends an anonymous visitor to /login with "Must be logged in"', async () => {
    const client = browser(buildTestApp().app);
    const response = await client.get('/account/activity').expect(302);
    expect(response.headers.location).to.equal('/login');
    expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal('Must be logged in');
  });

  it('answers another method with 405 once past the gate, and with the gate before it', async () => {
    const built = buildTestApp();
    expect((await browser(built.app).post('/account/activity').expect(302)).headers.location).to.equal('/login');
    const ada = await adaSignsUp(built);
    expect((await ada.post('/account/activity').expect(405)).headers.allow).to.equal('GET, HEAD');
  });

  it('is linked from the account page', async () => {
    const ada = await adaSignsUp(buildTestApp());
    expect((await ada.get('/account').expect(200)).text).to.include('<a href="/account/activity">account activity</a>');
  });

  it('shows each event at its minute in UTC', async () => {
    const built = buildTestApp();
    const ada = await adaSignsUp(built);
    const [row] = activityRows((await ada.get('/account/activity').expect(200)).text);
    const minute = new Date(built.clock.now()).toISOString().slice(0, 16);
    expect(row?.when).to.equal(minute.replace('T', ' '));
    expect((await ada.get('/account/activity')).text).to.include(`<time datetime="${minute}:00.000Z">`);
  });

  it("shows the address a failed login came from, through a trusted proxy's X-Forwarded-For", async () => {
    const built = buildTestApp({ options: { proxyHops: 1 } });
    const ada = await adaSignsUp(built);
    const stranger = browserOf(built, ANDROID_CHROME).set('X-Forwarded-For', '203.0.113.66');
    await stranger.post('/login').type('form').send({ email: ADA.email, password: 'a wrong guess' }).expect(302);

    const [failed] = activityRows((await ada.get('/account/activity').expect(200)).text);
    expect(failed).to.deep.include({ label: 'Failed login attempt', device: 'Chrome on Android 14', address: '203.0.113.66' });
  });

  for (const before of ['abc', '0', '-3', '1e3', '0x10', '1.5', '12345678901234567890', '']) {
    it(`shows the newest page for a malformed or huge cursor (?before=${before})`, async () => {
      const ada = await adaSignsUp(buildTestApp());
      const page = await ada.get(`/account/activity?before=${encodeURIComponent(before)}`).expect(200);
      expect(activityRows(page.text).map((row) => row.label)).to.deep.equal(['Signed up']);
      expect(page.text).to.include('Latest security events');
    });
  }

  it('shows the newest page for a repeated cursor', async () => {
    const ada = await adaSignsUp(buildTestApp());
    expect(await activityLabels(ada, '/account/activity?before=5&before=9')).to.deep.equal(['Signed up']);
  });

  it('says so when no older event is left', async () => {
    const ada = await adaSignsUp(buildTestApp());
    const page = await ada.get('/account/activity?before=1').expect(200);
    expect(page.text).to.include('No older activity.');
    expect(page.text).to.include('<a href="/account/activity">Newest</a>');
  });
});

describe('the audit trail behind /account/activity', () => {
  it('lets a login succeed when the audit table fails: the log line is written, and the failure logged', async () => {
    const log = captureLog();
    const built = buildTestApp({ options: { logger: log.logger }, audit: new FailingAuditEvents() });
    const ada = await adaSignsUp(built);
    await ada.get('/logout').expect(302);

    await logIn(ada);

    const lines = log.lines().filter((line) => line.event === 'login.succeeded');
    expect(lines.map(({ level, msg }) => [level, msg])).to.deep.equal([
      ['info', 'login.succeeded'],
      ['error', 'security event not stored'],
    ]);
    expect((await ada.get('/users/profile').expect(200)).text).to.include(ADA.email);
  });

  it("deletes the account's events with the account", async () => {
    const built = buildTestApp();
    const ada = await adaSignsUp(built);
    const userId = await idOf(built, ADA.email);
    await submit(ada, '/account/delete', { currentPassword: ADA.password, confirm: 'yes' });
    expect(await built.audit.listOfUser(userId, { before: null, limit: 10 })).to.deep.equal([]);
  });
});
