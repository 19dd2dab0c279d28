import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { deliveryPolicy } from '../../src/application/mail/deliver-mail.js';
import type { OutgoingMail } from '../../src/application/mail/outgoing-mail.js';
import { KnexMailOutbox } from '../../src/infrastructure/mail/knex-mail-outbox.js';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { parseDatabaseUrl } from '../../src/infrastructure/persistence/database-url.js';
import { type AppProcess, startApp } from '../support/app-process.js';
import { requireServer } from '../support/servers.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { POSTGRES, type TestDatabase } from '../support/sql-servers.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/** Sends may take 2 s here, so a claim holds 3 s; a lapsed one waits 15 s more. */
const SEND_TIMEOUT_SECONDS = 2;
const POLICY = deliveryPolicy(SEND_TIMEOUT_SECONDS * 1000);

const changed = (to: string): OutgoingMail => ({ kind: 'password-changed', to });

/** Opens the app's database from outside, as a second process would. */
function openAppDatabase(url: string): Knex {
  const parsed = parseDatabaseUrl(url);
  if (typeof parsed === 'string') throw new Error(parsed);
  return openDatabase({ url: parsed, poolMax: 2 });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `test` every 50 ms until it holds; fails after `limitMs`. */
async function until(test: () => boolean | Promise<boolean>, limitMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > limitMs) throw new Error(`still not so after ${limitMs} ms`);
    await sleep(50);
  }
}

const logged = (app: AppProcess, msg: string) => app.lines.filter((line) => line.msg === msg);

describe('mail delivery when things fail (app processes, a real SMTP server)', function () {
  // Each waits out a lease and a lapsed grace (18 s), with two app processes starting.
  this.timeout(90_000);
  let smtp: TestSmtpServer;
  const apps: AppProcess[] = [];
  let db: Knex | undefined;

  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) {
      if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
      await app.exited;
    }
    await db?.destroy();
    db = undefined;
    await smtp.stop();
  });

  const start = async (env: Record<string, string>) => {
    const app = await startApp({
      SMTP_URL: smtp.url,
      SESSION_KEYS: 'mail-faults-process-test-key',
      MAIL_SEND_TIMEOUT_SECONDS: String(SEND_TIMEOUT_SECONDS),
      ...env,
    });
    apps.push(app);
    return app;
  };

  describe('on PostgreSQL, the database going away between SMTP accepting a message and its row being deleted', () => {
    let database: TestDatabase | undefined;
    let proxy: TcpProxy | undefined;
    before(async function () {
      await requireServer(this, POSTGRES.name, POSTGRES.answers);
      database = await POSTGRES.createDatabase();
    });
    after(async () => {
      await proxy?.close();
      await database?.drop();
    });

    it('sends the message once: its sender records it when the database is back, past the lease, and another sender waits for that', async () => {
      const { url, parsed } = database as TestDatabase;
      if (parsed.client === 'sqlite') throw new Error('a server database was expected');
      proxy = await startTcpProxy({ host: parsed.host, port: parsed.port });
      const throughProxy = new URL(url);
      throughProxy.hostname = '127.0.0.1';
      throughProxy.port = String(proxy.port);
      db = openAppDatabase(url);
      await migrateToLatest(db);

      smtp.stall('data');
      const sender = await start({ DATABASE_URL: throughProxy.toString() });
      await new KnexMailOutbox(db).enqueue(changed('ada@example.com'), Date.now());
      await until(() => smtp.holding === 1);

      // SMTP has the message; the database goes away before the answer reaches the app.
      proxy.cut();
      smtp.accept();
      await sender.waitForLine((line) => line.msg === 'mail sent but not recorded: recording it again until the database answers');
      expect(smtp.received).to.have.length(1);

      // Another process, which still reaches the database, starts while the first cannot,
      // and finds the claim lapsed: it releases it and waits the grace before taking it.
      const other = await start({ DATABASE_URL: url });
      await until(async () => (await db?.('mail_outbox').first('claim'))?.claim === null);
      const released = Date.now();

      proxy.restore();
      await sender.waitForLine((line) => line.msg === 'mail recorded as sent, the database answering again');
      expect(await db('mail_outbox').count({ count: '*' })).to.deep.equal([{ count: '0' }]);

      // Past the grace, nothing was sent again by either.
      await sleep(Math.max(0, released + POLICY.lapsedGraceMs + 2000 - Date.now()));
      expect(smtp.received.map((mail) => mail.envelope.to)).to.deep.equal([['ada@example.com']]);
      expect(logged(sender, 'mail sent')).to.have.length(1);
      expect(logged(other, 'mail sent')).to.have.length(0);
      expect(logged(sender, 'mail delivery pass failed; trying again')).to.have.length(1);
    });
  });

  describe('on SQLite, a sender killed mid-send', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'gatehouse-mail-faults-'));
    });
    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    it('delays only the message it held, and that one by at most its lease and the lapsed grace', async () => {
      const env = { DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}` };
      db = openAppDatabase(env.DATABASE_URL);
      await migrateToLatest(db);
      const outbox = new KnexMailOutbox(db);
      const recipients = Array.from({ length: 5 }, (_, n) => `user${n}@example.com`);
      for (const [n, to] of recipients.entries()) await outbox.enqueue(changed(to), Date.now() + n);

      smtp.stall('data');
      const doomed = await start(env);
      await until(() => smtp.holding === 1);
      const claimedAt = Date.now();
      doomed.child.kill('SIGKILL');
      expect(await doomed.exited).to.equal('SIGKILL');
      // The message in flight never got its answer: the server drops it, and takes the next ones.
      await smtp.stop();
      smtp.accept();
      await smtp.start();
      expect(await db('mail_outbox').whereNotNull('claim').pluck('payload')).to.have.length(1);

      const survivor = await start(env);
      const startedAt = Date.now();
      const others = await smtp.waitForMessages(4);
      const othersAfterMs = Date.now() - startedAt;
      const [held] = recipients.filter((to) => !others.some((mail) => mail.envelope.to.includes(to)));
      expect(held).to.equal('user0@example.com');
      await smtp.waitForMail(held as string);
      const heldAfterMs = Date.now() - claimedAt;

      expect(smtp.received.flatMap((mail) => mail.envelope.to).sort()).to.deep.equal(recipients);
      expect(othersAfterMs).to.be.below(5000);
      expect(heldAfterMs).to.be.at.least(POLICY.leaseMs);
      expect(heldAfterMs).to.be.below(POLICY.leaseMs + POLICY.lapsedGraceMs + 5000);
      const sent = await survivor.waitForLine((line) => line.msg === 'mail sent' && line.to === held);
      expect(sent).to.include({ attempt: 2 });
    });
  });
});
