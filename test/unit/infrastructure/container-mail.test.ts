import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { isMailNotSent } from '../../../src/application/mail/ports/mailer.js';
import { DEFAULT_OUTBOX_DIR, loadConfig } from '../../../src/infrastructure/config.js';
import { createContainer } from '../../../src/infrastructure/container.js';
import { mailIds } from '../../../src/infrastructure/mail/mail-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { resolverOf } from '../../../src/infrastructure/shared/binding.js';
import { closeAll } from '../../../src/infrastructure/gatehouse.js';
import { KnexMailOutbox } from '../../../src/infrastructure/mail/knex-mail-outbox.js';
import { silentLogger } from '../../../src/web/shared/logger.js';
import { captureLog } from '../../support/captured-log.js';
import { buildGatehouseApp, type GatehouseApp, useAppOnSmtp } from '../../support/gatehouse-app.js';
import { linkIn } from '../../support/smtp-server.js';

const BASE = { DATABASE_URL: 'sqlite::memory:', SESSION_KEYS: 'container-test-key', APP_URL: 'https://auth.example.com' };
const TOKEN = 'tok3n-that-must-not-be-logged';
const RESET = {
  kind: 'password-reset',
  to: 'ada@example.com',
  link: `https://auth.example.com/password/reset?token=${TOKEN}`,
  expiresInMinutes: 60,
} as const;

/** Queues a message as a use case does: into the app's own database. */
async function enqueue(started: GatehouseApp): Promise<void> {
  await new KnexMailOutbox(started.get(sharedIds.database)).enqueue(RESET, Date.now());
}

describe('the composition root: mail', () => {
  it('sends through SMTP for smtp:// and smtps://, writes files for file:, and defaults to ./data/outbox', async () => {
    const mailerFor = (env: Record<string, string>) => resolverOf(createContainer(loadConfig({ ...BASE, ...env }), silentLogger))(mailIds.mailer);
    const mail = { to: 'ada@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
    // Nothing listens on port 1: an SMTP mailer fails to connect, and says it may work later.
    for (const url of ['smtp://127.0.0.1:1', 'smtps://u:p@127.0.0.1:1']) {
      const failure = await mailerFor({ SMTP_URL: url }).send(mail).then(() => null, (error: unknown) => error);
      expect(isMailNotSent(failure) && failure.permanent, url).to.equal(false);
      expect(isMailNotSent(failure), url).to.equal(true);
    }
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-container-mail-'));
    try {
      const receipt = await mailerFor({ SMTP_URL: `file:${dir}` }).send(mail);
      expect(receipt.receipt).to.match(/\.eml$/);
      expect(await readdir(dir)).to.have.length(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(loadConfig(BASE).mail.transport).to.deep.equal({ kind: 'file', dir: DEFAULT_OUTBOX_DIR });
  });

  describe('with SMTP_URL on a real SMTP server', () => {
    const on = useAppOnSmtp();

    it('marks a message SMTP refuses for good (550) failed at once, as the composition root wires it', async () => {
      on.smtp.refuse(550, 'ada@example.com');
      const log = captureLog();
      on.started = await buildGatehouseApp({ ...BASE, SMTP_URL: on.smtp.url }, log.logger);
      await enqueue(on.started);

      const refused = await log.waitForLine((line) => line.msg === 'mail refused for good: marked failed, not retried');
      expect(refused).to.include({ to: 'ada@example.com', attempt: 1 });
      expect((await on.started.gatehouse.mailStatus.execute()).failed).to.equal(1);
    });

    it('delivers a queued message in the background: from MAIL_FROM, both parts, the link, nothing remote', async () => {
      const log = captureLog();
      on.started = await buildGatehouseApp({ ...BASE, SMTP_URL: on.smtp.url, MAIL_FROM: 'Gatehouse <accounts@example.com>' }, log.logger);
      await enqueue(on.started);

      const mail = await on.smtp.waitForMail('ada@example.com');
      expect(mail.parsed.subject).to.equal('Reset your Gatehouse password');
      expect(mail.parsed.from?.value).to.deep.equal([{ address: 'accounts@example.com', name: 'Gatehouse' }]);
      expect(mail.envelope).to.deep.equal({ from: 'accounts@example.com', to: ['ada@example.com'] });
      expect(mail.parsed.text).to.include(`\n${RESET.link}\n`);
      expect(linkIn(mail, '/password/reset')).to.equal(RESET.link);
      expect(() => linkIn(mail, '/email/verify')).to.throw('no link to /email/verify');
      expect(mail.parsed.html).to.include(`href="https://auth.example.com/password/reset?token=${TOKEN}"`);
      expect(mail.parsed.html).to.not.match(/<img|src=|url\(/i);
      expect(mail.parsed.attachments).to.deep.equal([]);

      await log.waitForLine((line) => line.msg === 'mail sent');
      expect(log.text()).to.not.include(TOKEN);
      expect(await on.started.gatehouse.mailStatus.execute()).to.include({ pending: 0, failed: 0 });
    });

    it('answers /readyz without asking SMTP, while SMTP is down', async () => {
      await on.smtp.stop();
      const log = captureLog();
      on.started = await buildGatehouseApp({ ...BASE, SMTP_URL: on.smtp.url }, log.logger);
      await enqueue(on.started);
      await log.waitForLine((line) => line.msg === 'mail not sent: will retry');

      const ready = await supertest(on.started.app.callback()).get('/readyz');
      expect(ready.status).to.equal(200);
      expect(ready.body).to.deep.equal({ status: 'ok', checks: { database: 'ok' } });
    });
  });

  describe('with SMTP_URL=file:<dir>', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'gatehouse-outbox-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('writes each message to an .eml file and logs one line naming it', async () => {
      const log = captureLog();
      const started = await buildGatehouseApp({ ...BASE, SMTP_URL: `file:${dir}` }, log.logger);
      try {
        await enqueue(started);
        const line = await log.waitForLine((entry) => entry.msg === 'mail sent');
        const file = String(line.receipt);
        expect(file.startsWith(dir)).to.equal(true);
        const parsed = await simpleParser(await readFile(file));
        expect(parsed.subject).to.equal('Reset your Gatehouse password');
        expect(parsed.text).to.include(RESET.link);
        expect(log.lines().filter((entry) => String(entry.receipt ?? '').endsWith('.eml'))).to.have.length(1);
      } finally {
        await closeAll(started.gatehouse.resources);
      }
    });
  });
});
