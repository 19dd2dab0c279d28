import { expect } from 'chai';
import type { OutgoingMail, SecondFactorChange } from '../../../src/application/mail/outgoing-mail.js';
import { passkeysIds } from '../../../src/infrastructure/passkeys/passkeys-ids.js';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { ADA, accountMail, submit, withAda } from '../../support/accounts/account-client.js';
import { TEST_APP_URL } from '../../support/accounts.js';
import { buildGatehouseApp, useAppOnSmtp } from '../../support/gatehouse-app.js';
import { addPasskey } from '../../support/passkeys/passkey-client.js';
import type { ReceivedMail } from '../../support/smtp-server.js';
import { SoftAuthenticator } from '../../support/passkeys/soft-authenticator.js';
import { browser, type TestApp } from '../../support/test-app.js';
import { enrolTotp } from '../../support/two-factor/two-factor-client.js';

const WITH_PASSWORD = { sudoPassword: ADA.password };

/** The notice of this change to Ada. */
const notice = (change: SecondFactorChange): OutgoingMail => ({ kind: 'second-factor-changed', to: ADA.email, change });

/** The notices of changed second factors the app queued. */
const notices = (built: TestApp) => accountMail(built).filter((mail) => mail.kind === 'second-factor-changed');

describe('the notices of changed second factors, from the account pages', () => {
  it('mails the owner when the authenticator app is turned on, its recovery codes made anew, and turned off', async () => {
    const built = await withAda();

    await enrolTotp(built, built.ada);
    await built.ada.post('/account/two-factor/recovery-codes').type('form').send(WITH_PASSWORD).expect(200);
    expect((await submit(built.ada, '/account/two-factor/disable', WITH_PASSWORD)).success).to.be.a('string');

    expect(notices(built)).to.deep.equal([
      notice({ kind: 'authenticator-on' }),
      notice({ kind: 'recovery-codes-renewed' }),
      notice({ kind: 'authenticator-off', passkeysRemain: false, recoveryCodesKept: false }),
    ]);
  });

  it('mails nothing for a refused first code, or for turning off an app that is off', async () => {
    const built = await withAda();
    await built.ada.post('/account/two-factor/setup').type('form').send(WITH_PASSWORD).expect(302);

    expect((await submit(built.ada, '/account/two-factor', { code: '12345' })).failure).to.be.a('string');
    expect((await submit(built.ada, '/account/two-factor/disable', WITH_PASSWORD)).failure).to.be.a('string');

    expect(notices(built)).to.deep.equal([]);
  });

  it('mails the owner when a passkey is added and when it is removed, naming it', async () => {
    const passkeys = new InMemoryPasskeys();
    const built = await withAda({ passkeys });

    await addPasskey(built.ada, new SoftAuthenticator(), 'Phone');
    const [phone] = await passkeys.listOfUser(1);
    expect((await submit(built.ada, '/account/passkeys/delete', { id: String(phone?.id), ...WITH_PASSWORD })).success).to.equal(
      'Passkey removed. It was your last second factor: your login asks for your password only.',
    );

    expect(notices(built)).to.deep.equal([
      notice({ kind: 'passkey-added', passkeyName: 'Phone' }),
      notice({ kind: 'passkey-removed', passkeyName: 'Phone', lastSecondFactor: true }),
    ]);
  });
});

describe('the notices of changed second factors, over SMTP as npm start builds the app', () => {
  const on = useAppOnSmtp();

  /** The app on SQLite in memory, mailing through the test server, and Ada's browser, signed up. */
  async function adaOnTheApp() {
    on.started = await buildGatehouseApp({
      DATABASE_URL: 'sqlite::memory:',
      SESSION_KEYS: 'second-factor-notices-test-key',
      APP_URL: TEST_APP_URL,
      SMTP_URL: on.smtp.url,
    });
    const ada = browser(on.started.app);
    await ada.post('/signup').type('form').send({ email: ADA.email, password: ADA.password }).expect(302);
    return { ada, passkeys: on.started.get(passkeysIds.passkeys) };
  }

  /** The message with this subject, once `count` messages in all have arrived. */
  async function received(count: number, subject: string): Promise<ReceivedMail> {
    const found = (await on.smtp.waitForMessages(count)).find((mail) => mail.parsed.subject === subject);
    if (!found) throw new Error(`no message "${subject}"`);
    return found;
  }

  it('mails the owner a passkey added, named as typed in the text and escaped in the HTML, with no credential id', async () => {
    const { ada, passkeys } = await adaOnTheApp();
    const name = `<b>Ada's</b> "key" & co`;

    expect((await addPasskey(ada, new SoftAuthenticator(), name)).status).to.equal(200);

    // The sign-up's verification link, then the notice.
    const mail = await received(2, 'A passkey was added to your Gatehouse account');
    expect(mail.envelope.to).to.deep.equal([ADA.email]);
    expect(mail.parsed.text).to.include(`A passkey named "${name}" was added to the Gatehouse\naccount for ${ADA.email}.`);
    expect(mail.parsed.text).to.include(`${TEST_APP_URL}/account/sessions`);
    expect(mail.parsed.html).to.include('A passkey named "&lt;b&gt;Ada\'s&lt;/b&gt; &quot;key&quot; &amp; co" was added');
    expect(mail.parsed.html).to.not.include('<b>');
    const [stored] = await passkeys.listOfUser(1);
    expect(stored?.credentialId).to.be.a('string');
    for (const part of [mail.parsed.text, mail.parsed.html, mail.raw.toString()]) expect(part).to.not.include(stored?.credentialId);
  });

  it('mails the owner a passkey removed', async () => {
    const { ada, passkeys } = await adaOnTheApp();
    await addPasskey(ada, new SoftAuthenticator(), 'Laptop');
    const [laptop] = await passkeys.listOfUser(1);

    await submit(ada, '/account/passkeys/delete', { id: String(laptop?.id), ...WITH_PASSWORD });

    const mail = await received(3, 'A passkey was removed from your Gatehouse account');
    expect(mail.envelope.to).to.deep.equal([ADA.email]);
    expect(mail.parsed.text).to.include('The passkey named "Laptop" was removed');
  });
});
