import { expect } from 'chai';
import { EXPORT_FORMAT } from '../../../src/application/accounts/export-personal-data.js';
import { ACTIVITY_EXPORT_PAGE_SIZE } from '../../../src/application/audit/activity-data-section.js';
import type { AuditEventsPage } from '../../../src/application/audit/ports/audit-events.js';
import type { ActivityType } from '../../../src/application/shared/ports/security-events.js';
import { InMemoryAuditEvents } from '../../../src/infrastructure/audit/in-memory-audit-events.js';
import { describeDevice } from '../../../src/web/shared/device.js';
import { activityLabel, english } from '../../support/english.js';
import { ADA, type Browser } from '../../support/accounts/account-client.js';
import { captureLog } from '../../support/captured-log.js';
import { asksForPassword } from '../../support/administration/admin-client.js';
import { TEST_SUDO_MS } from '../../support/administration.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { activityRows } from '../../support/audit/activity-page.js';
import { FIREFOX, shownSessions } from '../../support/devices/sessions-page.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';
import { advance } from '../../support/two-factor/two-factor-client.js';

const WITH_PASSWORD = { sudoPassword: ADA.password };

/** Ada, signed up in Firefox, and her browser, logged in. */
async function adaInFirefox(built: TestApp): Promise<Browser> {
  const ada = browser(built.app).set('User-Agent', FIREFOX.userAgent);
  await ada.post('/signup').type('form').send({ email: ADA.email, password: ADA.password }).expect(302);
  return ada;
}

/** Posts the download button; resolves the response, its body kept as text. */
function download(client: Browser, form: Record<string, string> = {}) {
  return client.post('/account/data').type('form').send(form);
}

/** An audit trail that fails from its `failFrom`th listing on, as a database lost half-way would. */
class FailingListings extends InMemoryAuditEvents {
  listings = 0;
  failFrom = Infinity;

  override async listOfUser(userId: number, page: AuditEventsPage) {
    this.listings += 1;
    if (this.listings >= this.failFrom) throw new Error('audit table unavailable');
    return super.listOfUser(userId, page);
  }
}

/** One activity item of the export. */
interface ExportedEvent {
  readonly at: string;
  readonly type: ActivityType;
  readonly by: string;
  readonly administratorId?: number;
}

describe('/account/data (download my data)', () => {
  it('sends a visitor who is not logged in to the login page, for a GET and a POST alike', async () => {
    const built = buildTestApp();
    for (const method of ['get', 'post'] as const) {
      const visitor = browser(built.app);
      const response = await visitor[method]('/account/data').expect(302);
      expect(response.headers.location).to.equal('/login');
      expect(flashOf((await visitor.get('/login')).text, 'messageFailure')).to.equal('Must be logged in');
    }
  });

  it('downloads again without the password within the sudo window, and asks again after it', async () => {
    const built = buildTestApp();
    const ada = await adaInFirefox(built);
    await download(ada, WITH_PASSWORD).expect(200);
    const again = await download(ada).expect(200);
    expect(again.headers['content-disposition']).to.match(/^attachment;/);
    advance(built, TEST_SUDO_MS + 1);
    expect(asksForPassword((await download(ada)).text)).to.equal(true);
  });

  it('cuts the download off when the database fails half-way, so no partial file looks whole, and logs the error', async () => {
    const audit = new FailingListings();
    const log = captureLog();
    const built = buildTestApp({ audit, options: { logger: log.logger } });
    const ada = await adaInFirefox(built);
    for (let n = 0; n < ACTIVITY_EXPORT_PAGE_SIZE; n++) {
      await audit.append({ userId: 1, type: 'login.succeeded', actorId: null, ip: null, userAgent: null, requestId: null, at: n });
    }
    // The first page of the activity is read and written; the second fails.
    audit.failFrom = audit.listings + 2;

    const outcome = await download(ada, WITH_PASSWORD).then(
      (response) => `answered ${response.status}`,
      (error: Error) => error.message,
    );

    expect(outcome).to.equal('aborted');
    expect(log.lines().some((line) => line.level === 'error' && JSON.stringify(line).includes('audit table unavailable'))).to.equal(true);
  });

  onEveryBackend((build) => {
    it('shows what the file holds, with a button, and links it from the account page', async () => {
      const built = await build();
      const ada = await adaInFirefox(built);
      const page = await ada.get('/account/data').expect(200);
      expect(page.text).to.include('<h1>Download your data</h1>');
      expect(page.text).to.include('<form method="post" action="/account/data">');
      expect((await ada.get('/account').expect(200)).text).to.include('<a href="/account/data">');
      await ada.put('/account/data').expect(405);
    });

    it('asks for the password first; a wrong one downloads nothing', async () => {
      const built = await build();
      const ada = await adaInFirefox(built);
      const asked = await download(ada).expect(200);
      expect(asksForPassword(asked.text)).to.equal(true);
      expect(asked.text).to.include('download a copy of your data');
      expect(asked.headers['content-disposition']).to.equal(undefined);
      const wrong = await download(ada, { sudoPassword: 'not-her-password' }).expect(200);
      expect(asksForPassword(wrong.text)).to.equal(true);
      expect(wrong.headers['content-disposition']).to.equal(undefined);
    });

    it('downloads one JSON document, not to be cached, whose parts match what the pages show', async () => {
      const built = await build();
      const ada = await adaInFirefox(built);
      await ada.post('/account/phone').type('form').send({ phone: ADA.phone, currentPassword: ADA.password }).expect(302);
      await browser(built.app).post('/login').type('form').send({ email: ADA.email, password: 'wrong-password' }).expect(302);

      const response = await download(ada, WITH_PASSWORD).expect(200);

      expect(response.headers['content-disposition']).to.match(/^attachment; filename="gatehouse-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(response.headers['cache-control']).to.equal('no-store');
      expect(response.headers['content-type']).to.equal('application/json; charset=utf-8');
      const document = JSON.parse(response.text as string);
      expect(document.format).to.equal(EXPORT_FORMAT);
      expect(document.account).to.include({ email: ADA.email, phone: ADA.phone, emailVerified: false, administrator: false, lockedAt: null });

      // The sessions page, and the export's sessions.
      const shown = shownSessions((await ada.get('/account/sessions').expect(200)).text);
      expect(document.sessions.map((s: { userAgent: string }) => english(describeDevice(s.userAgent)))).to.deep.equal(shown.map((s) => s.device));
      expect(document.sessions.map((s: { ip: string }) => s.ip)).to.deep.equal(shown.map((s) => s.address));
      const text = response.text as string;
      // No session's handle (the page's form value for ending it) is in the file: read them from the store.
      const handles = (await built.sessions.listOfUser(1, Date.now())).map((device) => device.handle);
      expect(handles).to.have.length(shown.length);
      expect(handles.length).to.be.above(0);
      for (const handle of handles) expect(text).to.not.include(handle);

      // The activity page (read after the download, which it lists first), and the export's activity.
      const rows = activityRows((await ada.get('/account/activity').expect(200)).text);
      const events: ExportedEvent[] = document.activity;
      expect(events.map((event) => activityLabel(event.type, event.administratorId ?? null))).to.deep.equal(rows.map((row) => row.label));
      expect(events.map((event) => event.at.slice(0, 16).replace('T', ' '))).to.deep.equal(rows.map((row) => row.when));
      expect(rows[0]?.label).to.equal('Copy of your data downloaded');
      expect(events.map((event) => event.type)).to.deep.equal([
        'account.data-exported',
        'login.failed',
        'account.phone-changed',
        'signup.succeeded',
      ]);
      expect(document.secondFactors).to.deep.equal({ authenticatorApp: null, recoveryCodes: { total: 0, unused: 0, usedAt: [] } });
      expect(document.passkeys).to.deep.equal([]);
      expect(document.rememberedDevices).to.deep.equal([]);
    });
  });
});
